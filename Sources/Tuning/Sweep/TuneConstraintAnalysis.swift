import Foundation
import Vocabulary

/// What decided the recommendation, in words: whether it is the app's own setting ("keep the current settings"),
/// which constraint binds it (dropping it would give a better objective) and what relaxing that constraint by
/// one grid step — to the nearest grid point beyond its bound that improves the objective — would buy.
extension Tuner {
    /// True when the recommended point is the app's own configuration: the shipped one (ema α = 0.25, s = 1.5) of a
    /// model sweep, spec for spec; for an app sweep the settings the app holds as built (read back from the code in
    /// Float: within its rounding).
    static func isAppSetting(_ r: Recommendation, result: TuneResult) -> Bool {
        guard let app = result.app, result.isAppSweep else {
            return r.smoother == result.appDefault.smoother && r.movementScale == result.appDefault.movementScale
        }
        let same = { (a: Double, b: Double) in abs(a - b) <= 1e-6 * max(1, abs(b)) }
        return same(r.values.first ?? app.built.smoothingAlpha, app.built.smoothingAlpha) && same(r.movementScale, app.built.movementScale)
    }

    /// One sentence per constraint: binding or not and, when binding, the next grid point beyond it and its objective.
    static func constraintLines(_ r: Recommendation, result: TuneResult, objective: TuneObjective, constraints: [TuneConstraint]) -> [String] {
        let app = result.appDefault.metrics
        return constraints.map { constraint in
            let others = constraints.filter { $0 != constraint }
            // The grid points the other constraints allow that beat the recommendation, nearest to this bound first.
            var nearest: (violation: Double, value: Double, c: ConfigurationResult, k: Int, metrics: TuneMetrics)?
            for c in result.configurations {
                for k in result.movementScales.indices {
                    let metrics = result.metrics(c, scale: k)
                    guard let value = objective.value(metrics), value < r.objective, feasible(metrics, others, app: app),
                          let violation = constraint.violation(metrics, app: app), violation > 0 else { continue }
                    if nearest == nil || (violation, value) < (nearest!.violation, nearest!.value) { nearest = (violation, value, c, k, metrics) }
                }
            }
            let limit = constraint.limit(app: app).map { format($0, 4) } ?? "n/a"
            guard let nearest else {
                return "\(constraint.description) (\(limit)) is not binding: no grid point the other constraints allow does better without it"
            }
            let relaxed = nearest.metrics[constraint.metric].map { format($0, 4) } ?? "n/a"
            let change = r.objective == 0 ? "" : String(format: " (%+.0f %%)", (nearest.value - r.objective) / abs(r.objective) * 100)
            return "\(constraint.description) (\(limit)) decides it (binding): relaxed one grid step, to \(constraint.metric.rawValue) \(constraint.relation.rawValue) \(relaxed) "
                + "(\((zip(result.parameters, nearest.c.values).map { "\($0.0 == "alpha" ? "α" : $0.0) = \(format($0.1, 4))" } + ["s = \(format(result.movementScales[nearest.k], 3))"]).joined(separator: ", "))), "
                + "\(objective.description) would be \(format(nearest.value, 3))\(change)"
        }
    }
}
