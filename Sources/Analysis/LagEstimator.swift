import Foundation
import Geometry
import Scientific

/// A delay between two signals.
package struct LagEstimate: Codable, Equatable, Sendable {
    /// Delay of the signal behind the reference, seconds (negative: the signal leads, e.g. prediction).
    package var seconds: Double
    /// Normalised cross-correlation of the velocities at that delay (1 = identical shape).
    package var correlation: Double

    /// Below this correlation the motion is too small against the noise for the delay to mean much.
    package static let reliableCorrelation = 0.8

    /// Whether `correlation` ≥ `reliableCorrelation`.
    package var isReliable: Bool { correlation >= Self.reliableCorrelation }
}

/// Steady-state lag on constant-velocity stretches (ramps).
package struct RampLag: Codable, Equatable, Sendable {
    /// Median over ramp samples of (reference − signal)·v̂ / |v|, seconds.
    package var seconds: Double
    /// 10th and 90th percentiles of the same, seconds.
    package var p10: Double
    package var p90: Double
    /// Ramp samples used (grid samples).
    package var samples: Int
}

/// Lag metrics: (a) the delay maximising the cross-correlation of reference and signal velocities,
/// with sub-sample precision; (b) the steady-state lag on ramps.
package enum LagEstimator {
    /// Delay (s) of `signal` behind `reference`, both on the same uniform grid at `rate` Hz: velocities
    /// by central differences, a Hann taper over the whole series (so that the ends and finite length do
    /// not bias the peak), a zero-phase band limit (flat to 3 Hz, raised-cosine to 0 at 6 Hz), the
    /// cross-correlation Σᵢ v_ref(i)·v_sig(i+k) summed over the three axes for
    /// |k| ≤ maxLag·rate with GSL FFTs, each value normalised by the overlap of the tapers at that lag,
    /// and the peak refined by a parabola through the three highest values. Samples whose velocity uses an
    /// invalid sample count as zero. Nil when either signal has no motion or the peak is at ±maxLag.
    package static func velocityLag(
        reference: [Vec3], signal: [Vec3], valid: [Bool], rate: Double, maxLag: Double = 0.5
    ) -> LagEstimate? {
        let correlator = VelocityCorrelator(count: reference.count, rate: rate, maxLag: maxLag)
        guard let a = correlator.prepare(reference, valid: valid), let b = correlator.prepare(signal, valid: valid) else { return nil }
        return correlator.lag(a, b)
    }

    /// Steady-state lag on ramps: grid samples where the reference moves at ≥ `minimumSpeed` m/s with a
    /// velocity that stayed within `tolerance` (fraction of the speed) for the preceding `steadyFor`
    /// seconds (all valid). Lag = (reference − signal)·v / |v|². Nil when there is no such sample.
    package static func rampLag(
        reference: [Vec3], signal: [Vec3], valid: [Bool], rate: Double,
        minimumSpeed: Double = 0.05, steadyFor: Double = 0.3, tolerance: Double = 0.05
    ) -> RampLag? {
        let n = reference.count
        guard n >= 3 else { return nil }
        var velocity = [Vec3](repeating: .zero, count: n)
        var ok = [Bool](repeating: false, count: n)
        for i in 1..<(n - 1) {
            velocity[i] = (reference[i + 1] - reference[i - 1]) * (rate / 2)
            ok[i] = valid[i - 1] && valid[i] && valid[i + 1]
        }
        let window = max(1, Int((steadyFor * rate).rounded()))
        var lags: [Double] = []
        var i = window + 1
        while i < n - 1 {
            defer { i += 1 }
            let v = velocity[i]
            let speed = v.length
            guard ok[i], speed >= minimumSpeed else { continue }
            var steady = true
            for j in (i - window)..<i where !ok[j] || (velocity[j] - v).length > tolerance * speed {
                steady = false
                break
            }
            guard steady else { continue }
            lags.append((reference[i] - signal[i]).dot(v) / (speed * speed))
        }
        guard !lags.isEmpty else { return nil }
        let q = Statistics.quantiles(lags, [0.1, 0.5, 0.9])
        return RampLag(seconds: q[1], p10: q[0], p90: q[2], samples: lags.count)
    }
}

/// Shares the FFT plan and taper between several velocity cross-correlations of equally long signals.
struct VelocityCorrelator {
    struct Prepared {
        var spectra: [[Double]]
        /// Σ of the squared tapered, band-limited velocities (for the correlation coefficient).
        var energy: Double
    }

