import Analysis
import Foundation
import Geometry
import Projection
import Scientific
import Smoothing
import Tracking

/// Everything a sweep needs, parsed and prepared: the grid, the scales, the screen, the traces.
public struct TuneContext: Sendable {
    public let setup: TuneSetup
    public let sweep: SweepSpec
    public let scales: [Double]
    public let screen: ScreenModel
    public let objective: TuneObjective
    public let constraints: [TuneConstraint]
    public let traces: [PreparedTrace]
    /// Traces without ground truth, measured against their reference estimate (`TruthlessTrace`).
    public let estimatedReference: Set<String>
    let core: OffAxisCore
    let points: [Vec3]
    let ppm: (x: Double, y: Double)
    /// Median reference eye distance, m.
    let eyeDistance: Double

    /// The app's shipped smoother and movement scale.
    public static let appSmoother = "ema:alpha=0.25"
    public static let appMovementScale = 1.5
    public static let defaultObjective = "visible_jitter_px"
    public static let defaultConstraints = ["lag_ms<=50", "gain_px_per_cm>=app"]

    /// Parses and validates the options; `traces` are (name, trace) pairs, in order.
    public init(
        smoother: String, movementScale: String, screen: String, traces: [(String, HeadTrace)],
        objective: String = TuneContext.defaultObjective, constraints: [String] = TuneContext.defaultConstraints,
        refine: Bool = true, roomDepth: Double = 0.30, settle: Double = JitterMetrics.Options().settle
    ) throws {
        sweep = try SweepSpec(smoother)
        let scaleRange = try ParameterRange(movementScale, name: "--movement-scale")
        scales = scaleRange.values
        if let bad = scales.first(where: { !($0 > 0 && $0 <= 10) }) {
            throw TuneError("--movement-scale: value \(bad) in '\(movementScale)' is out of range; expected values in (0, 10]")
        }
        do { self.screen = try ScreenModel.parse(screen) } catch {
            throw TuneError("--screen: \(error)")
        }
        self.objective = try TuneObjective(objective)
        self.constraints = try constraints.map { try TuneConstraint($0) }
        guard !traces.isEmpty else { throw TuneError("--traces: expected at least one trace CSV, found none") }
        guard roomDepth.isFinite, roomDepth > 0, roomDepth <= 10 else {
            throw TuneError("--room-depth: expected a depth in (0, 10] m, found \(roomDepth)")
        }
        let projection: OffAxisProjection
        do { projection = try OffAxisProjection(screen: self.screen, movementScale: 1) } catch {
            throw TuneError("--screen: \(error)")
        }
        core = projection.core
        ppm = self.screen.pixelsPerMeter
        points = ParallaxAccuracy.cubeRoomPoints(depth: roomDepth)
        guard settle.isFinite, settle >= 0, settle <= 10 else {
            throw TuneError("--settle: expected a time in [0, 10] s, found \(settle)")
        }
        let core = self.core, points = self.points, ppm = self.ppm
        self.traces = try traces.map {
            try PreparedTrace(name: $0.0, trace: TruthlessTrace($0.1)?.trace ?? $0.1, core: core, points: points, ppm: ppm, settle: settle)
        }
        estimatedReference = Set(traces.filter { $0.1.truth == nil }.map(\.0))
        var zs: [Double] = []
        for trace in self.traces { zs.append(contentsOf: trace.trueEyes.map(\.z)) }
        eyeDistance = Statistics.median(zs)
        setup = TuneSetup(
            smoother: sweep.text, movementScale: scaleRange.text, screen: screen,
            traces: traces.map { TuneSetup.TraceEntry(path: $0.0, samples: $0.1.count, fingerprint: Self.fingerprint($0.1)) },
            objective: self.objective.description, constraints: self.constraints.map(\.description), refine: refine,
            roomDepth: roomDepth, settle: settle)
    }

