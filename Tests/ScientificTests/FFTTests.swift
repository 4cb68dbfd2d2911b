import Foundation
import Scientific
import Testing

@Suite struct FFTTests {
    @Test func goodSizesHaveOnlyFactorsTwoThreeFive() {
        #expect(FFT.goodSize(atLeast: 1) == 1)
        #expect(FFT.goodSize(atLeast: 7) == 8)
        #expect(FFT.goodSize(atLeast: 11) == 12)
        #expect(FFT.goodSize(atLeast: 216_000) == 216_000)
        #expect(FFT.goodSize(atLeast: 216_001) == 218_700)
    }

    /// A cosine of k cycles over n samples puts n/2 in bin k (and nothing elsewhere); inverse restores it.
    @Test func cosineLandsInItsBinAndRoundTrips() {
        let n = 60, k = 7
        let x = (0..<n).map { cos(2 * Double.pi * Double(k * $0) / Double(n)) + 0.25 }
        let plan = RealFFT(count: n)
        let bins = plan.spectrum(x)
        #expect(abs(bins[0].re - 0.25 * Double(n)) < 1e-9)
        #expect(abs(bins[k].re - Double(n) / 2) < 1e-9 && abs(bins[k].im) < 1e-9)
        for j in 1...(n / 2) where j != k { #expect(bins[j].magnitude < 1e-9) }
        var data = x
        data.withUnsafeMutableBufferPointer { plan.forward($0); plan.inverse($0) }
        for i in 0..<n { #expect(abs(data[i] - x[i]) < 1e-12) }
    }

    /// FFT cross-correlation equals the direct sum Σ a[i]·b[i+k].
    @Test func crossCorrelationMatchesTheDirectSum() {
        let a = (0..<37).map { sin(Double($0) * 0.7) + Double($0 % 5) }
        let b = (0..<37).map { cos(Double($0) * 0.3) - Double($0 % 3) }
        let c = FFT.crossCorrelation([(a, b)], maxLag: 10)
        for k in -10...10 {
            var direct = 0.0
            for i in 0..<37 where i + k >= 0 && i + k < 37 { direct += a[i] * b[i + k] }
            #expect(abs(c[10 + k] - direct) < 1e-9)
        }
    }

    /// White noise of σ at fs: the one-sided PSD is flat at 2σ²/fs and integrates to σ².
    @Test func welchOfWhiteNoise() {
        let random = RandomSource(seed: 3)
        let x = (0..<200_000).map { _ in random.gaussian(sigma: 2) }
        let estimate = Welch.psd(x, sampleRate: 60)!
        let total = estimate.density.reduce(0, +) * estimate.resolution
        #expect(abs(total - 4) / 4 < 0.02)
        let level = estimate.density[10..<120].reduce(0, +) / 110
        #expect(abs(level - 2 * 4 / 60.0) / (8 / 60.0) < 0.03)
        #expect(abs(estimate.rms(above: 15) - (4.0 / 2).squareRoot()) < 0.05)
        #expect(Welch.psd([1, 2, 3], sampleRate: 60) == nil)
    }

    /// A sinusoid's power lands at its frequency with its variance A²/2; a delay shows in the cross
    /// spectrum's phase as −2πf·d.
    @Test func welchSinusoidAndCrossPhase() {
        let fs = 64.0, f = 4.0, delay = 3.0 / fs
        let x = (0..<8192).map { sin(2 * Double.pi * f * Double($0) / fs) }
        let y = (0..<8192).map { sin(2 * Double.pi * f * (Double($0) / fs - delay)) }
        let estimate = Welch.crossSpectrum(x, y, sampleRate: fs, segmentLength: 256)!
        let k = Int(f / estimate.resolution)
        let power = estimate.density.reduce(0, +) * estimate.resolution
        #expect(abs(power - 0.5) < 0.01)
        #expect(abs(estimate.cross![k].phase - (-2 * Double.pi * f * delay)) < 1e-6)
    }
}
