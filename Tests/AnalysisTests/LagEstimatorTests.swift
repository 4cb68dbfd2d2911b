import Analysis
import Foundation
import Geometry
import Smoothing
import Testing
import Tracking

@Suite struct LagEstimatorTests {
    static func grid(_ trace: HeadTrace, _ filtered: [Vec3]? = nil) -> UniformSeries {
        UniformSeries(samples: trace.samples, signals: [trace.truth!, filtered ?? trace.samples.map(\.position)], rate: 60)
    }

    /// The synthesizer delays the measured path by `latency`: the estimator must recover 37 ms to 1 ms.
    @Test(arguments: [MotionModel.glance, .sway, .chirp])
    func recoversAnInjectedDelay(model: MotionModel) throws {
        var spec = TraceSpec(seed: 9, motion: [MotionSegment(model: model, duration: 60)], noise: .none)
        spec.noise.latency = 0.037
        let trace = try TraceSynthesizer.synthesize(spec)
        let g = Self.grid(trace)
        let lag = try #require(LagEstimator.velocityLag(reference: g.signals[0], signal: g.signals[1], valid: g.valid, rate: 60))
        #expect(abs(lag.seconds - 0.037) < 0.001, "\(model): \(lag.seconds)")
        #expect(lag.correlation > 0.9)
    }

    /// The same with the default sensor noise, timestamp jitter, outliers and dropouts switched on.
    @Test func recoversAnInjectedDelayThroughNoise() throws {
        var spec = TraceSpec(seed: 4, motion: [MotionSegment(model: .glance, duration: 120)])
        spec.noise.latency = 0.037
        let trace = try TraceSynthesizer.synthesize(spec)
        let g = Self.grid(trace)
        let lag = try #require(LagEstimator.velocityLag(reference: g.signals[0], signal: g.signals[1], valid: g.valid, rate: 60))
        #expect(abs(lag.seconds - 0.037) < 0.001, "\(lag.seconds)")
    }

    /// A signal built here (sum of sinusoids) shifted by exactly −0.025 s: the estimator sees a lead.
    @Test func negativeDelayIsALead() {
        let rate = 60.0
        func f(_ t: Double) -> Vec3 { Vec3(0.03 * sin(2 * .pi * 0.7 * t) + 0.01 * sin(2 * .pi * 1.9 * t + 1), 0.02 * sin(2 * .pi * 0.31 * t), 0) }
        let n = 3000
        let reference = (0..<n).map { f(Double($0) / rate) }
        let signal = (0..<n).map { f(Double($0) / rate + 0.025) }
        let lag = LagEstimator.velocityLag(reference: reference, signal: signal, valid: [Bool](repeating: true, count: n), rate: rate)
        #expect(abs(lag!.seconds + 0.025) < 0.001)
    }

    /// Ramp steady-state lag of the EMA: Te·(1 − α)/α = 38.9 ms at α = 0.3, 60 Hz.
    @Test func rampLagOfTheEMA() throws {
        let samples = (0..<300).map { HeadSample(t: Double($0) / 60, position: Vec3(0.1 * Double($0) / 60, 0, 0.4)) }
        var ema = try SmootherSpec(parsing: "ema:alpha=0.3").makeSmoother()
        let filtered = ema.smooth(samples)
        let ramp = try #require(LagEstimator.rampLag(reference: samples.map(\.position), signal: filtered,
                                                     valid: [Bool](repeating: true, count: samples.count), rate: 60))
        #expect(abs(ramp.seconds - (1.0 / 60) * 0.7 / 0.3) < 1e-6)
        #expect(ramp.samples > 200)
    }

    @Test func stillSignalHasNoLag() {
        let still = [Vec3](repeating: Vec3(0, 0, 0.3), count: 600)
        #expect(LagEstimator.velocityLag(reference: still, signal: still, valid: [Bool](repeating: true, count: 600), rate: 60) == nil)
        #expect(LagEstimator.rampLag(reference: still, signal: still, valid: [Bool](repeating: true, count: 600), rate: 60) == nil)
    }
}

@Suite struct StepAndGroupDelayTests {
    /// EMA step response: after the jump at sample 0, y_k = 1 − (1 − α)^(k+1) (y₋₁ = 0). The 10 % and 90 %
    /// crossings are interpolated linearly between samples, by hand here.
    @Test func emaStepRiseTimeAndNoOvershoot() throws {
        let spec = TraceSpec(seed: 1, motion: [MotionSegment(model: .step, duration: 10)], noise: .none)
        let trace = try TraceSynthesizer.synthesize(spec)
        var ema = try SmootherSpec(parsing: "ema:alpha=0.3").makeSmoother()
        let filtered = ema.smooth(trace.samples)
        let summary = try #require(StepResponse.measure(samples: trace.samples, reference: trace.truth!, filtered: filtered, threshold: 0.005))
        #expect(summary.steps == 9)  // jumps at 1, 2, …, 9 s
        func y(_ k: Int) -> Double { k < 0 ? 0 : 1 - pow(0.7, Double(k + 1)) }
        func crossing(_ level: Double) -> Double {
            var k = -1
            while y(k + 1) < level { k += 1 }
            return Double(k) + (level - y(k)) / (y(k + 1) - y(k))  // in samples, from sample 0
        }
        let expected = (crossing(0.9) - crossing(0.1)) / 60
        // y₀ = 0.3 ≥ 0.1 → crossing 0.1 at −1 + 0.1/0.3; y₅ = 0.882, y₆ = 0.918 → 5 + 0.018/0.036.
        #expect(abs(expected - (5.5 - (-1 + 1.0 / 3)) / 60) < 1e-3 / 60)
        #expect(abs(summary.riseTime! - expected) < 1e-9)
        #expect(summary.overshoot < 1e-12)
    }

    /// Group delay of the EMA on a chirp against the first-order closed form
    /// τ_g(ω) = (β·cos ω − β²)/(1 − 2β·cos ω + β²) samples, β = 1 − α, ω = 2πf/60.
    @Test func emaGroupDelayOnAChirp() throws {
        let spec = TraceSpec(seed: 1, motion: [MotionSegment(model: .chirp, duration: 60)], noise: .none)
        let trace = try TraceSynthesizer.synthesize(spec)
        var ema = try SmootherSpec(parsing: "ema:alpha=0.3").makeSmoother()
        let filtered = ema.smooth(trace.samples)
        let g = UniformSeries(samples: trace.samples, signals: [trace.truth!, filtered], rate: 60)
        let points = GroupDelay.estimate(reference: g.signals[0], filtered: g.signals[1], valid: g.valid, rate: 60)
        #expect(points.count >= 3)
        for point in points {
            let beta = 0.7, omega = 2 * Double.pi * point.frequencyHz / 60
            let closedForm = (beta * cos(omega) - beta * beta) / (1 - 2 * beta * cos(omega) + beta * beta) / 60
            #expect(abs(point.groupDelay - closedForm) < 0.001, "\(point.frequencyHz) Hz: \(point.groupDelay) vs \(closedForm)")
            let phaseDelay = atan(beta * sin(omega) / (1 - beta * cos(omega))) / omega / 60
            #expect(abs(point.phaseDelay - phaseDelay) < 0.001)
            let gain = 0.3 / (1 - 2 * beta * cos(omega) + beta * beta).squareRoot()
            #expect(abs(point.gain - gain) < 0.02)
        }
    }
}