    /// Reads the trace files of a setup (for `merge`, which refines) and checks their fingerprints.
    public init(setup: TuneSetup) throws {
        var traces: [(String, HeadTrace)] = []
        for entry in setup.traces {
            let trace = try TraceCSVReader.read(contentsOf: entry.path)
            guard Self.fingerprint(trace) == entry.fingerprint else {
                throw TuneError("\(entry.path): the trace differs from the one the parts were computed on (fingerprint \(Self.fingerprint(trace)), expected \(entry.fingerprint))")
            }
            traces.append((entry.path, trace))
        }
        try self.init(setup: setup, traces: traces)
    }

    /// A setup with its traces given in memory.
    public init(setup: TuneSetup, traces: [(String, HeadTrace)]) throws {
        try self.init(smoother: setup.smoother, movementScale: setup.movementScale, screen: setup.screen, traces: traces,
                      objective: setup.objective, constraints: setup.constraints, refine: setup.refine, roomDepth: setup.roomDepth,
                      settle: setup.settle)
    }

    /// FNV-1a 64 over the sample times, positions, tracked flags and truth (bit patterns).
    public static func fingerprint(_ trace: HeadTrace) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ value: UInt64) {
            var v = value
            for _ in 0..<8 {
                hash ^= v & 0xFF
                hash = hash &* 0x0000_0100_0000_01B3
                v >>= 8
            }
        }
        for s in trace.samples {
            mix(s.t.bitPattern)
            mix(s.position.x.bitPattern)
            mix(s.position.y.bitPattern)
            mix(s.position.z.bitPattern)
            mix(s.tracked ? 1 : 0)
        }
        for p in trace.truth ?? [] {
            mix(p.x.bitPattern)
            mix(p.y.bitPattern)
            mix(p.z.bitPattern)
        }
        return String(hash, radix: 16)
    }

    /// Gain of the back wall at scale s, px per cm of head motion: s·D/(z + D)·ppm_x / 100.
    func gain(_ s: Double) -> Double {
        let depth = setup.roomDepth
        return s * depth / (eyeDistance + depth) * ppm.x / 100
    }

    func effect(_ s: Double) -> ScaleEffect {
        var sums = QuadraticSums()
        for trace in traces { sums.merge(trace.exaggeration) }
        let rms = sums.rms(1)!  // √(Σ|b₁|²/N); the error is (s − 1)·b₁
        return ScaleEffect(movementScale: s, gainPxPerCm: gain(s), exaggerationPx: abs(s - 1) * rms.px,
                           exaggerationMm: abs(s - 1) * rms.mm)
    }

    /// Pooled metrics of one smoother spec over every trace (traces evaluated in parallel, combined in order).
    func pooled(_ spec: SmootherSpec) throws -> PooledPoint {
        let results = try Tuner.parallelMap(count: traces.count) { t in
            try TuneEvaluator.evaluate(spec, on: traces[t], core: core, points: points, ppm: ppm)
        }
        return PooledPoint(results)
    }
}

/// Smoother-dependent metrics pooled over traces.
struct PooledPoint {
    var lagMs: Double?
    var jitterMm: Double?
    var tracking = QuadraticSums(), total = QuadraticSums(), visibleJitter = QuadraticSums()

    init(_ results: [PointTraceMetrics]) {
        let lags = results.compactMap(\.lagSeconds), jitters = results.compactMap(\.jitterMm)
        lagMs = lags.isEmpty ? nil : lags.reduce(0, +) / Double(lags.count) * 1000
        jitterMm = jitters.isEmpty ? nil : jitters.reduce(0, +) / Double(jitters.count)
        for r in results {
            tracking.merge(r.tracking)
            total.merge(r.total)
            visibleJitter.merge(r.visibleJitter)
        }
    }

