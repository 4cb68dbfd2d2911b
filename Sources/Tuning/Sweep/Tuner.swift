import Analysis
import Foundation
import Geometry
import Plumbing
import Projection
import Scientific
import Smoothing
import Tracking
import Vocabulary


/// Smoother-dependent metrics pooled over traces.
struct PooledPoint {
    var lagMs: Double?
    var jitterMm: Double?
    var tracking = QuadraticSums(), total = QuadraticSums(), visibleJitter = QuadraticSums()
    var trackingSwim = SwimSums(), totalSwim = SwimSums()

    init(_ results: [PointTraceMetrics]) {
        let lags = results.compactMap(\.lagSeconds), jitters = results.compactMap(\.jitterMm)
        lagMs = lags.isEmpty ? nil : lags.reduce(0, +) / Double(lags.count) * 1000
        jitterMm = jitters.isEmpty ? nil : jitters.reduce(0, +) / Double(jitters.count)
        for r in results {
            tracking.merge(r.tracking)
            total.merge(r.total)
            visibleJitter.merge(r.visibleJitter)
            trackingSwim.merge(r.trackingSwim)
            totalSwim.merge(r.totalSwim)
        }
    }

    func errors(_ s: Double) -> ScaleErrors {
        let t = tracking.rms(s) ?? (0, 0), c = total.rms(s) ?? (0, 0), j = visibleJitter.rms(s)
        return ScaleErrors(visibleJitterPx: j?.px, visibleJitterMm: j?.mm, trackingPx: t.px, trackingMm: t.mm,
                           totalPx: c.px, totalMm: c.mm, swimTrackingDegS: trackingSwim.rms(s), swimTotalDegS: totalSwim.rms(s))
    }
}

