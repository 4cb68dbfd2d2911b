import Foundation
import Geometry
import Scientific
import Tracking

/// An estimate of the true head path from the measurements alone, for recordings without ground truth:
/// a non-causal Rauch–Tung–Striebel smoother over a constant-velocity model, run per axis and per
/// continuous segment (`TraceBreaks.segments`, untracked samples excluded).
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
///   and count as if they were exactly at 5 (a Huber-like likelihood), except after 3 consecutive
///   rejections (a real step), when the measurement is accepted again.
///
/// Samples outside every segment (untracked, frozen repeats) hold the last estimate before them.
public struct ReferenceEstimate: Sendable {
    public var positions: [Vec3]
    /// Measurement σ used per sample, m.
    public var measurementSigma: [Vec3]
    /// Process noise spectral density per axis, m²/s³.
    public var processNoise: Vec3
    /// Measurements rejected as outliers (innovation beyond 5 σ), per axis.
    public var rejected: [Int]
    /// The continuous segments the smoother ran on.
    public var segments: [Range<Int>]

    /// Rejection threshold on the normalised innovation.
    static let gate = 5.0
    static let maximumConsecutiveRejections = 3
    static let logQRange = -8.0...4.0

    public static func estimate(_ trace: HeadTrace, breaks: TraceBreaks? = nil) -> ReferenceEstimate {
        let breaks = breaks ?? TraceBreaks(samples: trace.samples)
        let samples = trace.samples
        let segments = breaks.segments(count: samples.count).flatMap { segment in
            splitAtUntracked(segment, samples: samples)
        }
        let times = samples.map(\.t)
        var positions = samples.map(\.position)
        var sigma = [Vec3](repeating: .zero, count: samples.count)
        var processNoise = Vec3.zero
        var rejected = [0, 0, 0]
        for axis in 0..<3 {
            let values = samples.map { $0.position[axis] }
            let axisSigma = localNoiseScale(values: values, times: times, segments: segments)
            let q = maximumLikelihoodProcessNoise(values: values, times: times, sigma: axisSigma, segments: segments)
            processNoise[axis] = q
            var smoothed = values
            for segment in segments {
                let result = smooth(values: values, times: times, sigma: axisSigma, q: q, segment: segment)
                for (offset, value) in result.positions.enumerated() { smoothed[segment.lowerBound + offset] = value }
                rejected[axis] += result.rejected
            }
            for i in samples.indices {
                positions[i][axis] = smoothed[i]
                sigma[i][axis] = axisSigma[i]
            }
        }
        // Hold the last estimate over samples outside every segment.
        var inSegment = [Bool](repeating: false, count: samples.count)
        for segment in segments { for i in segment { inSegment[i] = true } }
        for i in samples.indices where !inSegment[i] && i > 0 { positions[i] = positions[i - 1] }
        return ReferenceEstimate(positions: positions, measurementSigma: sigma, processNoise: processNoise,
                                 rejected: rejected, segments: segments)
    }

    /// The trace with `truth` set to this estimate (for metrics "against the reference estimate").
    public func asTruth(of trace: HeadTrace) -> HeadTrace {
        var copy = trace
        copy.truth = positions
        return copy
    }

