import Foundation
import Golden
import GoldenTesting
import Imaging
import ParallaxTestSupport
import Testing

@Suite struct ExpectFrameTests {
    func configuration(record: Bool = false, environment: [String: String] = [:]) throws -> (GoldenTestConfiguration, String) {
        let base = try TemporaryDirectory(prefix: "expect").url.path
        var config = GoldenTestConfiguration.fromEnvironment(test: "cubeFrames()", environment: environment)
        config.store.root = base + "/goldens"
        config.artifactsDirectory = base + "/artifacts"
        config.recordMode = record ? .failed : .never
        return (config, base)
    }

    @Test func missingGoldenFailsWithRecordCommandAndWritesActual() throws {
        let (config, base) = try configuration()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let frame = TestImages.scene(width: 32, height: 32)
        do {
            try expectFrame(frame, matchesGolden: "cube/center", configuration: config)
            Issue.record("missing golden passed")
        } catch let error as GoldenMismatch {
            #expect(error.description.contains("record it with: PARALLAX_RECORD=1 swift test --filter 'cubeFrames'"))
            #expect(error.artifacts == [base + "/artifacts/cube/center.actual.png"])
            #expect(try PNGCodec.read(contentsOf: error.artifacts[0]) == frame)
        }
        #expect(!FileManager.default.fileExists(atPath: base + "/goldens/cube/center.png"))
    }

    @Test func recordModeRecordsOnceAndThenMatches() throws {
        let (config, base) = try configuration(record: true)
        defer { try? FileManager.default.removeItem(atPath: base) }
        let frame = TestImages.scene(width: 32, height: 32)
        #expect(throws: GoldenMismatch.self) { try expectFrame(frame, matchesGolden: "cube/center", configuration: config) }
        var compare = config
        compare.recordMode = .never
        let result = try expectFrame(frame, matchesGolden: "cube/center", configuration: compare)
        #expect(result.identical)
    }

    @Test func recordModeIsRefusedUnderCI() throws {
        let (config, base) = try configuration(record: true, environment: ["CI": "1"])
        defer { try? FileManager.default.removeItem(atPath: base) }
        #expect(throws: GoldenError.recordRefusedInCI(name: "cube/center")) {
            try expectFrame(TestImages.scene(width: 16, height: 16), matchesGolden: "cube/center", configuration: config)
        }
        #expect(!FileManager.default.fileExists(atPath: base + "/goldens"))
    }

    @Test func mismatchWritesExpectedActualDiffAndStrip() throws {
        let (config, base) = try configuration()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let golden = TestImages.scene(width: 64, height: 64)
        try config.store.record(image: golden, name: "cube/left",
                                parameters: GoldenParameters(renderer: "r", scene: "s", headPose: [0, 0, 0.3], screen: "x", version: "0"),
                                environment: [:])
        var actual = golden
        actual.fill(x: 10, y: 10, width: 24, height: 24, with: RGBA(255, 0, 255))
        do {
            try expectFrame(actual, matchesGolden: "cube/left", configuration: config)
            Issue.record("mismatch passed")
        } catch let error as GoldenMismatch {
            let prefix = base + "/artifacts/cube/left"
            #expect(error.artifacts == ["golden", "actual", "diff", "strip"].map { "\(prefix).\($0).png" })
            #expect(try PNGCodec.read(contentsOf: prefix + ".golden.png") == golden)
            #expect(try PNGCodec.read(contentsOf: prefix + ".actual.png") == actual)
            let diff = try PNGCodec.read(contentsOf: prefix + ".diff.png")
            #expect(diff[20, 20].r == 255 && diff[20, 20].g == 0)
            #expect(error.description.contains("FAIL") && error.description.contains("24×24 at (10, 10)"))
            #expect(error.comparison?.passed == false)
        }
        // Within tolerance: passes and writes nothing new.
        try FileManager.default.removeItem(atPath: base + "/artifacts")
        var close = golden
        close.pixels[0] += 1
        #expect(try expectFrame(close, matchesGolden: "cube/left", configuration: config).passed)
        #expect(!FileManager.default.fileExists(atPath: base + "/artifacts"))
    }

    @Test func checkFrameReturnsNilOrTheDescription() throws {
        let (config, base) = try configuration()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let frame = TestImages.scene(width: 16, height: 16)
        let missing = try #require(checkFrame(frame, matchesGolden: "a/b", configuration: config))
        #expect(missing.hasPrefix("golden 'a/b' is missing"))
        try config.store.record(image: frame, name: "a/b",
                                parameters: GoldenParameters(renderer: "r", scene: "s", headPose: [], screen: "x", version: "0"),
                                environment: [:])
        #expect(checkFrame(frame, matchesGolden: "a/b", configuration: config) == nil)
    }
}
