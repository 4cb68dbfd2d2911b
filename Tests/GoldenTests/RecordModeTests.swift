import Foundation
import Golden
import GoldenTesting
import Imaging
import ParallaxTestSupport
import Testing

@Suite struct RecordModeTests {
    func configuration(_ value: String?, environment: [String: String] = [:]) throws -> (GoldenTestConfiguration, TemporaryDirectory) {
        let directory = try TemporaryDirectory(prefix: "record-mode")
        var environment = environment
        environment["PARALLAX_RECORD"] = value
        var config = GoldenTestConfiguration.fromEnvironment(test: "t()", environment: environment)
        config.store.root = directory.path("goldens")
        config.artifactsDirectory = directory.path("artifacts")
        return (config, directory)
    }

    @Test func environmentValues() {
        #expect(RecordMode(environmentValue: nil) == .never)
        #expect(RecordMode(environmentValue: "") == .never)
        #expect(RecordMode(environmentValue: "1") == .failed)
        #expect(RecordMode.allCases.allSatisfy { RecordMode(environmentValue: $0.rawValue) == $0 })
        #expect(RecordMode(environmentValue: "sometimes") == nil)
    }

    @Test func anUnknownModeFailsInsteadOfGuessing() throws {
        let (config, directory) = try configuration("sometimes")
        defer { directory.cleanUp() }
        let error = try #require(throws: GoldenMismatch.self) {
            try expectFrame(TestImages.scene(width: 8, height: 8), matchesGolden: "m/a", configuration: config)
        }
        #expect(error.description.contains("PARALLAX_RECORD=sometimes: expected one of never, missing, failed, all"))
        #expect(!FileManager.default.fileExists(atPath: directory.path("goldens")))
    }

    @Test func missingRecordsOnlyAbsentGoldens() throws {
        let (config, directory) = try configuration("missing")
        defer { directory.cleanUp() }
        let frame = TestImages.scene(width: 64, height: 64)
        #expect(throws: GoldenMismatch.self) { try expectFrame(frame, matchesGolden: "m/a", configuration: config) }
        let golden = try PNGCodec.read(contentsOf: directory.path("goldens/m/a.png"))
        #expect(golden == frame)
        // A different frame against the existing golden: a mismatch, and the golden stays.
        let other = TestImages.scene(width: 64, height: 64, edgeRow: 20)
        let error = try #require(throws: GoldenMismatch.self) { try expectFrame(other, matchesGolden: "m/a", configuration: config) }
        #expect(!error.description.contains("recorded"))
        #expect(try PNGCodec.read(contentsOf: directory.path("goldens/m/a.png")) == frame)
    }

    @Test func failedRecordsMismatchesAndAllRecordsEvenMatches() throws {
        let (failed, directory) = try configuration("failed")
        defer { directory.cleanUp() }
        let frame = TestImages.scene(width: 64, height: 64)
        let other = TestImages.scene(width: 64, height: 64, edgeRow: 20)
        _ = try? expectFrame(frame, matchesGolden: "m/a", configuration: failed)
        #expect(try expectFrame(frame, matchesGolden: "m/a", configuration: failed).identical)  // a match is left alone
        #expect(throws: GoldenMismatch.self) { try expectFrame(other, matchesGolden: "m/a", configuration: failed) }
        #expect(try PNGCodec.read(contentsOf: directory.path("goldens/m/a.png")) == other)

        var all = failed
        all.recordMode = .all
        let error = try #require(throws: GoldenMismatch.self) { try expectFrame(other, matchesGolden: "m/a", configuration: all) }
        #expect(error.description.contains("re-recorded golden 'm/a'") && error.description.contains("PARALLAX_RECORD=all"))
    }

    @Test func noModeRecordsUnderCI() throws {
        for mode in ["missing", "failed", "all"] {
            let (config, directory) = try configuration(mode, environment: ["CI": "true"])
            defer { directory.cleanUp() }
            #expect(throws: GoldenError.recordRefusedInCI(name: "m/a")) {
                try expectFrame(TestImages.scene(width: 8, height: 8), matchesGolden: "m/a", configuration: config)
            }
        }
    }
}
