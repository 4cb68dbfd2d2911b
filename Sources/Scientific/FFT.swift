import CGSL
import Foundation

/// A complex number (one spectral bin).
package struct Complex: Hashable, Sendable {
    package var re: Double
    package var im: Double

    @inlinable package init(_ re: Double, _ im: Double) {
        self.re = re
        self.im = im
    }

    @inlinable package var magnitudeSquared: Double { re * re + im * im }
    @inlinable package var magnitude: Double { magnitudeSquared.squareRoot() }
    /// Argument in (−π, π].
    package var phase: Double { atan2(im, re) }
}

/// A reusable real-data FFT of one length, backed by GSL's mixed-radix real FFT (`gsl_fft_real_*`,
/// `gsl_fft_halfcomplex_*`). Any length works; lengths whose factors are 2, 3 and 5 are fastest
/// (see `FFT.goodSize(atLeast:)`).
///
/// Spectra are kept in GSL's *halfcomplex* layout: `data[0]` = Re z₀; for 1 ≤ k < n/2, `data[2k−1]` = Re zₖ,
/// `data[2k]` = Im zₖ; for even n, `data[n−1]` = Re z_{n/2}. The forward transform is unnormalised,
/// zₖ = Σⱼ xⱼ·e^{−2πijk/n}; the inverse divides by n, so inverse(forward(x)) = x.
///
/// Not thread-safe (it owns a GSL workspace): give each thread its own plan.
package final class RealFFT {
    package let count: Int
    private let realTable: UnsafeMutablePointer<gsl_fft_real_wavetable>
    private let complexTable: UnsafeMutablePointer<gsl_fft_halfcomplex_wavetable>
    private let workspace: UnsafeMutablePointer<gsl_fft_real_workspace>

    package init(count: Int) {
        precondition(count >= 1, "an FFT needs at least one point")
        parallax_gsl_disable_abort()
        guard let realTable = gsl_fft_real_wavetable_alloc(count),
              let complexTable = gsl_fft_halfcomplex_wavetable_alloc(count),
              let workspace = gsl_fft_real_workspace_alloc(count)
        else { fatalError("GSL FFT allocation failed for n = \(count): out of memory") }
        self.count = count
        self.realTable = realTable
        self.complexTable = complexTable
        self.workspace = workspace
    }

    deinit {
        gsl_fft_real_wavetable_free(realTable)
        gsl_fft_halfcomplex_wavetable_free(complexTable)
        gsl_fft_real_workspace_free(workspace)
    }

    /// In place: real samples → halfcomplex spectrum.
    package func forward(_ data: UnsafeMutableBufferPointer<Double>) {
        precondition(data.count == count, "FFT of length \(count) given \(data.count) values")
        let status = gsl_fft_real_transform(data.baseAddress, 1, count, realTable, workspace)
        precondition(status == GSL_SUCCESS, "gsl_fft_real_transform failed (\(status))")
    }

    /// In place: halfcomplex spectrum → real samples (normalised by 1/n).
    package func inverse(_ data: UnsafeMutableBufferPointer<Double>) {
        precondition(data.count == count, "FFT of length \(count) given \(data.count) values")
        let status = gsl_fft_halfcomplex_inverse(data.baseAddress, 1, count, complexTable, workspace)
        precondition(status == GSL_SUCCESS, "gsl_fft_halfcomplex_inverse failed (\(status))")
    }

    /// The forward transform of `values` (zero-padded or truncated to `count`) as bins 0…n/2.
    package func spectrum(_ values: [Double]) -> [Complex] {
        var data = [Double](repeating: 0, count: count)
        for i in 0..<min(values.count, count) { data[i] = values[i] }
        data.withUnsafeMutableBufferPointer { forward($0) }
        return FFT.unpack(halfcomplex: data)
    }
}

