import Analysis
import Foundation
import Geometry
import Projection
import Smoothing
import Tracking
import Vocabulary

/// Sums of squares of an on-glass error that is affine in the movement scale, e(s) = u₀ + s·u₁ (2D, meters):
/// Σ|e(s)|² = s00 + 2s·s01 + s²·s11, kept weighted by pixels² (px) and unweighted (m²).
///
/// Every on-glass position of the app's translate-view projection is affine in s: for a point (X, Y, Z)
/// and head (hx, hy, hz) with ez = max(zMin, hz), x = ez·X/(ez − Z) + s·(−hx·Z/(ez − Z)) (same for y). So
/// tracking (A − B), total (A − C) and frame-to-frame differences are affine too, and one pass over the
/// frames gives their RMS at every movement scale exactly — no per-scale projection.
package struct QuadraticSums: Codable, Equatable, Sendable {
    package var px = [0.0, 0.0, 0.0]
    package var m = [0.0, 0.0, 0.0]
    package var count = 0

    package init() {}

    mutating func merge(_ other: QuadraticSums) {
        for k in 0..<3 {
            px[k] += other.px[k]
            m[k] += other.m[k]
        }
        count += other.count
    }

    /// RMS at scale s: (pixels, millimetres); nil when nothing was accumulated.
    package func rms(_ s: Double) -> (px: Double, mm: Double)? {
        guard count > 0 else { return nil }
        let n = Double(count)
        let px = max(0, self.px[0] + 2 * s * self.px[1] + s * s * self.px[2]) / n
        let m = max(0, self.m[0] + 2 * s * self.m[1] + s * s * self.m[2]) / n
        return (px.squareRoot(), m.squareRoot() * 1000)
    }
}

