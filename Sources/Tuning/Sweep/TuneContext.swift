import Analysis
import Foundation
import Geometry
import Plumbing
import Projection
import Scientific
import Smoothing
import Tracking
import Vocabulary

/// Everything a sweep needs, parsed and prepared: the grid, the scales, the screen, the traces.
package struct TuneContext: Sendable {
    package let setup: TuneSetup
    package let sweep: SweepSpec
    package let scales: [Double]
    package let screen: ScreenModel
    package let objective: TuneObjective
    package let constraints: [TuneConstraint]
    package let traces: [PreparedTrace]
    /// Traces without ground truth, measured against their reference estimate (`TruthlessTrace`).
    package let estimatedReference: Set<String>
    let core: OffAxisCore
    let points: [Vec3]
    let ppm: (x: Double, y: Double)
    /// Median reference eye distance, m.
    let eyeDistance: Double

    /// The app's shipped smoother and movement scale.
    package static let appSmoother = AppDefaults.smootherSpec
    package static let appMovementScale = AppDefaults.movementScale
    package static let defaultObjective = MetricDescriptor.visibleJitterPx.name
    package static let defaultConstraints = ["\(MetricDescriptor.rampLagMs.name)<=50", "\(MetricDescriptor.gainPxPerCm.name)>=app"]

    /// Parses and validates a setup given as text (tune.json); errors name the field.
    package init(
        smoother: String, movementScale: String, screen: String, traces: [(String, HeadTrace)],
        objective: String = TuneContext.defaultObjective, constraints: [String] = TuneContext.defaultConstraints,
        refine: Bool = true, roomDepth: Double = 0.30, settle: Double = JitterMetrics.Options().settle
    ) throws {
        try self.init(sweep: try SweepSpec(parsing: smoother), movementScales: try ParameterRange(movementScale, name: "movement_scale"),
                      screen: try Parsed(parsing: screen), traces: traces, objective: try TuneObjective(objective),
                      constraints: try constraints.map { try TuneConstraint($0) }, refine: refine, roomDepth: roomDepth, settle: settle)
    }

    /// Validates the parsed options; `traces` are (name, trace) pairs, in order.
    package init(
        sweep: SweepSpec, movementScales scaleRange: ParameterRange, screen: Parsed<ScreenModel>, traces: [(String, HeadTrace)],
        objective: TuneObjective, constraints: [TuneConstraint], refine: Bool = true, roomDepth: Double = 0.30,
        settle: Double = JitterMetrics.Options().settle
    ) throws {
        self.sweep = sweep
        scales = scaleRange.values
        if let bad = scales.first(where: { !($0 > 0 && $0 <= 10) }) {
            throw FieldError("movement_scale", expected: "values in (0, 10]", found: "\(bad) in '\(scaleRange.text)'")
        }
        self.screen = screen.value
        self.objective = objective
        self.constraints = constraints
        guard !traces.isEmpty else { throw FieldError("traces", expected: "at least one trace CSV", found: "none") }
        guard roomDepth.isFinite, roomDepth > 0, roomDepth <= 10 else {
            throw FieldError("room_depth", expected: "a depth in (0, 10] m", found: "\(roomDepth)")
        }
        let projection: OffAxisProjection
        do { projection = try OffAxisProjection(screen: self.screen, movementScale: 1) } catch let error as FieldError {
            throw error.under(FieldPath("screen"))
        }
        core = projection.core
        ppm = self.screen.pixelsPerMeter
        points = ParallaxAccuracy.cubeRoomPoints(depth: roomDepth)
        guard settle.isFinite, settle >= 0, settle <= 10 else {
            throw FieldError("settle", expected: "a time in [0, 10] s", found: "\(settle)")
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
            smoother: Parsed(text: sweep.text, value: sweep), movementScale: scaleRange.text, screen: screen.text,
            traces: traces.map { TuneSetup.TraceEntry(path: $0.0, samples: $0.1.count, fingerprint: Self.fingerprint($0.1)) },
            objective: self.objective.description, constraints: self.constraints.map(\.description), refine: refine,
            roomDepth: roomDepth, settle: settle)
    }

    /// Reads the trace files of a setup (for `merge`, which refines) and checks their fingerprints.
    package init(setup: TuneSetup) throws {
        var traces: [(String, HeadTrace)] = []
        for entry in setup.traces {
            let trace = try TraceCSVReader.read(contentsOf: entry.path)
            guard Self.fingerprint(trace) == entry.fingerprint else {
                throw FieldError(FieldPath(), expected: "the trace the parts were computed on (fingerprint \(entry.fingerprint))",
                                 found: "a different trace (fingerprint \(Self.fingerprint(trace)))", file: entry.path)
            }
            traces.append((entry.path, trace))
        }
        try self.init(setup: setup, traces: traces)
    }

    /// A setup with its traces given in memory.
    package init(setup: TuneSetup, traces: [(String, HeadTrace)]) throws {
        try self.init(sweep: setup.smoother.value, movementScales: try ParameterRange(setup.movementScale, name: "movement_scale"),
                      screen: try Parsed(parsing: setup.screen), traces: traces, objective: try TuneObjective(setup.objective),
                      constraints: try setup.constraints.map { try TuneConstraint($0) }, refine: setup.refine,
                      roomDepth: setup.roomDepth, settle: setup.settle)
    }

    /// FNV-1a 64 over the sample times, positions, tracked flags and truth (bit patterns).
    package static func fingerprint(_ trace: HeadTrace) -> String {
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
    func gain(_ s: Double, eyeDistance z: Double) -> Double {
        let depth = setup.roomDepth
        return s * depth / (z + depth) * ppm.x / 100
    }

    /// What depends on the scale only, over all traces or the traces at `indices` (a multiset).
    func effect(_ s: Double, over indices: [Int]? = nil) -> ScaleEffect {
        var sums = QuadraticSums(), swim = SwimSums()
        for t in indices ?? Array(traces.indices) {
            sums.merge(traces[t].exaggeration)
            swim.merge(traces[t].exaggerationSwim)
        }
        let rms = sums.rms(1)!  // √(Σ|b₁|²/N); the error is (s − 1)·b₁
        // Subsets (bootstrap resamples) select the median in O(n): it may differ from the sorted one in the last bit.
        let z = indices.map { subset in
            var distances = subset.flatMap { traces[$0].trueEyes.map(\.z) }
            return distances.withUnsafeMutableBufferPointer { Statistics.quantile(selectingIn: $0, 0.5) }
        } ?? eyeDistance
        return ScaleEffect(movementScale: s, gainPxPerCm: gain(s, eyeDistance: z), exaggerationPx: abs(s - 1) * rms.px,
                           exaggerationMm: abs(s - 1) * rms.mm, swimExaggerationDegS: swim.rms(1).map { abs(s - 1) * $0 })
    }

    /// Pooled metrics of one smoother spec over every trace (traces evaluated in parallel, combined in order).
    func pooled(_ spec: SmootherSpec) throws -> PooledPoint {
        PooledPoint(try perTrace(spec))
    }
}

extension TuneContext {
    /// The smoother-dependent metrics of `spec` on each trace, in order (evaluated in parallel).
    func perTrace(_ spec: SmootherSpec) throws -> [PointTraceMetrics] {
        try Parallel.map(traces.count) { t in
            try TuneEvaluator.evaluate(spec, on: traces[t], core: core, points: points, ppm: ppm)
        }
    }

    /// The metrics at scale s pooled over the traces at `indices` (a multiset: a bootstrap resample may repeat
    /// a trace), from per-trace results of `perTrace`: exactly what a sweep on those traces alone reports.
    func metrics(_ perTrace: [PointTraceMetrics], at indices: [Int], scale s: Double) -> TuneMetrics {
        let pooled = PooledPoint(indices.map { perTrace[$0] })
        let effect = self.effect(s, over: indices)
        return TuneResult.metrics(rampLagMs: pooled.lagMs, jitterMm: pooled.jitterMm, errors: pooled.errors(s), effect: effect)
    }
}