    func errors(_ s: Double) -> ScaleErrors {
        let t = tracking.rms(s) ?? (0, 0), c = total.rms(s) ?? (0, 0), j = visibleJitter.rms(s)
        return ScaleErrors(visibleJitterPx: j?.px, visibleJitterMm: j?.mm, trackingPx: t.px, trackingMm: t.mm,
                           totalPx: c.px, totalMm: c.mm)
    }
}

/// Sweeps, sharding, merging, the Pareto front, the recommendation and the Nelder–Mead refinement.
public enum Tuner {
    /// The full sweep: the single part 1/1, through the same JSON round trip and merge as sharded runs,
    /// so both give the same bytes.
    public static func run(_ context: TuneContext) throws -> TuneResult {
        let part = try evaluate(context, shard: ShardInfo(index: 1, count: 1))
        let decoded = try TuneResult.decode(try part.jsonData(), name: "part 1/1")
        return try merge([decoded], context: context)
    }

    /// Evaluates the grid points whose index ≡ shard.index − 1 (mod shard.count), at every scale.
    public static func evaluate(_ context: TuneContext, shard: ShardInfo) throws -> TuneResult {
        guard shard.count >= 1, (1...shard.count).contains(shard.index) else {
            throw TuneError("--shard: expected i/n with 1 ≤ i ≤ n, found \(shard.index)/\(shard.count)")
        }
        let sweep = context.sweep
        let indices = Array(stride(from: shard.index - 1, to: sweep.count, by: shard.count))
        let specs = try indices.map { try sweep.spec(at: $0) }
        let traces = context.traces.count
        // Work units: (point, trace), fixed; each result lands in its own slot.
        let units = try parallelMap(count: specs.count * traces) { u in
            try TuneEvaluator.evaluate(specs[u / traces], on: context.traces[u % traces], core: context.core,
                                       points: context.points, ppm: context.ppm)
        }
        var configurations: [ConfigurationResult] = []
        for (k, index) in indices.enumerated() {
            let pooled = PooledPoint(Array(units[(k * traces)..<((k + 1) * traces)]))
            configurations.append(ConfigurationResult(
                index: index, smoother: specs[k].description, values: sweep.values(at: index), lagMs: pooled.lagMs,
                jitterMm: pooled.jitterMm, errors: context.scales.map { pooled.errors($0) }))
        }
        let appSpec = try SmootherSpec(TuneContext.appSmoother)
        let app = try context.pooled(appSpec)
        let appScale = TuneContext.appMovementScale
        let appMetrics = TuneResult.metrics(lagMs: app.lagMs, jitterMm: app.jitterMm, errors: app.errors(appScale),
                                            effect: context.effect(appScale))
        var notes: [String] = []
        for trace in context.traces where !trace.hasTruth {
            notes.append("\(trace.name): no ground truth; the reference is a centred 0.5 s moving average of the measured positions")
        }
        for name in context.traces.map(\.name) where context.estimatedReference.contains(name) {
            notes.append("\(name): no ground truth; every metric is against the reference estimate (RTS smoother of the measurements), not the truth")
        }
        return TuneResult(
            kind: TuneResult.kindPartial, setup: context.setup, shard: shard, filter: sweep.kind.rawValue,
            parameters: sweep.axes.map(\.name), movementScales: context.scales, eyeDistanceM: context.eyeDistance,
            scales: context.scales.map { context.effect($0) },
            appDefault: AppDefaultResult(smoother: appSpec.description, movementScale: appScale, metrics: appMetrics),
            configurations: configurations, pareto: nil, recommendation: nil, refinement: nil, notes: notes)
    }