/// Sweeps, sharding, merging, the Pareto front, the recommendation and the Nelder–Mead refinement.
package enum Tuner {
    /// The full sweep: the single part 1/1, through the same JSON round trip and merge as sharded runs,
    /// so both give the same bytes.
    package static func run(_ context: TuneContext) throws -> TuneResult {
        let part = try evaluate(context, shard: ShardInfo(index: 1, count: 1))
        let decoded = try TuneResult.decode(try part.jsonData(), name: "part 1/1")
        return try merge([decoded], context: context)
    }

    /// Evaluates the grid points whose index ≡ shard.index − 1 (mod shard.count), at every scale.
    package static func evaluate(_ context: TuneContext, shard: ShardInfo) throws -> TuneResult {
        guard shard.count >= 1, (1...shard.count).contains(shard.index) else {
            throw FieldError("shard", expected: "i/n with 1 ≤ i ≤ n", found: "\(shard.index)/\(shard.count)")
        }
        let sweep = context.sweep
        let indices = Array(stride(from: shard.index - 1, to: sweep.count, by: shard.count))
        let specs = try indices.map { try sweep.spec(at: $0) }
        let traces = context.traces.count
        // Work units: (point, trace), fixed; each result lands in its own slot.
        let units = try Parallel.map(specs.count * traces) { u in
            try TuneEvaluator.evaluate(specs[u / traces], on: context.traces[u % traces], core: context.core,
                                       points: context.points, ppm: context.ppm)
        }
        var configurations: [ConfigurationResult] = []
        for (k, index) in indices.enumerated() {
            let pooled = PooledPoint(Array(units[(k * traces)..<((k + 1) * traces)]))
            configurations.append(ConfigurationResult(
                index: index, smoother: specs[k].description, values: sweep.values(at: index), rampLagMs: pooled.lagMs,
                jitterMm: pooled.jitterMm, errors: context.scales.map { pooled.errors($0) }))
        }
        let appSpec = SmootherSpec.app
        let app = try context.pooled(appSpec)
        let appScale = TuneContext.appMovementScale
        let appMetrics = TuneResult.metrics(rampLagMs: app.lagMs, jitterMm: app.jitterMm, errors: app.errors(appScale),
                                            effect: context.effect(appScale))
        return TuneResult(
            kind: .partial, setup: context.setup, shard: shard, filter: sweep.kind.rawValue,
            parameters: sweep.axes.map(\.name), movementScales: context.scales, eyeDistanceM: context.eyeDistance,
            scales: context.scales.map { context.effect($0) },
            appDefault: AppDefaultResult(smoother: appSpec.description, movementScale: appScale, metrics: appMetrics),
            configurations: configurations, pareto: nil, recommendation: nil, refinement: nil, notes: traceNotes(context))
    }

    /// What the traces lack, one note each: ground truth, and what the metrics are then against.
    static func traceNotes(_ context: TuneContext) -> [String] {
        var notes: [String] = []
        for trace in context.traces where !trace.hasTruth {
            notes.append("\(trace.name): no ground truth; the reference is a centred 0.5 s moving average of the measured positions")
        }
        for name in context.traces.map(\.name) where context.estimatedReference.contains(name) {
            notes.append("\(name): no ground truth; every metric is against the reference estimate (RTS smoother of the measurements), not the truth")
        }
        return notes
    }

    /// Combines parts 1…n of one sweep into the full result (identical bytes to the unsharded run).
    /// `context` is needed only for the Nelder–Mead refinement; nil: built from the setup's trace files.
    package static func merge(_ parts: [TuneResult], context: TuneContext? = nil) throws -> TuneResult {
        guard let first = parts.first else { throw FieldError("parts", expected: "at least one tune part", found: "none") }
        for (k, part) in parts.enumerated() {
            // Parts are told apart 1-based, as the command line lists them.
            let field = FieldPath([.key("part \(k + 1)")])
            guard part.kind == .partial, let shard = part.shard else {
                throw FieldError(field, expected: "a tune part (kind tune-partial, one shard of a sweep)", found: "a '\(part.kind.rawValue)' result")
            }
            guard part.setup == first.setup else {
                throw FieldError(field, expected: "the sweep setup of part 1", found: "shard \(shard.index)/\(shard.count) from a different sweep setup")
            }
            guard part.scales == first.scales, part.appDefault == first.appDefault, part.eyeDistanceM == first.eyeDistanceM else {
                throw FieldError(field, expected: "the trace-only metrics of part 1", found: "shard \(shard.index)/\(shard.count) disagreeing with them")
            }
        }
        let n = first.shard!.count
        let present = parts.map { $0.shard! }
        guard present.allSatisfy({ $0.count == n }) else {
            throw FieldError("parts", expected: "one sweep's i/n for i = 1…n",
                             found: "parts from different shard counts (\(present.map { "\($0.index)/\($0.count)" }.joined(separator: ", ")))")
        }
        let have = Set(present.map(\.index))
        guard have.count == parts.count else { throw FieldError("parts", expected: "each i/\(n) once", found: "a shard given twice") }
        let missing = (1...n).filter { !have.contains($0) }
        guard missing.isEmpty else {
            throw FieldError("parts", expected: "all of 1/\(n)…\(n)/\(n)", found: "missing shard(s) \(missing.map { "\($0)/\(n)" }.joined(separator: ", "))")
        }
        var result = first
        result.kind = .full
        result.shard = nil
        result.configurations = parts.flatMap(\.configurations).sorted { $0.index < $1.index }
        guard result.configurations.map(\.index) == Array(0..<result.configurations.count) else {
            throw FieldError("parts", expected: "each grid point exactly once", found: "parts that do not hold them so")
        }
        try finalize(&result, context: context)
        return result
    }

    /// Pareto fronts, the recommendation, (for ≥ 2 swept parameters) the refinement and, for an EMA
    /// recommendation the app cannot be set to, the settability note.
    static func finalize(_ result: inout TuneResult, context given: TuneContext?) throws {
        let objective = try TuneObjective(result.setup.objective)
        let constraints = try result.setup.constraints.map { try TuneConstraint($0) }
        let app = result.appDefault.metrics
        result.pareto = result.movementScales.indices.map { k in
            ParetoFront(movementScale: result.movementScales[k], indices: paretoFront(result, scale: k))
        }
        // Recommendation: the feasible (config, scale) with the smallest objective; ties → lower index, scale.
        var best: (value: Double, c: Int, k: Int)?
        for (c, configuration) in result.configurations.enumerated() {
            for k in result.movementScales.indices {
                let metrics = result.metrics(configuration, scale: k)
                guard let value = objective.value(metrics), feasible(metrics, constraints, app: app) else { continue }
                if best == nil || value < best!.value { best = (value, c, k) }
            }
        }
        guard let best else {
            result.recommendation = nil
            let computable = result.configurations.contains { c in
                result.movementScales.indices.contains { objective.value(result.metrics(c, scale: $0)) != nil }
            }
            if computable {
                result.notes.append("no configuration meets the constraints \(constraints.map(\.description).joined(separator: ", "))")
            } else {
                result.notes.append("the objective \(objective.description) is not computable on these traces (visible jitter needs still frame pairs, lag needs motion): no configuration can be recommended")
            }
            return
        }
        let configuration = result.configurations[best.c]
        let s = result.movementScales[best.k]
        var recommendation = Recommendation(
            source: .grid, index: configuration.index, smoother: configuration.smoother, values: configuration.values,
            movementScale: s, metrics: result.metrics(configuration, scale: best.k), objective: best.value, reasoning: "")
        let sweep = result.setup.smoother.value
        if result.setup.refine && sweep.axes.count >= 2 {
            let context = try given ?? TuneContext(setup: result.setup)
            let refinement = try refine(context, from: configuration.values, scale: s, scaleIndex: best.k,
                                        objective: objective, constraints: constraints, app: app)
            result.refinement = refinement.0
            if refinement.0.feasible && refinement.0.objective < best.value {
                recommendation = Recommendation(
                    source: .nelderMead, index: nil, smoother: refinement.0.smoother, values: refinement.0.values,
                    movementScale: s, metrics: refinement.1, objective: refinement.0.objective, reasoning: "")
            }
        } else if sweep.axes.count >= 2 {
            result.notes.append("Nelder–Mead refinement turned off")
        }
        recommendation.reasoning = reasoning(recommendation, result: result, sweep: sweep, objective: objective,
                                             constraints: constraints)
        result.recommendation = recommendation
        // Part of the result, not of the command: a merge of shards carries it as the unsharded run does.
        if let note = AppSettingsGrid.settabilityNote(result) { result.notes.append(note) }
    }

}