    let count: Int
    let rate: Double
    let maxLagSamples: Int
    let plan: RealFFT
    let taper: [Double]
    /// Band-limit weight per halfcomplex index of the padded spectra.
    let bandWeights: [Double]

    init(count: Int, rate: Double, maxLag: Double) {
        self.count = count
        self.rate = rate
        maxLagSamples = max(1, min(Int((maxLag * rate).rounded(.up)), max(count - 2, 1)))
        plan = RealFFT(count: FFT.goodSize(atLeast: count + maxLagSamples + 1))
        taper = (0..<count).map { count > 1 ? 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(count - 1)) : 1 }
        let n2 = plan.count
        bandWeights = (0..<n2).map { index in index == 0 ? 1 : Self.weight(Double((index + 1) / 2) * rate / Double(n2)) }
    }

    /// Velocity spectra of a signal (taper × validity applied); nil when it does not move.
    func prepare(_ signal: [Vec3], valid: [Bool]) -> Prepared? {
        let n = count
        guard n >= 3 else { return nil }
        var axes = [[Double]](repeating: [Double](repeating: 0, count: n), count: 3)
        var energy = 0.0
        for i in 0..<n {
            let lo = max(i - 1, 0), hi = min(i + 1, n - 1)
            guard valid[lo] && valid[i] && valid[hi] else { continue }
            let v = (signal[hi] - signal[lo]) * (rate / Double(hi - lo))
            let w = taper[i]
            axes[0][i] = v.x * w
            axes[1][i] = v.y * w
            axes[2][i] = v.z * w
            energy += (v.x * v.x + v.y * v.y + v.z * v.z) * w * w
        }
        guard energy > 0 else { return nil }
        let n2 = plan.count
        let spectra = axes.map { axis -> [Double] in
            var spectrum = FFT.paddedSpectrum(axis, plan: plan)
            // Zero-phase band limit: full weight to `passband`, raised-cosine taper to 0 at `stopband`.
            for index in 1..<n2 { spectrum[index] *= bandWeights[index] }
            return spectrum
        }
        // Band-limited energy (Parseval on the halfcomplex layout), for the correlation coefficient.
        var bandEnergy = 0.0
        for spectrum in spectra {
            bandEnergy += spectrum[0] * spectrum[0]
            for index in 1..<n2 { bandEnergy += (index == n2 - 1 && n2 % 2 == 0 ? 1 : 2) * spectrum[index] * spectrum[index] }
        }
        bandEnergy /= Double(n2)
        guard bandEnergy > 0 else { return nil }
        return Prepared(spectra: spectra, energy: bandEnergy)
    }

    /// Velocities are band-limited before correlating (both signals alike, zero phase, so a pure delay is
    /// unchanged): head motion lives below a few Hz while differentiated sensor noise grows with frequency
    /// and would otherwise pull the peak towards the noise's own (filter-shaped) correlation.
    static let passband = 3.0, stopband = 6.0

    static func weight(_ frequency: Double) -> Double {
        if frequency <= Self.passband { return 1 }
        if frequency >= Self.stopband { return 0 }
        return 0.5 + 0.5 * cos(Double.pi * (frequency - Self.passband) / (Self.stopband - Self.passband))
    }

    /// The weight (taper × validity) overlap at lag k, for the normalisation.
    func overlap(_ weights: [Double], _ k: Int) -> Double {
        var sum = 0.0
        let n = weights.count
        for i in max(0, -k)..<min(n, n - k) { sum += weights[i] * weights[i + k] }
        return sum
    }

    func lag(_ a: Prepared, _ b: Prepared) -> LagEstimate? {
        let m = maxLagSamples
        let c = FFT.crossCorrelation(spectra: (0..<3).map { (a.spectra[$0], b.spectra[$0]) }, plan: plan, maxLag: m)
        var best = 0
        for k in 0..<c.count where c[k] > c[best] { best = k }
        guard c[best] > 0, best > 0, best < c.count - 1 else { return nil }
        // Normalise the three values around the peak by the taper overlap at their lags.
        let weights = taper
        let zero = overlap(weights, 0)
        func normalised(_ index: Int) -> Double { c[index] * zero / max(overlap(weights, index - m), 1e-300) }
        let y0 = normalised(best - 1), y1 = normalised(best), y2 = normalised(best + 1)
        let curvature = y0 - 2 * y1 + y2
        let offset = curvature < 0 ? min(max(0.5 * (y0 - y2) / curvature, -0.5), 0.5) : 0
        let lagSamples = Double(best - m) + offset
        let correlation = c[best] / (a.energy * b.energy).squareRoot()
        return LagEstimate(seconds: lagSamples / rate, correlation: correlation)
    }
}