    /// Combines parts 1…n of one sweep into the full result (identical bytes to the unsharded run).
    /// `context` is needed only for the Nelder–Mead refinement; nil: built from the setup's trace files.
    public static func merge(_ parts: [TuneResult], context: TuneContext? = nil) throws -> TuneResult {
        guard let first = parts.first else { throw TuneError("merge: expected at least one part, found none") }
        for (k, part) in parts.enumerated() {
            guard part.kind == TuneResult.kindPartial, let shard = part.shard else {
                throw TuneError("merge: part \(k + 1) is a '\(part.kind)' result; expected a tune part (written by tune --shard i/n)")
            }
            guard part.setup == first.setup else {
                throw TuneError("merge: part \(k + 1) (shard \(shard.index)/\(shard.count)) comes from a different sweep setup than part 1")
            }
            guard part.scales == first.scales, part.appDefault == first.appDefault, part.eyeDistanceM == first.eyeDistanceM else {
                throw TuneError("merge: part \(k + 1) (shard \(shard.index)/\(shard.count)) disagrees with part 1 on the trace-only metrics")
            }
        }
        let n = first.shard!.count
        let present = parts.map { $0.shard! }
        guard present.allSatisfy({ $0.count == n }) else {
            throw TuneError("merge: parts from different shard counts (\(present.map { "\($0.index)/\($0.count)" }.joined(separator: ", "))); expected one sweep's i/n for i = 1…n")
        }
        let have = Set(present.map(\.index))
        guard have.count == parts.count else { throw TuneError("merge: a shard is given twice; expected each i/\(n) once") }
        let missing = (1...n).filter { !have.contains($0) }
        guard missing.isEmpty else {
            throw TuneError("merge: missing shard(s) \(missing.map { "\($0)/\(n)" }.joined(separator: ", ")); expected all of 1/\(n)…\(n)/\(n)")
        }
        var result = first
        result.kind = TuneResult.kindFull
        result.shard = nil
        result.configurations = parts.flatMap(\.configurations).sorted { $0.index < $1.index }
        guard result.configurations.map(\.index) == Array(0..<result.configurations.count) else {
            throw TuneError("merge: the parts do not hold each grid point exactly once")
        }
        try finalize(&result, context: context)
        return result
    }

