import Foundation
import Geometry
import ParallaxTestSupport
import Testing
import Tracking
import Vocabulary

@Suite struct TraceSpecOverridesTests {
    static let single = TraceSpec(seed: 3, motion: [MotionSegment(model: .sway, duration: 10)])

    @Test func noOverridesKeepTheSpec() throws {
        #expect(try Self.single.applying(TraceSpecOverrides()) == Self.single)
    }

    @Test func everyOverrideReplacesItsValue() throws {
        let spec = try Self.single.applying(TraceSpecOverrides(
            duration: 4, seed: 9, rate: 30, start: Vec3(0.01, 0, 0.4), sigma: Vec3(0.001, 0.002, 0.003), latency: 0.05,
            dropoutRate: 0.5, timingJitter: 0.002, depthScaleError: 0.03))
        #expect(spec.motion.map(\.duration) == [4] && spec.seed == 9 && spec.rate == 30 && spec.start == Vec3(0.01, 0, 0.4))
        #expect(spec.noise.sigma == Vec3(0.001, 0.002, 0.003) && spec.noise.latency == 0.05 && spec.noise.dropoutRate == 0.5)
        #expect(spec.noise.timingJitter == 0.002 && spec.noise.depthScaleError == 0.03)
        // Untouched noise values stay the spec's.
        #expect(spec.noise.outlierProbability == NoiseSpec().outlierProbability)
    }

    /// No noise first, then the given noise values on top of it.
    @Test func noNoiseComesBeforeTheNoiseValues() throws {
        let quiet = try Self.single.applying(TraceSpecOverrides(noNoise: true))
        #expect(quiet.noise == NoiseSpec.none)
        var expected = NoiseSpec.none
        expected.latency = 0.02
        #expect(try Self.single.applying(TraceSpecOverrides(noNoise: true, latency: 0.02)).noise == expected)
    }

    @Test func aDurationNeedsASingleSegment() throws {
        let two = TraceSpec(motion: [MotionSegment(model: .still, duration: 2), MotionSegment(model: .sway, duration: 3)])
        #expect { try two.applying(TraceSpecOverrides(duration: 5)) } throws: {
            ($0 as? FieldError)?.description == "duration: expected one motion segment (set the durations of several in the spec), found 2 segments"
        }
        #expect(try two.applying(TraceSpecOverrides(seed: 2)).motion == two.motion)
    }

    @Test func synthesizingToAFileWritesTheSpecsTrace() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let spec = try Self.single.applying(TraceSpecOverrides(duration: 2))
        try TraceSynthesizer.synthesize(spec, to: dir.path("t.csv"))
        #expect(try Data(contentsOf: dir.url.appendingPathComponent("t.csv")) == Data(TraceCSVWriter.encode(try TraceSynthesizer.synthesize(spec))))
        #expect(throws: FieldError.self) { try TraceSynthesizer.synthesize(try spec.applying(TraceSpecOverrides(rate: -1)), to: dir.path("bad.csv")) }
        #expect(!FileManager.default.fileExists(atPath: dir.path("bad.csv")))
    }
}