    static func splitAtUntracked(_ segment: Range<Int>, samples: [HeadSample]) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start: Int?
        for i in segment.lowerBound...segment.upperBound {
            let ok = i < segment.upperBound && samples[i].tracked
            if ok && start == nil { start = i }
            if !ok, let s = start { parts.append(s..<i); start = nil }
        }
        return parts
    }

    // MARK: Measurement noise

    /// Robust σ per sample from three-point residuals, pooled over blocks of ≈ 1 s (at least 15 residuals).
    static func localNoiseScale(values: [Double], times: [Double], segments: [Range<Int>]) -> [Double] {
        var residuals: [(index: Int, value: Double)] = []
        for segment in segments where segment.count >= 3 {
            for k in (segment.lowerBound + 1)..<(segment.upperBound - 1) {
                let h0 = times[k] - times[k - 1], h1 = times[k + 1] - times[k]
                let before = h1 / (h0 + h1), after = h0 / (h0 + h1)
                let r = values[k] - before * values[k - 1] - after * values[k + 1]
                residuals.append((k, abs(r) / (1 + before * before + after * after).squareRoot()))
            }
        }
        guard !residuals.isEmpty else { return [Double](repeating: 0, count: values.count) }
        let medianInterval = Statistics.median(zip(times, times.dropFirst()).map { $1 - $0 })
        let blockLength = max(15, Int((1 / max(medianInterval, 1e-6)).rounded()))
        var blockStarts = Array(stride(from: 0, to: residuals.count, by: blockLength))
        if blockStarts.count > 1 && residuals.count - blockStarts.last! < blockLength / 2 { blockStarts.removeLast() }
        var scales: [(firstIndex: Int, sigma: Double)] = []
        for (b, start) in blockStarts.enumerated() {
            let end = b + 1 < blockStarts.count ? blockStarts[b + 1] : residuals.count
            let sigma = 1.4826 * Statistics.median(residuals[start..<end].map(\.value))
            scales.append((residuals[start].index, max(sigma, 1e-7)))
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

    static func maximumLikelihoodProcessNoise(values: [Double], times: [Double], sigma: [Double], segments: [Range<Int>]) -> Double {
        func negativeLogLikelihood(_ logQ: Double) -> Double {
            let q = pow(10, logQ)
            return segments.reduce(0) { $0 + smooth(values: values, times: times, sigma: sigma, q: q, segment: $1, backward: false).negativeLogLikelihood }
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
    }

    /// Kalman filter (and, with `backward`, the RTS pass) over one segment of one axis.
    static func smooth(values: [Double], times: [Double], sigma: [Double], q: Double, segment: Range<Int>, backward: Bool = true) -> AxisResult {
        let n = segment.count
        guard n > 0 else { return AxisResult(positions: [], negativeLogLikelihood: 0, rejected: 0) }
        let first = segment.lowerBound
        var predicted = [State](repeating: State(), count: n)
        var filtered = [State](repeating: State(), count: n)
        var nll = 0.0
        var rejected = 0
        var consecutive = 0
        var state = State(p: values[first], v: 0, pp: sigma[first] * sigma[first], pv: 0, vv: 1)
        predicted[0] = state
        filtered[0] = state
        for k in 1..<max(n, 1) {
            let i = first + k
            let h = times[i] - times[i - 1]
            state = state.predicted(over: h, q: q)
            predicted[k] = state
            let r = sigma[i] * sigma[i]
            let innovation = values[i] - state.p
            let s = state.pp + r
            let normalised = innovation * innovation / s
            let accept = normalised <= gate * gate || consecutive >= maximumConsecutiveRejections
            if k >= 2 { nll += 0.5 * (log(2 * Double.pi * s) + min(normalised, gate * gate)) }
            if accept {
                consecutive = 0
                state = state.updated(innovation: innovation, s: s)
            } else {
                consecutive += 1
                rejected += 1
            }
            filtered[k] = state
        }
        var positions = filtered.map(\.p)
        if backward && n >= 2 {
            var next = filtered[n - 1]
            for k in stride(from: n - 2, through: 0, by: -1) {
                let h = times[first + k + 1] - times[first + k]
                let f = filtered[k], p = predicted[k + 1]
                // C = P_f Fᵀ P_p⁻¹ with F = [1 h; 0 1];
                // P_f Fᵀ = [[f.pp + h f.pv, f.pv], [f.pv + h f.vv, f.vv]].
                let m00 = f.pp + h * f.pv, m01 = f.pv, m10 = f.pv + h * f.vv, m11 = f.vv
                let det = p.pp * p.vv - p.pv * p.pv
                let i00 = p.vv / det, i01 = -p.pv / det, i11 = p.pp / det
                let c00 = m00 * i00 + m01 * i01, c01 = m00 * i01 + m01 * i11
                let c10 = m10 * i00 + m11 * i01, c11 = m10 * i01 + m11 * i11
                let dp = next.p - p.p, dv = next.v - p.v
                var smoothed = f
                smoothed.p = f.p + c00 * dp + c01 * dv
                smoothed.v = f.v + c10 * dp + c11 * dv
                positions[k] = smoothed.p
                next = smoothed
            }
        }
        return AxisResult(positions: positions, negativeLogLikelihood: nll, rejected: rejected)
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
