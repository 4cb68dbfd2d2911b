import Analysis
import Foundation
import ParallaxTestSupport
import Plumbing
import Testing
import Tracking
import Vocabulary

@Suite struct NoiseFitFileTests {
    @Test func writesTheFittedSpecWithTheGivenLatencyAndSeed() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        var recording = try TraceSynthesizer.synthesize(TraceSpec(seed: 8, motion: [
            MotionSegment(model: .still, duration: 20), MotionSegment(model: .sway, duration: 20),
        ]))
        recording.truth = nil
        try TraceCSVWriter.write(recording, to: dir.path("rec.csv"))
        let fit = try NoiseFit.fit(contentsOf: dir.path("rec.csv"), latency: 0.04, seed: 7, writingSpecTo: dir.path("device.yml"))
        let text = String(decoding: try FileContents.read(dir.path("device.yml")), as: UTF8.self)
        #expect(text.hasPrefix("# noise fitted by parallax fit \(ParallaxVersion.string) to rec.csv\n"))
        let written = try SpecFile.load(TraceSpec.self, from: dir.path("device.yml"))
        #expect(written.seed == 7 && written.noise.latency == 0.04)
        var given = NoiseSpec()
        given.latency = 0.04
        #expect(written == fit.traceSpec(recording: try TraceCSVReader.read(contentsOf: dir.path("rec.csv")), given: given, seed: 7))
    }

    @Test func refusalsNameTheFieldOrTheFileAndWriteNothing() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let short = try TraceSynthesizer.synthesize(TraceSpec(motion: [MotionSegment(model: .still, duration: 1)]))
        try TraceCSVWriter.write(short, to: dir.path("short.csv"))
        #expect { try NoiseFit.fit(contentsOf: dir.path("short.csv"), latency: 2, seed: 1, writingSpecTo: dir.path("a.yml")) } throws: {
            ($0 as? FieldError)?.description == "latency: expected a latency in [0, 1] s, found 2.0"
        }
        #expect { try NoiseFit.fit(contentsOf: dir.path("short.csv"), latency: 0, seed: 1, writingSpecTo: dir.path("a.yml")) } throws: {
            ($0 as? FieldError)?.description.hasPrefix("\(dir.path("short.csv")): expected at least 100 samples") == true
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path("a.yml")))
    }
}
