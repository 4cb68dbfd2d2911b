import Analysis
import Foundation
import Geometry
import Smoothing
import Testing
import Tracking

@Suite struct JitterMetricsTests {
    /// A still head with σ = 1 mm white noise per axis (no distance scaling, outliers or dropouts).
    static func stillTrace(seconds: Double = 120) throws -> HeadTrace {
        var noise = NoiseSpec.none
        noise.sigma = Vec3(0.001, 0.001, 0.001)
        noise.distanceExponent = Vec3(0, 0, 0)
        return try TraceSynthesizer.synthesize(TraceSpec(seed: 11, motion: [MotionSegment(model: .still, duration: seconds)], noise: noise))
    }

    @Test func recoversAKnownSigmaAgainstTruth() throws {
        let trace = try Self.stillTrace()
        let report = TraceAnalysis.analyze(trace, smoother: try SmootherSpec(parsing: "none"))
        let jitter = try #require(report.jitter.stationary)
        for value in [jitter.rmsMm.x, jitter.rmsMm.y, jitter.rmsMm.z] { #expect(abs(value - 1) < 0.03, "\(value) mm") }
        #expect(abs(jitter.rmsMm.norm - 3.0.squareRoot()) < 0.05)
        #expect(jitter.seconds > 100)
        // Peak-to-peak of gaussian noise over 7000 samples: between 6σ and 10σ.
        #expect(jitter.peakToPeakMm.x > 6 && jitter.peakToPeakMm.x < 10)
        // White noise: the RMS above 2 Hz is σ·√((30 − 2)/30).
        let residual = try #require(report.jitter.residual)
        #expect(abs(residual.rmsMm.x - (28.0 / 30).squareRoot()) < 0.04)
    }

    /// Through the EMA the stationary jitter is σ·√(α/(2 − α)) = 0.420 mm at α = 0.3.
    @Test func emaJitterMatchesTheNoiseGain() throws {
        let trace = try Self.stillTrace()
        let report = TraceAnalysis.analyze(trace, smoother: try SmootherSpec(parsing: "ema:alpha=0.3"))
        let jitter = try #require(report.jitter.stationary)
        for value in [jitter.rmsMm.x, jitter.rmsMm.y, jitter.rmsMm.z] { #expect(abs(value - 0.420) < 0.015, "\(value) mm") }
    }

    /// Without ground truth (fallback: per-second quadratic detrend) σ is still recovered to 5 %.
    @Test func recoversSigmaWithoutTruth() throws {
        var trace = try Self.stillTrace()
        trace.truth = nil
        let report = TraceAnalysis.analyze(trace, smoother: try SmootherSpec(parsing: "none"))
        #expect(report.reference == "measured")
        #expect(report.notes.contains { $0.contains("no ground truth") })
        let jitter = try #require(report.jitter.stationary)
        #expect(jitter.biasMm == nil)
        for value in [jitter.rmsMm.x, jitter.rmsMm.y, jitter.rmsMm.z] { #expect(abs(value - 1) < 0.05, "\(value) mm") }
    }

    @Test func movingTraceHasNoStationarySegments() throws {
        let trace = try TraceSynthesizer.synthesize(TraceSpec(seed: 1, motion: [MotionSegment(model: .sway, duration: 20)], noise: .none))
        let report = TraceAnalysis.analyze(trace, smoother: try SmootherSpec(parsing: "ema"))
        #expect(report.jitter.stationary == nil)
        #expect(report.notes.contains { $0.contains("no stationary stretch") })
    }
}

@Suite struct LatencyModelTests {
    /// No timestamp jitter: sensor + filter + hop (1 frame) + render (1 frame) + U[0, 1 frame).
    @Test func distributionIsTheShiftedUniformWait() {
        let model = LatencyModel(sensorLatency: 0.03, filterLag: 0.02, displayRate: 60)
        let d = model.distribution()
        let frame = 1.0 / 60
        let fixed = 0.03 + 0.02 + 2 * frame
        #expect(abs(model.fixedPart - fixed) < 1e-15)
        #expect(abs(d.p50 - (fixed + frame / 2)) < frame / 32)
        #expect(abs(d.mean - (fixed + frame / 2)) < 1e-12)
        #expect(abs(d.p05 - (fixed + 0.05 * frame)) < frame / 32)
        #expect(abs(d.p95 - (fixed + 0.95 * frame)) < frame / 32)
        #expect(d.min > fixed && d.max < fixed + frame)
        let fast = LatencyModel(sensorLatency: 0.03, filterLag: 0.02, displayRate: 120, mainThreadHop: false)
        #expect(abs(fast.distribution().mean - (0.05 + 1.0 / 120 + 0.5 / 120)) < 1e-12)
    }

    @Test func timingOffsetsAreDeviationsFromTheGrid() {
        let offsets = LatencyModel.timingOffsets(times: [1.0, 1.0 + 1.0 / 60 + 0.002, 1.0 + 3.0 / 60 - 0.001], rate: 60)
        #expect(abs(offsets[0]) < 1e-12 && abs(offsets[1] - 0.002) < 1e-12 && abs(offsets[2] + 0.001) < 1e-12)
    }
}

@Suite struct TraceAnalysisTests {
    /// analyze works on traces of every motion model, with the default noise, for several smoothers.
    @Test(arguments: MotionModel.allCases)
    func analyzesEveryMotionModel(model: MotionModel) throws {
        let trace = try TraceSynthesizer.synthesize(TraceSpec(seed: 3, motion: [MotionSegment(model: model, duration: 30)]))
        for spec in ["ema:alpha=0.25", "one-euro:mincutoff=1,beta=10|predict:horizon=0.03", "kalman-cv"] {
            let report = TraceAnalysis.analyze(trace, smoother: try SmootherSpec(parsing: spec))
            #expect(report.reference == "truth")
            #expect(report.latency.count == 2)
            #expect(report.latency.allSatisfy { $0.distribution.p05 <= $0.distribution.p95 })
            if model == .step { #expect(report.lag.step != nil) }
            if model == .chirp { #expect(report.lag.groupDelay?.isEmpty == false) }
            if model == .still { #expect(report.jitter.stationary != nil) }
            let json = try JSONSerialization.jsonObject(with: report.jsonData()) as! [String: Any]
            #expect(json["schema"] as? Int == 1)
            #expect(Set(json.keys).isSuperset(of: ["smoother", "trace", "reference", "lag", "jitter", "latency", "notes"]))
        }
    }

    /// A trace's own truth → measured delay is its tracker's: measured as sensor lag (and in the total lag), while
    /// head-to-photon latency takes the phone's tracker latency (assumed, or given) and the smoother's steady lag.
    @Test func latencyComponentsFromTheTrace() throws {
        var spec = TraceSpec(seed: 8, motion: [MotionSegment(model: .glance, duration: 60)], noise: .none)
        spec.noise.latency = 0.05
        let trace = try TraceSynthesizer.synthesize(spec)
        let report = TraceAnalysis.analyze(trace, smoother: try SmootherSpec(parsing: "none"))
        #expect(abs(report.lag.sensor!.seconds - 0.05) < 0.001)
        #expect(abs(report.lag.total!.seconds - 0.05) < 0.001)
        let model = report.latency[0].model
        #expect(model.sensorLatency == LatencyModel.assumedSensorLatency)
        #expect(model.filterLag == 0, "no smoother, no steady lag")
        #expect(model.renderFrames == 2, "the display's frame and the cube's hand-off")
        var options = AnalysisOptions()
        options.sensorLatency = 0.05
        let given = TraceAnalysis.analyze(trace, smoother: try SmootherSpec(parsing: "ema:alpha=0.25"), options: options).latency[0].model
        #expect(given.sensorLatency == 0.05)
        #expect(abs(given.filterLag - 0.05) < 1e-9, "EMA α = 0.25 at 60 Hz: 3 samples")
    }
}