/// One trace prepared for many smoother evaluations: everything that does not depend on the smoother is
/// computed once (uniform grid of the reference, stationary segments, the measured positions' own ramp
/// lag, the true eyes, still frame pairs, the exaggeration sums).
package struct PreparedTrace: Sendable {
    package let name: String
    package let samples: [HeadSample]
    /// Ground truth, or (stated in the notes) a centred 0.5 s moving average of the measured positions.
    package let reference: [Vec3]
    package let hasTruth: Bool
    let rate: Double
    /// Intervals longer than this are timing gaps (`TraceBreaks`).
    let gapThreshold: Double
    let gridReference: [Vec3]
    let gridTruth: [Vec3]?
    let valid: [Bool]
    let segments: [Range<Int>]
    let baselineRamp: Double?
    let baselineVelocity: Double?
    /// Eyes of the reference head at movement scale 1 (x, y after the head-frame conversion; z clamped).
    let trueEyes: [Vec3]
    /// still[i]: the reference head moved slower than the still speed from frame i − 1 to i, and has done so
    /// for at least the settle time.
    let still: [Bool]
    /// Σ|b₁|² over frames × points: the exaggeration error is (s − 1)·b₁.
    package let exaggeration: QuadraticSums
    /// swimPair[i]: frames i − 1 and i form a pair the swim counts (Δt > 0, not across a timing gap).
    let swimPair: [Bool]
    /// Per frame × point, the Cholesky factor of the swim's quadratic form at the true eye for the pair ending at
    /// that frame (`SwimSums.factor`: l11, l21, l22); zeros where `swimPair` is false.
    let swimFactors: [Double]
    /// Σ over pairs × points of the form applied to Δb₁: the exaggeration swim is |s − 1|·√(s11/N).
    package let exaggerationSwim: SwimSums

    /// `settle`: still pairs within this many seconds of the last moving pair are left out of the visible
    /// jitter (the filter catching up after a motion is lag, not jitter) — as the stationary jitter in mm
    /// skips `JitterMetrics.Options.settle`. With 0 the definition is exactly `ParallaxAccuracy`'s.
    package init(name: String, trace: HeadTrace, core: OffAxisCore, points: [Vec3], ppm: (x: Double, y: Double),
                stillSpeed: Double = ParallaxAccuracy.defaultStillSpeed, settle: Double = JitterMetrics.Options().settle) throws {
        guard trace.count >= 3 else { throw FieldError(FieldPath(), expected: "at least 3 samples", found: "\(trace.count)", file: name) }
        self.name = name
        samples = trace.samples
        let measured = trace.samples.map(\.position)
        rate = UniformSeries.nominalRate(of: trace)
        hasTruth = trace.truth != nil
        reference = trace.truth ?? JitterMetrics.movingAverage(measured, width: Int((0.5 * rate).rounded()))
        // No lag or jitter across a timing gap.
        gapThreshold = TraceBreaks(samples: trace.samples).gapThreshold
        let grid = UniformSeries(samples: trace.samples, signals: [measured, reference], rate: rate, maxInterval: gapThreshold)
        valid = grid.valid
        let gridMeasured = grid.signals[0]
        gridTruth = hasTruth ? grid.signals[1] : nil
        gridReference = grid.signals[1]
        segments = JitterMetrics.stationarySegments(reference: gridReference, valid: valid, rate: rate)
        baselineRamp = LagEstimator.rampLag(reference: gridReference, signal: gridMeasured, valid: valid, rate: rate)?.seconds
        baselineVelocity = baselineRamp == nil
            ? LagEstimator.velocityLag(reference: gridReference, signal: gridMeasured, valid: valid, rate: rate)?.seconds : nil
        var eyes = [Vec3](repeating: .zero, count: trace.count)
        var still = [Bool](repeating: false, count: trace.count)
        var exaggeration = QuadraticSums()
        var swimPair = [Bool](repeating: false, count: trace.count)
        var swimFactors = [Double](repeating: 0, count: 3 * points.count * trace.count)
        var exaggerationSwim = SwimSums()
        var e00 = 0.0, e01 = 0.0, e11 = 0.0
        var previousSlopes = [(x: Double, y: Double)](repeating: (0, 0), count: points.count)
        var lastMoving = trace.samples[0].t
        let wx = ppm.x * ppm.x, wy = ppm.y * ppm.y
        for i in 0..<trace.count {
            let eye: Vec3
            do { eye = try core.eye(head: reference[i]) } catch let error as FieldError {
                throw error.at("frame \(i + 1) (t = \(trace.samples[i].t) s)").located(file: name)
            }
            eyes[i] = eye
            if i > 0 {
                let dt = trace.samples[i].t - trace.samples[i - 1].t
                let moved = reference[i] - reference[i - 1]
                still[i] = dt <= gapThreshold && moved.dot(moved) <= (stillSpeed * dt) * (stillSpeed * dt)
                if !still[i] { lastMoving = trace.samples[i].t }
                if still[i] && trace.samples[i].t - lastMoving < settle { still[i] = false }
                swimPair[i] = dt > 0 && dt <= gapThreshold
            }
            for (j, p) in points.enumerated() {
                let b = OnGlass.affine(of: p, head: eye, inverseDepth: OnGlass.inverseDepth(of: p, from: eye))
                let (bx, by) = b.slope
                exaggeration.px[2] += bx * bx * wx + by * by * wy
                exaggeration.m[2] += bx * bx + by * by
                if swimPair[i] {
                    // The true on-glass point C = b₀ + b₁ (movement scale 1), seen from the true eye.
                    let f = SwimSums.factor(eye: eye, glassX: b.offset.x + bx, glassY: b.offset.y + by,
                                          interval: trace.samples[i].t - trace.samples[i - 1].t)
                    let base = 3 * (i * points.count + j)
                    swimFactors[base] = f.l11
                    swimFactors[base + 1] = f.l21
                    swimFactors[base + 2] = f.l22
                    let dx = bx - previousSlopes[j].x, dy = by - previousSlopes[j].y
                    // The exaggeration's change is (s − 1)·Δb₁: only the s² sum (at s − 1 = 1) is non-zero.
                    SwimSums.add(0, 0, dx, dy, factor: f.l11, f.l21, f.l22, to: &e00, &e01, &e11)
                }
                previousSlopes[j] = (bx, by)
            }
            exaggeration.count += points.count
            if swimPair[i] { exaggerationSwim.count += points.count }
        }
        trueEyes = eyes
        self.still = still
        self.exaggeration = exaggeration
        self.swimPair = swimPair
        self.swimFactors = swimFactors
        exaggerationSwim.terms = [e00, e01, e11]
        self.exaggerationSwim = exaggerationSwim
    }
}

