import Analysis
import Foundation
import Geometry
import Projection
import Scientific
import Smoothing
import Tracking

/// Nelder–Mead refinement of multi-parameter filters from the grid's best point.
extension Tuner {
    /// Nelder–Mead over the swept parameters (normalised to [0, 1] over their ranges) at a fixed scale.
    /// Outside the box the point is clamped and penalised; an infeasible point costs 10³ + its normalised
    /// violation, so the simplex stays in the feasible region.
    static func refine(
        _ context: TuneContext, from start: [Double], scale s: Double, scaleIndex: Int, objective: TuneObjective,
        constraints: [TuneConstraint], app: TuneMetrics
    ) throws -> (Refinement, TuneMetrics) {
        let axes = context.sweep.axes
        let lows = axes.map { $0.values.first! }
        let spans = axes.map { max($0.values.last! - $0.values.first!, 1e-12) }
        let effect = context.effect(s)
        var failure: Error?
        func point(_ u: [Double]) -> (values: [Double], outside: Double) {
            var outside = 0.0
            let values = u.indices.map { i -> Double in
                let clamped = min(max(u[i], 0), 1)
                outside += (u[i] - clamped) * (u[i] - clamped)
                return lows[i] + clamped * spans[i]
            }
            return (values, outside)
        }
        func metrics(_ values: [Double]) throws -> (TuneMetrics, SmootherSpec) {
            let spec = try context.sweep.spec(Dictionary(uniqueKeysWithValues: zip(axes.map(\.name), values)))
            let pooled = try context.pooled(spec)
            return (TuneResult.metrics(rampLagMs: pooled.lagMs, jitterMm: pooled.jitterMm, errors: pooled.errors(s), effect: effect), spec)
        }
        func cost(_ metrics: TuneMetrics) -> Double {
            guard let value = objective.value(metrics) else { return 1e6 }
            var violation = 0.0
            for constraint in constraints {
                guard let v = constraint.violation(metrics, app: app) else { return 1e6 }
                violation += v / max(abs(constraint.limit(app: app) ?? 1), 1e-9)
            }
            return violation > 0 ? 1e3 + violation : value
        }
        let u0 = zip(start, zip(lows, spans)).map { ($0 - $1.0) / $1.1 }
        var options = NelderMead.Options()
        options.sizeTolerance = 1e-3
        options.maxIterations = 200
        let result = NelderMead.minimize(start: u0, steps: u0.map { $0 > 0.9 ? -0.1 : 0.1 }, options: options) { u in
            guard failure == nil else { return .infinity }
            let (values, outside) = point(u)
            do {
                return cost(try metrics(values).0) + 1e3 * outside
            } catch {
                failure = error
                return .infinity
            }
        }
        if let failure { throw failure }
        let (values, _) = point(result.x)
        let (final, spec) = try metrics(values)
        let value = objective.value(final) ?? .infinity
        let ok = feasible(final, constraints, app: app) && value.isFinite
        return (Refinement(startValues: start, values: values, smoother: spec.description, movementScale: s,
                           objective: ok ? value : cost(final), feasible: ok, iterations: result.iterations,
                           converged: result.converged), final)
    }
}