    /// Pareto fronts, the recommendation and (for ≥ 2 swept parameters) the refinement.
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
            source: "grid", index: configuration.index, smoother: configuration.smoother, values: configuration.values,
            movementScale: s, metrics: result.metrics(configuration, scale: best.k), objective: best.value, reasoning: "")
        let sweep = try SweepSpec(result.setup.smoother)
        if result.setup.refine && sweep.axes.count >= 2 {
            let context = try given ?? TuneContext(setup: result.setup)
            let refinement = try refine(context, from: configuration.values, scale: s, scaleIndex: best.k,
                                        objective: objective, constraints: constraints, app: app)
            result.refinement = refinement.0
            if refinement.0.feasible && refinement.0.objective < best.value {
                recommendation = Recommendation(
                    source: "nelder-mead", index: nil, smoother: refinement.0.smoother, values: refinement.0.values,
                    movementScale: s, metrics: refinement.1, objective: refinement.0.objective, reasoning: "")
            }
        } else if sweep.axes.count >= 2 {
            result.notes.append("Nelder–Mead refinement turned off (--no-refine)")
        }
        recommendation.reasoning = reasoning(recommendation, result: result, sweep: sweep, objective: objective,
                                             constraints: constraints)
        result.recommendation = recommendation
    }

    static func feasible(_ metrics: TuneMetrics, _ constraints: [TuneConstraint], app: TuneMetrics) -> Bool {
        constraints.allSatisfy { $0.violation(metrics, app: app) == 0 }
    }

    /// Indices of the configurations not dominated in (lag, visible jitter) at scale index k, by lag.
    /// A configuration is dominated when another has lag ≤ and jitter ≤ with one strictly smaller; of equal
    /// (lag, jitter) pairs the lower index is kept. Configurations missing either metric are left out.
    static func paretoFront(_ result: TuneResult, scale k: Int) -> [Int] {
        var candidates: [(lag: Double, jitter: Double, index: Int)] = []
        for c in result.configurations {
            guard let lag = c.lagMs, let jitter = c.errors[k].visibleJitterPx else { continue }
            candidates.append((lag, jitter, c.index))
        }
        candidates.sort { ($0.lag, $0.jitter, $0.index) < ($1.lag, $1.jitter, $1.index) }
        var front: [Int] = []
        var bestJitter = Double.infinity
        for candidate in candidates where candidate.jitter < bestJitter {
            front.append(candidate.index)
            bestJitter = candidate.jitter
        }
        return front
    }

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
            return (TuneResult.metrics(lagMs: pooled.lagMs, jitterMm: pooled.jitterMm, errors: pooled.errors(s), effect: effect), spec)
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

    /// "α = 0.18, s = 1.5: visible jitter 0.21 px, lag 43 ms, …; α = 0.25, s = 1.5 (the app's default) is 0.27 px / 50 ms".
    static func reasoning(_ r: Recommendation, result: TuneResult, sweep: SweepSpec, objective: TuneObjective,
                          constraints: [TuneConstraint]) -> String {
        let app = result.appDefault
        func label(_ names: [String], _ values: [Double], filter: String, s: Double) -> String {
            let parameters = zip(names, values).map { "\($0.0 == "alpha" ? "α" : $0.0) = \(format($0.1, 4))" }
            let head = filter == "ema" ? "" : "\(filter) "
            return head + (parameters + ["s = \(format(s, 3))"]).joined(separator: ", ")
        }
        let name = label(result.parameters, r.values, filter: result.filter, s: r.movementScale)
        let m = r.metrics
        var text = "\(name): visible jitter \(px(m.visibleJitterPx)) px, lag \(ms(m.lagMs)) ms"
        text += ", stationary jitter \(optional(m.jitterMm, 3)) mm, tracking error \(format(m.trackingPx, 3)) px"
        text += ", effect \(format(m.gainPxPerCm, 3)) px/cm"
        let appLabel = (result.filter == "ema" ? "α = 0.25" : "ema α = 0.25") + ", s = \(format(app.movementScale, 3))"
        text += "; \(appLabel) (the app's default) is \(px(app.metrics.visibleJitterPx)) px / \(ms(app.metrics.lagMs)) ms"
        let failed = constraints.filter { ($0.violation(app.metrics, app: app.metrics) ?? 1) > 0 }
        if !failed.isEmpty { text += " and fails \(failed.map(\.description).joined(separator: ", "))" }
        text += ". Minimises \(objective.description)"
        if !constraints.isEmpty {
            text += " subject to " + constraints.map { c in
                c.bound == nil ? "\(c.description) (= \(optional(c.limit(app: app.metrics), 4)))" : c.description
            }.joined(separator: ", ")
        }
        if r.source == "nelder-mead" { text += "; refined by Nelder–Mead from the grid's best point" }
        return text + "."
    }

    static func format(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)g", value) }
    static func optional(_ value: Double?, _ digits: Int) -> String { value.map { format($0, digits) } ?? "n/a" }
    static func px(_ value: Double?) -> String { value.map { String(format: "%.2f", $0) } ?? "n/a" }
    static func ms(_ value: Double?) -> String { value.map { String(format: "%.0f", $0) } ?? "n/a" }

    /// `body(i)` for i in 0..<count over `concurrentPerform`; results in index order, the first error thrown.
    static func parallelMap<T>(count: Int, _ body: (Int) throws -> T) throws -> [T] {
        var slots = [Result<T, Error>?](repeating: nil, count: count)
        slots.withUnsafeMutableBufferPointer { buffer in
            let base = UnsafeSendable(buffer)
            withoutActuallyEscaping(body) { body in
                let work = UnsafeSendable(body)
                DispatchQueue.concurrentPerform(iterations: count) { i in
                    base.value[i] = Result { try work.value(i) }
                }
            }
        }
        return try slots.map { try $0!.get() }
    }

    struct UnsafeSendable<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}