/// The smoother-dependent metrics of one (smoother point, trace) pair.
package struct PointTraceMetrics: Sendable {
    package var lagSeconds: Double?
    package var jitterMm: Double?
    package var tracking = QuadraticSums()
    package var total = QuadraticSums()
    package var visibleJitter = QuadraticSums()
    package var trackingSwim = SwimSums()
    package var totalSwim = SwimSums()
}

/// Evaluates smoother points on prepared traces.
package enum TuneEvaluator {
    /// Runs `spec` over the trace once and computes lag, stationary jitter and the scale-free sums.
    package static func evaluate(_ spec: SmootherSpec, on trace: PreparedTrace, core: OffAxisCore, points: [Vec3],
                                ppm: (x: Double, y: Double)) throws -> PointTraceMetrics {
        var smoother = spec.makeSmoother()
        let n = trace.samples.count
        let filtered = [Vec3](unsafeUninitializedCapacity: n) { buffer, initialized in
            trace.samples.withUnsafeBufferPointer { smoother.smooth($0, into: buffer) }
            initialized = n
        }
        var result = headMetrics(filtered: filtered, on: trace)
        try accumulate(filtered: filtered, trace: trace, core: core, points: points, ppm: ppm, into: &result)
        return result
    }

    /// Lag and stationary jitter of the head after the smoother (`filtered`, one per sample of the trace); the
    /// on-glass sums are left empty for `accumulate`.
    static func headMetrics(filtered: [Vec3], on trace: PreparedTrace) -> PointTraceMetrics {
        var result = PointTraceMetrics()
        // Lag: the filter's own ramp lag (reference → filtered minus reference → measured).
        let grid = UniformSeries(samples: trace.samples, signals: [filtered], rate: trace.rate, maxInterval: trace.gapThreshold)
        let gridFiltered = grid.signals[0]
        if let base = trace.baselineRamp,
           let ramp = LagEstimator.rampLag(reference: trace.gridReference, signal: gridFiltered, valid: trace.valid, rate: trace.rate) {
            result.lagSeconds = ramp.seconds - base
        } else if let base = trace.baselineVelocity,
                  let lag = LagEstimator.velocityLag(reference: trace.gridReference, signal: gridFiltered, valid: trace.valid, rate: trace.rate) {
            result.lagSeconds = lag.seconds - base
        }
        result.jitterMm = JitterMetrics.stationary(filtered: gridFiltered, truth: trace.gridTruth, segments: trace.segments,
                                                   rate: trace.rate)?.rmsMm.norm
        return result
    }

    static func accumulate(filtered: [Vec3], trace: PreparedTrace, core: OffAxisCore, points: [Vec3],
                           ppm: (x: Double, y: Double), into result: inout PointTraceMetrics) throws {
        let m = points.count
        let wx = ppm.x * ppm.x, wy = ppm.y * ppm.y
        var tracking = QuadraticSums(), total = QuadraticSums(), jitter = QuadraticSums()
        var t00 = 0.0, t01 = 0.0, t11 = 0.0, tm00 = 0.0, tm01 = 0.0, tm11 = 0.0
        var c00 = 0.0, c01 = 0.0, c11 = 0.0, cm00 = 0.0, cm01 = 0.0, cm11 = 0.0
        var j00 = 0.0, j01 = 0.0, j11 = 0.0, jm00 = 0.0, jm01 = 0.0, jm11 = 0.0
        var pairs = 0
        var st00 = 0.0, st01 = 0.0, st11 = 0.0, sc00 = 0.0, sc01 = 0.0, sc11 = 0.0, swimTerms = 0
        // Per point, the previous frame's a₀, a₁ (x, y), the tracking error's offset and slope (x, y) and the total
        // error's offset (its slope is a₁): the swim's ΔE is their change.
        var previous = [Double](repeating: 0, count: 10 * m)
        try points.withUnsafeBufferPointer { pts in
            try previous.withUnsafeMutableBufferPointer { prev in
              try trace.swimFactors.withUnsafeBufferPointer { factors in
                for i in 0..<filtered.count {
                    let eyeA: Vec3
                    do { eyeA = try core.eye(head: filtered[i]) } catch let error as FieldError {
                        throw error.at("frame \(i + 1) of the filtered trace").located(file: trace.name)
                    }
                    let eyeT = trace.trueEyes[i]
                    let still = trace.still[i]
                    if still { pairs += 1 }
                    let swim = trace.swimPair[i]
                    if swim { swimTerms += m }
                    for j in 0..<m {
                        let p = pts[j]
                        // Estimated (a) and true (b) on-glass positions, each offset + s·slope.
                        let a = OnGlass.affine(of: p, head: eyeA, inverseDepth: OnGlass.inverseDepth(of: p, from: eyeA))
                        let b = OnGlass.affine(of: p, head: eyeT, inverseDepth: OnGlass.inverseDepth(of: p, from: eyeT))
                        let (a0x, a0y) = a.offset, (a1x, a1y) = a.slope
                        let (b0x, b0y) = b.offset, (b1x, b1y) = b.slope
                        // Tracking: (a₀ − b₀) + s(a₁ − b₁).
                        var ux = a0x - b0x, uy = a0y - b0y, vx = a1x - b1x, vy = a1y - b1y
                        t00 += ux * ux * wx + uy * uy * wy
                        t01 += ux * vx * wx + uy * vy * wy
                        t11 += vx * vx * wx + vy * vy * wy
                        tm00 += ux * ux + uy * uy
                        tm01 += ux * vx + uy * vy
                        tm11 += vx * vx + vy * vy
                        let trackingX = ux, trackingY = uy
                        // Total: (a₀ − b₀ − b₁) + s·a₁.
                        ux -= b1x
                        uy -= b1y
                        let q = 10 * j
                        if swim {
                            // ΔE = d₀ + s·d₁ through the swim form's factor at the true eye: tracking (u, v), total (u − b₁, a₁).
                            let base = 3 * (i * m + j)
                            let l11 = factors[base], l21 = factors[base + 1], l22 = factors[base + 2]
                            let tdx = trackingX - prev[q + 4], tdy = trackingY - prev[q + 5]
                            let tex = vx - prev[q + 6], tey = vy - prev[q + 7]
                            SwimSums.add(tdx, tdy, tex, tey, factor: l11, l21, l22, to: &st00, &st01, &st11)
                            let cdx = ux - prev[q + 8], cdy = uy - prev[q + 9]
                            let cex = a1x - prev[q + 2], cey = a1y - prev[q + 3]
                            SwimSums.add(cdx, cdy, cex, cey, factor: l11, l21, l22, to: &sc00, &sc01, &sc11)
                        }
                        prev[q + 4] = trackingX
                        prev[q + 5] = trackingY
                        prev[q + 6] = vx
                        prev[q + 7] = vy
                        prev[q + 8] = ux
                        prev[q + 9] = uy
                        c00 += ux * ux * wx + uy * uy * wy
                        c01 += ux * a1x * wx + uy * a1y * wy
                        c11 += a1x * a1x * wx + a1y * a1y * wy
                        cm00 += ux * ux + uy * uy
                        cm01 += ux * a1x + uy * a1y
                        cm11 += a1x * a1x + a1y * a1y
                        if still {
                            let dx = a0x - prev[q], dy = a0y - prev[q + 1]
                            let ex = a1x - prev[q + 2], ey = a1y - prev[q + 3]
                            j00 += dx * dx * wx + dy * dy * wy
                            j01 += dx * ex * wx + dy * ey * wy
                            j11 += ex * ex * wx + ey * ey * wy
                            jm00 += dx * dx + dy * dy
                            jm01 += dx * ex + dy * ey
                            jm11 += ex * ex + ey * ey
                        }
                        prev[q] = a0x
                        prev[q + 1] = a0y
                        prev[q + 2] = a1x
                        prev[q + 3] = a1y
                    }
                }
              }
            }
        }
        tracking.px = [t00, t01, t11]
        tracking.m = [tm00, tm01, tm11]
        tracking.count = filtered.count * m
        total.px = [c00, c01, c11]
        total.m = [cm00, cm01, cm11]
        total.count = filtered.count * m
        jitter.px = [j00, j01, j11]
        jitter.m = [jm00, jm01, jm11]
        jitter.count = pairs * m
        result.tracking = tracking
        result.total = total
        result.visibleJitter = jitter
        result.trackingSwim.terms = [st00, st01, st11]
        result.trackingSwim.count = swimTerms
        result.totalSwim.terms = [sc00, sc01, sc11]
        result.totalSwim.count = swimTerms
    }
}