/// FFT-based helpers over `RealFFT`.
package enum FFT {
    /// The smallest n ≥ `minimum` of the form 2^a·3^b·5^c (GSL's mixed-radix FFT is fastest for these).
    package static func goodSize(atLeast minimum: Int) -> Int {
        var best = Int.max
        var p2 = 1
        while p2 < 2 * max(minimum, 1) {
            var p23 = p2
            while p23 < 2 * max(minimum, 1) {
                var p235 = p23
                while p235 < minimum { p235 *= 5 }
                best = min(best, p235)
                p23 *= 3
            }
            p2 *= 2
        }
        return best
    }

    /// Bins 0…n/2 of a halfcomplex array of length n.
    package static func unpack(halfcomplex data: [Double]) -> [Complex] {
        let n = data.count
        var bins = [Complex](repeating: Complex(0, 0), count: n / 2 + 1)
        bins[0] = Complex(data[0], 0)
        var k = 1
        while 2 * k < n {
            bins[k] = Complex(data[2 * k - 1], data[2 * k])
            k += 1
        }
        if n % 2 == 0 && n > 1 { bins[n / 2] = Complex(data[n - 1], 0) }
        return bins
    }

    /// Adds conj(A)·B to `accumulator` (all three in halfcomplex layout, equal lengths).
    static func accumulateConjugateProduct(
        _ a: UnsafeBufferPointer<Double>, _ b: UnsafeBufferPointer<Double>, into accumulator: UnsafeMutableBufferPointer<Double>
    ) {
        let n = a.count
        accumulator[0] += a[0] * b[0]
        var k = 1
        while 2 * k < n {
            let ar = a[2 * k - 1], ai = a[2 * k], br = b[2 * k - 1], bi = b[2 * k]
            accumulator[2 * k - 1] += ar * br + ai * bi
            accumulator[2 * k] += ar * bi - ai * br
            k += 1
        }
        if n % 2 == 0 && n > 1 { accumulator[n - 1] += a[n - 1] * b[n - 1] }
    }

    /// Forward halfcomplex spectra of signals zero-padded to `plan.count`, for `crossCorrelation(spectra:)`.
    package static func paddedSpectrum(_ signal: [Double], plan: RealFFT) -> [Double] {
        precondition(signal.count <= plan.count, "signal longer than the FFT")
        var data = [Double](repeating: 0, count: plan.count)
        for i in 0..<signal.count { data[i] = signal[i] }
        data.withUnsafeMutableBufferPointer { plan.forward($0) }
        return data
    }

    /// Cross-correlation from precomputed padded spectra (see `paddedSpectrum`): c[k] = Σ over pairs of
    /// Σᵢ a[i]·b[i+k], k = −maxLag…maxLag (element maxLag + k). The padded length must be at least
    /// signal length + maxLag + 1 for the result to be the linear (not circular) correlation.
    package static func crossCorrelation(spectra pairs: [([Double], [Double])], plan: RealFFT, maxLag: Int) -> [Double] {
        let n = plan.count
        var sum = [Double](repeating: 0, count: n)
        for (a, b) in pairs {
            a.withUnsafeBufferPointer { pa in
                b.withUnsafeBufferPointer { pb in
                    sum.withUnsafeMutableBufferPointer { accumulateConjugateProduct(pa, pb, into: $0) }
                }
            }
        }
        sum.withUnsafeMutableBufferPointer { plan.inverse($0) }
        var result = [Double](repeating: 0, count: 2 * maxLag + 1)
        for k in -maxLag...maxLag { result[maxLag + k] = sum[(k + n) % n] }
        return result
    }

    /// Linear (not circular) cross-correlation c[k] = Σᵢ a[i]·b[i+k] for k = −maxLag…maxLag, summed over
    /// the given pairs of equally long signals (e.g. the x, y and z components of two 3D signals), computed
    /// with GSL FFTs of a zero-padded length. Element `maxLag + k` of the result is c[k]; a positive peak
    /// lag means `b` is a delayed copy of `a`.
    package static func crossCorrelation(_ pairs: [([Double], [Double])], maxLag: Int) -> [Double] {
        precondition(!pairs.isEmpty, "cross-correlation of no signals")
        let length = pairs[0].0.count
        precondition(pairs.allSatisfy { $0.0.count == length && $0.1.count == length }, "cross-correlation needs equally long signals")
        precondition(maxLag >= 0, "maxLag must be ≥ 0")
        let n = goodSize(atLeast: length + maxLag + 1)
        let plan = RealFFT(count: n)
        var sum = [Double](repeating: 0, count: n)
        var a = [Double](repeating: 0, count: n)
        var b = [Double](repeating: 0, count: n)
        for (first, second) in pairs {
            for i in 0..<n {
                a[i] = i < length ? first[i] : 0
                b[i] = i < length ? second[i] : 0
            }
            a.withUnsafeMutableBufferPointer { plan.forward($0) }
            b.withUnsafeMutableBufferPointer { plan.forward($0) }
            a.withUnsafeBufferPointer { pa in
                b.withUnsafeBufferPointer { pb in
                    sum.withUnsafeMutableBufferPointer { accumulateConjugateProduct(pa, pb, into: $0) }
                }
            }
        }
        sum.withUnsafeMutableBufferPointer { plan.inverse($0) }
        var result = [Double](repeating: 0, count: 2 * maxLag + 1)
        for k in -maxLag...maxLag {
            result[maxLag + k] = k < 0 ? (-k < length ? sum[n + k] : 0) : (k < length ? sum[k] : 0)
        }
        return result
    }
}
