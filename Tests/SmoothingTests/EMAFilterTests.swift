import Foundation
import Geometry
import Smoothing
import Testing
import Tracking

@Suite struct EMAFilterTests {
    /// Ramp x = v·t: the EMA's steady-state error is v·Te·(1 − α)/α, i.e. a lag of Te·(1 − α)/α.
    @Test(arguments: [(0.3, 0.0389), (0.5, 0.0167)])
    func rampLagMatchesClosedForm(alpha: Double, roundedSeconds: Double) throws {
        let te = 1.0 / 60
        let closedForm = te * (1 - alpha) / alpha
        #expect(abs(closedForm - roundedSeconds) < 0.00005)  // 38.9 ms at α = 0.3, 16.7 ms at α = 0.5
        let v = 0.2
        let samples = TestSignals.ramp(seconds: 5, velocity: Vec3(v, 0, 0))
        let out = try TestSignals.run("ema:alpha=\(alpha)", samples)
        let last = samples.count - 1
        let lag = (samples[last].position.x - out[last].x) / v
        #expect(abs(lag - closedForm) < 1e-9)
    }

    /// White noise through y = αx + (1 − α)y_prev: variance gain α/(2 − α); at α = 0.3 the σ gain is 0.420.
    @Test func whiteNoiseGainMatchesClosedForm() throws {
        let alpha = 0.3
        let closedForm = (alpha / (2 - alpha)).squareRoot()
        #expect(abs(closedForm - 0.420) < 0.0005)
        let samples = TestSignals.whiteNoise(count: 300_000, sigma: 0.001)
        let out = try TestSignals.run("ema:alpha=0.3", samples)
        for axis in 0..<3 {
            let gain = TestSignals.std(out, axis: axis, skip: 100) / TestSignals.std(samples.map(\.position), axis: axis, skip: 100)
            #expect(abs(gain - closedForm) / closedForm < 0.01, "axis \(axis): gain \(gain)")
        }
    }

    @Test func firstSamplePassesThroughThenBlends() throws {
        let samples = [HeadSample(t: 0, position: Vec3(0.1, 0.2, 0.3)), HeadSample(t: 1.0 / 60, position: Vec3(0.2, 0.2, 0.5))]
        let out = try TestSignals.run("ema:alpha=0.25", samples)
        #expect(out[0] == Vec3(0.1, 0.2, 0.3))
        // 0.25·0.2 + 0.75·0.1 = 0.125; 0.25·0.5 + 0.75·0.3 = 0.35
        #expect(abs(out[1].x - 0.125) < 1e-15 && abs(out[1].y - 0.2) < 1e-15 && abs(out[1].z - 0.35) < 1e-15)
    }

    /// τ form: at a steady rate, ema-time with τ = −Te/ln(1 − α) is the per-sample EMA with that α.
    @Test func timeConstantFormIsEquivalentAtASteadyRate() throws {
        let alpha = 0.25, te = 1.0 / 60
        let tau = -te / log(1 - alpha)
        #expect(abs(tau - 0.058) < 0.0005)  // the app's α = 0.25 at 60 Hz is τ ≈ 0.058 s
        let samples = TestSignals.whiteNoise(count: 2_000, sigma: 0.01)
        let perSample = try TestSignals.run("ema:alpha=\(alpha)", samples)
        let timeForm = try TestSignals.run("ema-time:tau=\(tau)", samples)
        for (a, b) in zip(perSample, timeForm) { #expect((a - b).length < 1e-12) }
    }

    /// ema-time is rate-independent: on a ramp sampled at 60 and at 240 Hz the lag in seconds is
    /// Te·e^(−Te/τ)/(1 − e^(−Te/τ)) → τ − Te/2 + O(Te²), i.e. both close to τ, unlike the per-sample EMA.
    @Test func timeConstantFormLagIsNearlyRateIndependent() throws {
        let tau = 0.05, v = 0.1
        for rate in [60.0, 240.0] {
            let te = 1 / rate
            let closedForm = te * exp(-te / tau) / (1 - exp(-te / tau))
            let samples = TestSignals.ramp(rate: rate, seconds: 3, velocity: Vec3(v, 0, 0))
            let out = try TestSignals.run("ema-time:tau=\(tau)", samples)
            let lag = (samples.last!.position.x - out.last!.x) / v
            #expect(abs(lag - closedForm) < 1e-9)
            #expect(abs(lag - tau) < te / 2 + 1e-4)
        }
    }
}
