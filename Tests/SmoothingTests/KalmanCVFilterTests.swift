import Foundation
import Geometry
import Smoothing
import Testing
import Tracking

@Suite struct KalmanCVFilterTests {
    /// The constant-velocity model contains the ramp: once the gains settle the error goes to zero.
    @Test func noiseFreeRampHasZeroSteadyStateLag() throws {
        let v = Vec3(0.2, -0.1, 0.05)
        let samples = TestSignals.ramp(seconds: 20, velocity: v)
        let out = try TestSignals.run("kalman-cv:q=0.05,r=2.5e-7", samples)
        let error = (samples.last!.position - out.last!).length
        #expect(error < 1e-9, "error \(error) m")
        // With predict = 0.03 the output leads the ramp by exactly v·0.03.
        let ahead = try TestSignals.run("kalman-cv:q=0.05,r=2.5e-7,predict=0.03", samples)
        #expect(((ahead.last! - samples.last!.position) - v * 0.03).length < 1e-9)
    }

    /// Stationary white noise: in steady state the filter is an α-β filter with α = K₀, β = K₁·T. Its
    /// position noise variance ratio (Kalata 1984) is (2α² + 2β − 3αβ)/(α(4 − 2α − β)), which must lie in
    /// (0, α) — below the filter's own posterior variance P₀₀/r = α, since the input has no acceleration.
    /// The gains come from iterating the Riccati recursion written out here, independently of the filter.
    @Test func stationaryNoiseGainMatchesTheAlphaBetaClosedForm() throws {
        let q = 0.05, r = 1e-6, t = 1.0 / 60
        var p00 = r, p01 = 0.0, p11 = 0.25
        var k0 = 0.0, k1 = 0.0
        for _ in 0..<10_000 {
            let a00 = p00 + 2 * t * p01 + t * t * p11 + q * t * t * t / 3
            let a01 = p01 + t * p11 + q * t * t / 2
            let a11 = p11 + q * t
            k0 = a00 / (a00 + r)
            k1 = a01 / (a00 + r)
            p00 = (1 - k0) * a00
            p01 = (1 - k0) * a01
            p11 = a11 - k1 * a01
        }
        let alpha = k0, beta = k1 * t
        let ratio = (2 * alpha * alpha + 2 * beta - 3 * alpha * beta) / (alpha * (4 - 2 * alpha - beta))
        #expect(ratio > 0 && ratio < alpha)
        let expectedGain = ratio.squareRoot()
        let samples = TestSignals.whiteNoise(count: 300_000, sigma: 0.001)
        let out = try TestSignals.run("kalman-cv:q=\(q),r=\(r)", samples)
        for axis in 0..<3 {
            let gain = TestSignals.std(out, axis: axis, skip: 600) / TestSignals.std(samples.map(\.position), axis: axis, skip: 600)
            #expect(abs(gain - expectedGain) / expectedGain < 0.015, "axis \(axis): gain \(gain), expected \(expectedGain)")
            #expect(gain < alpha.squareRoot())
        }
    }
}

@Suite struct DESPFilterTests {
    /// On a ramp DESP's level 2S₁ − S₂ has no lag and k·(S₁ − S₂) = v·predict: the output leads by predict.
    @Test(arguments: [0.0, 0.05])
    func rampIsTrackedAndPredicted(predict: Double) throws {
        let v = Vec3(0.2, 0, -0.1)
        let samples = TestSignals.ramp(seconds: 5, velocity: v)
        let out = try TestSignals.run("desp:alpha=0.5,predict=\(predict)", samples)
        #expect(((out.last! - samples.last!.position) - v * predict).length < 1e-9)
    }

    @Test func firstSamplePassesThrough() throws {
        let out = try TestSignals.run("desp", [HeadSample(t: 3, position: Vec3(0.1, 0.2, 0.3))])
        #expect(out[0] == Vec3(0.1, 0.2, 0.3))
    }
}

@Suite struct PredictStageTests {
    /// y + h·(y − y_prev)/Te: a ramp is led by exactly v·h; white noise is amplified by √(1 + 2n(n + 1)),
    /// n = h/Te, since the output is (1 + n)·y_k − n·y_{k−1}.
    @Test func rampLeadAndNoiseAmplification() throws {
        let v = Vec3(0.1, 0.2, 0)
        let ramp = TestSignals.ramp(seconds: 1, velocity: v)
        let led = try TestSignals.run("predict:horizon=0.03", ramp)
        #expect(((led.last! - ramp.last!.position) - v * 0.03).length < 1e-12)
        let n = 0.03 * 60
        let closedForm = (1 + 2 * n * (n + 1)).squareRoot()
        let noise = TestSignals.whiteNoise(count: 200_000, sigma: 0.001)
        let out = try TestSignals.run("predict:horizon=0.03", noise)
        let gain = TestSignals.std(out, axis: 0, skip: 2) / TestSignals.std(noise.map(\.position), axis: 0, skip: 2)
        #expect(abs(gain - closedForm) / closedForm < 0.01)
    }

    /// A chain feeds each stage the previous stage's output: ema then predict equals predict applied by hand.
    @Test func chainFeedsStagesInOrder() throws {
        let samples = TestSignals.whiteNoise(count: 50, sigma: 0.01)
        let ema = try TestSignals.run("ema:alpha=0.5", samples)
        let chained = try TestSignals.run("ema:alpha=0.5|predict:horizon=0.05", samples)
        #expect(chained[0] == ema[0])
        for k in 1..<samples.count {
            let byHand = ema[k] + (ema[k] - ema[k - 1]) * (0.05 / (samples[k].t - samples[k - 1].t))
            #expect((chained[k] - byHand).length < 1e-12)
        }
    }
}
