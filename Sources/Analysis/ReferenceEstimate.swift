import Dispatch
import Foundation
import Geometry
import Plumbing
import Scientific
import Tracking

/// An estimate of the true head path from the measurements alone, for recordings without ground truth:
/// a non-causal Rauch–Tung–Striebel smoother over a constant-velocity model, run per axis and per
/// continuous segment. Segments end at timing gaps (`TraceBreaks`) and at discontinuities (below);
/// untracked samples and frozen repeats inside a segment are missing measurements, bridged by the model.
///
/// Model per axis: state (p, v), p_{k+1} = p_k + h·v_k, v driven by white acceleration of spectral
/// density q (Q = q·[h³/3, h²/2; h²/2, h]); measurement y_k = p_k + e_k, e_k ~ N(0, σ_k²).
///
/// Noise parameters come from the recording itself:
/// - σ_k (measurement noise): from the three-point residual r_k = y_k − (h₁·y_{k−1} + h₀·y_{k+1})/(h₀ + h₁)
///   (zero on any straight line, Var r = σ²·(1 + c₋² + c₊²) for white noise), scaled per sample and taken
///   as a robust scale, 1.4826 × median |r / √(1 + c₋² + c₊²)|, over blocks of about one second — so depth
///   noise that grows with distance is followed. The motion's curvature adds h²·a to r: negligible at
///   60 Hz for head motion except in the fastest moves, which the median ignores.
/// - q (process noise): maximum likelihood of the filter's innovations, a golden-section search over
///   log₁₀ q in [−8, 4]; innovations beyond 5 standard deviations (outliers) are not used for the update
///   and count as if they were exactly at 5 (a Huber-like likelihood).
/// - discontinuities: 3 consecutive rejected innovations on one side mean the head (or the tracker) really
///   jumped; the segment is cut where the run began and q re-estimated (once).
package struct ReferenceEstimate: Sendable {
    package var positions: [Vec3]
    /// Measurement σ used per sample, m.
    package var measurementSigma: [Vec3]
    /// Process noise spectral density per axis, m²/s³.
    package var processNoise: Vec3
    /// Measurements rejected as outliers (innovation beyond 5 σ), per axis.
    package var rejected: [Int]
    /// The continuous segments the smoother ran on (shared by the three axes).
    package var segments: [Range<Int>]
    /// measured[i]: sample i was used as a measurement (tracked and not a frozen repeat).
    package var measured: [Bool]

    /// Rejection threshold on the normalised innovation.
    static let gate = 5.0
    static let discontinuityRun = 3
    static let logQRange = -8.0...4.0
    /// Floor of the measurement σ (0.1 µm): keeps the filter defined on noise-free or very short input.
    static let minimumSigma = 1e-7

    package static func estimate(_ trace: HeadTrace, breaks: TraceBreaks? = nil) -> ReferenceEstimate {
        let breaks = breaks ?? TraceBreaks(samples: trace.samples)
        let samples = trace.samples
        let n = samples.count
        var used = samples.map(\.tracked)
        for i in breaks.repeatsFrozenPosition() { used[i] = false }
        let measured = used
        let times = samples.map(\.t)
        let medianInterval = n < 2 ? 1.0 / 60 : Statistics.median(zip(times, times.dropFirst()).map { $1 - $0 })
        let blockLength = max(15, Int((1 / max(medianInterval, 1e-6)).rounded()))  // ≈ 1 s
        let axes = (0..<3).map { axis in samples.map { $0.position[axis] } }
        var segments = gapSegments(count: n, breaks: breaks)
        // The axes are independent: each runs on its own thread, so the result does not depend on the thread count.
        func noiseParameters(_ segments: [Range<Int>]) -> [(sigma: [Double], q: Double)] {
            perAxis { axis in
                let sigma = localNoiseScale(values: axes[axis], times: times, measured: measured, segments: segments, blockLength: blockLength)
                return (sigma, maximumLikelihoodProcessNoise(values: axes[axis], times: times, sigma: sigma, measured: measured, segments: segments))
            }
        }
        var parameters = noiseParameters(segments)
        // Cut at discontinuities found on any axis, then re-estimate.
        let firstSegments = segments, firstParameters = parameters
        let found = perAxis { axis in
            firstSegments.flatMap { filter(values: axes[axis], times: times, sigma: firstParameters[axis].sigma, measured: measured, q: firstParameters[axis].q, segment: $0).discontinuities }
        }
        let cuts = Set(found.joined())
        if !cuts.isEmpty {
            segments = segments.flatMap { segment in split(segment, at: cuts) }
            parameters = noiseParameters(segments)
        }
        let finalSegments = segments, finalParameters = parameters
        let smoothed = perAxis { axis in
            finalSegments.map { filter(values: axes[axis], times: times, sigma: finalParameters[axis].sigma, measured: measured, q: finalParameters[axis].q, segment: $0, smoothing: true) }
        }
        var positions = samples.map(\.position)
        var rejected = [0, 0, 0]
        for axis in 0..<3 {
            for (segment, result) in zip(segments, smoothed[axis]) {
                for (offset, value) in result.positions.enumerated() { positions[segment.lowerBound + offset][axis] = value }
                rejected[axis] += result.rejected
            }
        }
        let sigma = parameters.map(\.sigma), q = parameters.map(\.q)
        let sigmaVectors = (0..<n).map { Vec3(sigma[0][$0], sigma[1][$0], sigma[2][$0]) }
        return ReferenceEstimate(positions: positions, measurementSigma: sigmaVectors, processNoise: Vec3(q[0], q[1], q[2]),
                                 rejected: rejected, segments: segments, measured: measured)
    }

    /// The trace with `truth` set to this estimate (for metrics "against the reference estimate").
    package func asTruth(of trace: HeadTrace) -> HeadTrace {
        var copy = trace
        copy.truth = positions
        return copy
    }

    /// `body` for axes 0, 1, 2 on up to three threads, results in axis order.
    static func perAxis<T>(_ body: (Int) -> T) -> [T] { Parallel.map(3, body) }

    /// Index ranges between timing gaps.
    static func gapSegments(count: Int, breaks: TraceBreaks) -> [Range<Int>] {
        guard count > 0 else { return [] }
        var starts = [0]
        for gap in breaks.gaps where gap.after + 1 < count { starts.append(gap.after + 1) }
        return starts.indices.map { starts[$0]..<($0 + 1 < starts.count ? starts[$0 + 1] : count) }
    }

    static func split(_ segment: Range<Int>, at cuts: Set<Int>) -> [Range<Int>] {
        let inside = cuts.filter { $0 > segment.lowerBound && $0 < segment.upperBound }.sorted()
        let bounds = [segment.lowerBound] + inside + [segment.upperBound]
        return (0..<(bounds.count - 1)).map { bounds[$0]..<bounds[$0 + 1] }
    }

    // MARK: Measurement noise

    /// Robust σ per sample from three-point residuals, pooled over blocks of `blockLength` residuals.
    static func localNoiseScale(values: [Double], times: [Double], measured: [Bool], segments: [Range<Int>], blockLength: Int) -> [Double] {
        var residuals: [(index: Int, value: Double)] = []
        for segment in segments where segment.count >= 3 {
            for k in (segment.lowerBound + 1)..<(segment.upperBound - 1) where measured[k - 1] && measured[k] && measured[k + 1] {
                let h0 = times[k] - times[k - 1], h1 = times[k + 1] - times[k]
                let before = h1 / (h0 + h1), after = h0 / (h0 + h1)
                let r = values[k] - before * values[k - 1] - after * values[k + 1]
                residuals.append((k, abs(r) / (1 + before * before + after * after).squareRoot()))
            }
        }
        guard !residuals.isEmpty else { return [Double](repeating: minimumSigma, count: values.count) }  // no triple to judge by
        var blockStarts = Array(stride(from: 0, to: residuals.count, by: blockLength))
        if blockStarts.count > 1 && residuals.count - blockStarts.last! < blockLength / 2 { blockStarts.removeLast() }
        var scales: [(firstIndex: Int, sigma: Double)] = []
        for (b, start) in blockStarts.enumerated() {
            let end = b + 1 < blockStarts.count ? blockStarts[b + 1] : residuals.count
            let sigma = 1.4826 * Statistics.median(residuals[start..<end].map(\.value))
            scales.append((residuals[start].index, max(sigma, minimumSigma)))
        }
        var result = [Double](repeating: scales[0].sigma, count: values.count)
        var block = 0
        for i in values.indices {
            while block + 1 < scales.count && scales[block + 1].firstIndex <= i { block += 1 }
            result[i] = scales[block].sigma
        }
        return result
    }

    // MARK: Process noise

    static func maximumLikelihoodProcessNoise(values: [Double], times: [Double], sigma: [Double], measured: [Bool], segments: [Range<Int>]) -> Double {
        func negativeLogLikelihood(_ logQ: Double) -> Double {
            let q = pow(10, logQ)
            return segments.reduce(0) { $0 + filter(values: values, times: times, sigma: sigma, measured: measured, q: q, segment: $1).negativeLogLikelihood }
        }
        // Golden-section search on log₁₀ q.
        let ratio = (5.0.squareRoot() - 1) / 2
        var a = logQRange.lowerBound, b = logQRange.upperBound
        var c = b - ratio * (b - a), d = a + ratio * (b - a)
        var fc = negativeLogLikelihood(c), fd = negativeLogLikelihood(d)
        while b - a > 0.01 {
            if fc < fd {
                b = d; d = c; fd = fc
                c = b - ratio * (b - a); fc = negativeLogLikelihood(c)
            } else {
                a = c; c = d; fc = fd
                d = a + ratio * (b - a); fd = negativeLogLikelihood(d)
            }
        }
        return pow(10, (a + b) / 2)
    }

    // MARK: Filter and smoother

    struct AxisResult {
        var positions: [Double]
        var negativeLogLikelihood: Double
        var rejected: Int
        /// Where runs of `discontinuityRun` same-sign rejections began.
        var discontinuities: [Int]
    }

    /// Kalman filter (and, with `smoothing`, the RTS backward pass) over one segment of one axis.
    static func filter(
        values: [Double], times: [Double], sigma: [Double], measured: [Bool], q: Double, segment: Range<Int>, smoothing: Bool = false
    ) -> AxisResult {
        let n = segment.count
        let first = segment.lowerBound
        guard let start = segment.first(where: { measured[$0] }) else {
            return AxisResult(positions: Array(values[segment]), negativeLogLikelihood: 0, rejected: 0, discontinuities: [])
        }
        // Only the smoothing pass needs the states kept (the likelihood and the jump search run forward only).
        var predicted = [State](repeating: State(), count: smoothing ? n : 0)
        var filtered = [State](repeating: State(), count: smoothing ? n : 0)
        var nll = 0.0
        var rejected = 0
        var discontinuities: [Int] = []
        var run: (start: Int, sign: Double, length: Int)?
        var state = State(p: values[start], v: 0, pp: sigma[start] * sigma[start], pv: 0, vv: 1)
        var updates = 0
        for k in 0..<n {
            let i = first + k
            if i > start { state = state.predicted(over: times[i] - times[i - 1], q: q) }
            if smoothing { predicted[k] = state }
            if i > start && measured[i] {
                let r = sigma[i] * sigma[i]
                let innovation = values[i] - state.p
                let s = state.pp + r
                let normalised = innovation * innovation / s
                if updates >= 2 { nll += 0.5 * (log(2 * Double.pi * s) + min(normalised, gate * gate)) }
                updates += 1
                if normalised <= gate * gate {
                    run = nil
                    state = state.updated(innovation: innovation, s: s)
                } else {
                    rejected += 1
                    let sign: Double = innovation > 0 ? 1 : -1
                    if let current = run, current.sign == sign { run!.length += 1 } else { run = (i, sign, 1) }
                    if run!.length == discontinuityRun {
                        // A real jump: note it and restart from this measurement.
                        discontinuities.append(run!.start)
                        state = State(p: values[i], v: 0, pp: r, pv: 0, vv: 1)
                        run = nil
                    }
                }
            }
            if smoothing { filtered[k] = state }
        }
        guard smoothing else { return AxisResult(positions: [], negativeLogLikelihood: nll, rejected: rejected, discontinuities: discontinuities) }
        var positions = filtered.map(\.p)
        if n >= 2 {
            var next = filtered[n - 1]
            for k in stride(from: n - 2, through: 0, by: -1) where first + k >= start {
                let h = times[first + k + 1] - times[first + k]
                let f = filtered[k], p = predicted[k + 1]
                // C = P_f Fᵀ P_p⁻¹ with F = [1 h; 0 1]; P_f Fᵀ = [[pp + h·pv, pv], [pv + h·vv, vv]].
                let m00 = f.pp + h * f.pv, m01 = f.pv, m10 = f.pv + h * f.vv, m11 = f.vv
                let det = p.pp * p.vv - p.pv * p.pv
                let i00 = p.vv / det, i01 = -p.pv / det, i11 = p.pp / det
                let dp = next.p - p.p, dv = next.v - p.v
                var smoothed = f
                smoothed.p = f.p + (m00 * i00 + m01 * i01) * dp + (m00 * i01 + m01 * i11) * dv
                smoothed.v = f.v + (m10 * i00 + m11 * i01) * dp + (m10 * i01 + m11 * i11) * dv
                positions[k] = smoothed.p
                next = smoothed
            }
        }
        // Before the first measurement of the segment: its estimate.
        for k in 0..<(start - first) { positions[k] = positions[start - first] }
        return AxisResult(positions: positions, negativeLogLikelihood: nll, rejected: rejected, discontinuities: discontinuities)
    }

    /// Mean and covariance of (position, velocity).
    struct State {
        var p = 0.0, v = 0.0
        var pp = 0.0, pv = 0.0, vv = 0.0

        func predicted(over h: Double, q: Double) -> State {
            State(p: p + h * v, v: v,
                  pp: pp + 2 * h * pv + h * h * vv + q * h * h * h / 3,
                  pv: pv + h * vv + q * h * h / 2,
                  vv: vv + q * h)
        }

        func updated(innovation: Double, s: Double) -> State {
            let kp = pp / s, kv = pv / s
            return State(p: p + kp * innovation, v: v + kv * innovation,
                         pp: pp - kp * pp, pv: pv - kp * pv, vv: vv - kv * pv)
        }
    }
}
