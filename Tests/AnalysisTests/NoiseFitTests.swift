import Analysis
import Foundation
import Geometry
import Plumbing
import Testing
import Tracking
import Vocabulary

@Suite struct NoiseFitTests {
    /// A known sensor model, different from the defaults in every parameter.
    static let known: NoiseSpec = {
        var noise = NoiseSpec()
        noise.sigma = Vec3(0.0006, 0.0005, 0.002)
        noise.referenceDistance = 0.35
        noise.distanceExponent = Vec3(1, 1, 2)
        noise.outlierProbability = 0.003
        noise.outlierMagnitude = 0.02
        noise.dropoutRate = 0.2
        noise.dropoutDuration = 0.3
        noise.timingJitter = 0.001
        noise.droppedFrameProbability = 0.01
        return noise
    }()

    /// 10 minutes: holding still, leaning between 25 and 60 cm (so the distance exponent is observable), swaying.
    static func recording(tracked: Bool) throws -> HeadTrace {
        let spec = TraceSpec(seed: 42, motion: [
            MotionSegment(model: .still, duration: 120), MotionSegment(model: .lean, duration: 360), MotionSegment(model: .sway, duration: 120),
        ], noise: known)
        var trace = try TraceSynthesizer.synthesize(spec)
        trace.truth = nil
        if !tracked { for i in trace.samples.indices { trace.samples[i].tracked = true } }  // only frozen positions say "lost"
        return trace
    }

    static func within(_ fitted: Double, _ truth: Double, _ tolerance: Double, _ what: String) {
        #expect(abs(fitted - truth) <= tolerance * abs(truth), "\(what): fitted \(fitted), true \(truth)")
    }

    /// Tolerances (stated in the README): σ and timing jitter within 10 %, the distance exponent within
    /// ±0.25, rates, lengths and the outlier size within 25 %, on a 10-minute trace — with and without a
    /// `tracked` column; the 95 % intervals contain the true σ.
    @Test(arguments: [true, false])
    func recoversAKnownNoiseSpec(tracked: Bool) throws {
        let fit = try NoiseFit.fit(try Self.recording(tracked: tracked))
        let k = Self.known
        Self.within(fit.rate, 60, 0.01, "rate")
        Self.within(fit.timingJitter.value, k.timingJitter, 0.10, "timing jitter")
        Self.within(fit.droppedFrameProbability.value, k.droppedFrameProbability, 0.25, "dropped frames")
        // σ is reported at the recording's median distance: convert the true σ there.
        for axis in 0..<3 {
            let trueSigma = k.sigma[axis] * pow(fit.referenceDistance / k.referenceDistance, k.distanceExponent[axis])
            Self.within(fit.sigma[axis].value, trueSigma, 0.10, "σ axis \(axis)")
            let exponent = try #require(fit.distanceExponent[axis])
            #expect(abs(exponent.value - k.distanceExponent[axis]) <= 0.25, "exponent axis \(axis): \(exponent.value)")
        }
        Self.within(fit.outlierProbability.value, k.outlierProbability, 0.25, "outlier rate")
        Self.within(fit.outlierMagnitude, k.outlierMagnitude, 0.25, "outlier size")
        Self.within(fit.dropoutRate.value, k.dropoutRate, 0.25, "dropout rate")
        Self.within(fit.dropoutDuration.value, k.dropoutDuration, 0.25, "dropout length")
        #expect(fit.notes.contains { $0.contains("latency is not observable") })

        // The written spec reads back through the same decoder `synth --spec` uses, and synthesizes.
        let spec = fit.traceSpec(recording: try Self.recording(tracked: tracked), seed: 3)
        let yaml = try spec.yaml(comments: ["fitted"])
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("noise-fit-\(UUID().uuidString).yml")
        defer { try? FileManager.default.removeItem(at: url) }
        try yaml.write(to: url, atomically: true, encoding: .utf8)
        let decoded = try SpecFile.load(TraceSpec.self, from: url.path)
        #expect(decoded == spec)
        #expect(try TraceSynthesizer.synthesize(decoded).count > 1000)
    }

    /// A recording without depth span keeps the given exponent and says so.
    @Test func keepsTheGivenExponentWithoutDepthSpan() throws {
        var noise = Self.known
        noise.dropoutRate = 0
        noise.outlierProbability = 0
        var trace = try TraceSynthesizer.synthesize(TraceSpec(seed: 9, motion: [MotionSegment(model: .sway, duration: 120)], noise: noise))
        trace.truth = nil
        let fit = try NoiseFit.fit(trace)
        #expect(fit.distanceExponent.allSatisfy { $0 == nil })
        #expect(fit.notes.contains { $0.contains("distance exponent not fitted") })
        for axis in 0..<3 { Self.within(fit.sigma[axis].value, noise.sigma[axis], 0.10, "σ axis \(axis)") }
        #expect(fit.outlierProbability.value < 0.0005)
        #expect(fit.dropouts == 0 && fit.dropoutRate.value == 0)
    }

    @Test func tooShortARecordingIsAnError() throws {
        let trace = HeadTrace(samples: (0..<50).map { HeadSample(t: Double($0) / 60, position: Vec3(0, 0, 0.35 + Double($0) * 1e-4)) })
        #expect(throws: FieldError.self) { try NoiseFit.fit(trace) }
    }
}
