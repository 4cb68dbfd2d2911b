import Foundation

/// Welch's averaged, Hann-windowed periodogram: power spectral density (and cross spectral density) of
/// uniformly sampled signals, with GSL FFTs.
///
/// Each segment of `segmentLength` samples (consecutive segments overlap by `overlap`, a fraction) has its
/// mean removed, is multiplied by a Hann window w, transformed, and its periodogram |X|²/(fs·Σw²) is
/// averaged over segments. The estimate is one-sided (bins 1…n/2−1 doubled), in units²/Hz, so that
/// Σ density·Δf over all bins ≈ the variance of the signal. Segments that contain an invalid sample
/// (`valid[i] == false`) are skipped.
package struct WelchEstimate: Sendable {
    /// Bin frequencies 0, Δf, … fs/2, in Hz.
    package var frequencies: [Double]
    /// One-sided PSD per bin (units²/Hz). For a cross spectrum this is the real part; see `cross`.
    package var density: [Double]
    /// One-sided cross spectral density S_xy = E[conj(X)·Y] per bin (nil for a plain PSD).
    package var cross: [Complex]?
    /// Segments averaged.
    package var segments: Int
    /// Frequency resolution Δf = fs / segmentLength, Hz.
    package var resolution: Double

    /// √(Σ density·Δf) over bins with frequency ≥ `cutoff`: the RMS of the signal above the cut-off.
    package func rms(above cutoff: Double) -> Double {
        var power = 0.0
        for (f, d) in zip(frequencies, density) where f >= cutoff { power += d * resolution }
        return power.squareRoot()
    }
}

package enum Welch {
    /// Default segment length: 256 samples (4.3 s at 60 Hz, Δf ≈ 0.23 Hz).
    package static let defaultSegmentLength = 256

    /// PSD of `x` sampled at `sampleRate` Hz. Nil when no full valid segment exists.
    package static func psd(
        _ x: [Double], sampleRate: Double, segmentLength: Int = defaultSegmentLength, overlap: Double = 0.5,
        valid: [Bool]? = nil
    ) -> WelchEstimate? {
        estimate(x, nil, sampleRate: sampleRate, segmentLength: segmentLength, overlap: overlap, valid: valid)
    }

    /// Cross spectral density of `x` → `y` (and the PSD of `x` in `density`). The transfer function
    /// estimate from x to y is cross[k] / density[k].
    package static func crossSpectrum(
        _ x: [Double], _ y: [Double], sampleRate: Double, segmentLength: Int = defaultSegmentLength,
        overlap: Double = 0.5, valid: [Bool]? = nil
    ) -> WelchEstimate? {
        precondition(x.count == y.count, "cross spectrum needs equally long signals")
        return estimate(x, y, sampleRate: sampleRate, segmentLength: segmentLength, overlap: overlap, valid: valid)
    }

    private static func estimate(
        _ x: [Double], _ y: [Double]?, sampleRate: Double, segmentLength: Int, overlap: Double, valid: [Bool]?
    ) -> WelchEstimate? {
        precondition(segmentLength >= 4, "Welch segments need at least 4 samples")
        precondition(overlap >= 0 && overlap < 1, "overlap must lie in [0, 1)")
        precondition(sampleRate > 0, "sample rate must be > 0")
        let n = segmentLength
        guard x.count >= n else { return nil }
        let step = max(1, Int((Double(n) * (1 - overlap)).rounded()))
        let window = (0..<n).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(n)) }  // periodic Hann
        let windowPower = window.reduce(0) { $0 + $1 * $1 }
        let bins = n / 2 + 1
        var density = [Double](repeating: 0, count: bins)
        var cross = y == nil ? nil : [Complex](repeating: Complex(0, 0), count: bins)
        let plan = RealFFT(count: n)
        var a = [Double](repeating: 0, count: n)
        var b = [Double](repeating: 0, count: n)
        var invalidPrefix = [Int](repeating: 0, count: x.count + 1)
        if let valid {
            precondition(valid.count == x.count, "one validity flag per sample")
            for i in 0..<x.count { invalidPrefix[i + 1] = invalidPrefix[i] + (valid[i] ? 0 : 1) }
        }
        var segments = 0
        var start = 0
        while start + n <= x.count {
            defer { start += step }
            if invalidPrefix[start + n] - invalidPrefix[start] > 0 { continue }
            segments += 1
            prepare(x, start, n, window, into: &a)
            a.withUnsafeMutableBufferPointer { plan.forward($0) }
            if let y {
                prepare(y, start, n, window, into: &b)
                b.withUnsafeMutableBufferPointer { plan.forward($0) }
            }
            for k in 0..<bins {
                let (ar, ai) = bin(a, k, n)
                density[k] += ar * ar + ai * ai
                if y != nil {
                    let (br, bi) = bin(b, k, n)
                    cross![k].re += ar * br + ai * bi
                    cross![k].im += ar * bi - ai * br
                }
            }
        }
        guard segments > 0 else { return nil }
        for k in 0..<bins {
            let oneSided = (k == 0 || (n % 2 == 0 && k == n / 2)) ? 1.0 : 2.0
            let scale = oneSided / (sampleRate * windowPower * Double(segments))
            density[k] *= scale
            if cross != nil {
                cross![k].re *= scale
                cross![k].im *= scale
            }
        }
        let frequencies = (0..<bins).map { Double($0) * sampleRate / Double(n) }
        return WelchEstimate(frequencies: frequencies, density: density, cross: cross, segments: segments,
                             resolution: sampleRate / Double(n))
    }

    private static func prepare(_ x: [Double], _ start: Int, _ n: Int, _ window: [Double], into out: inout [Double]) {
        var mean = 0.0
        for i in 0..<n { mean += x[start + i] }
        mean /= Double(n)
        for i in 0..<n { out[i] = (x[start + i] - mean) * window[i] }
    }

    @inline(__always)
    private static func bin(_ data: [Double], _ k: Int, _ n: Int) -> (Double, Double) {
        if k == 0 { return (data[0], 0) }
        if n % 2 == 0 && k == n / 2 { return (data[n - 1], 0) }
        return (data[2 * k - 1], data[2 * k])
    }
}
