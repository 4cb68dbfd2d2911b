import Foundation
import ParallaxTestSupport
import Testing
@testable import Harness
@testable import Reporting

/// The report folder a run publishes: staged and swapped in whole, with one run id in report.json and beside
/// the frames.
@Suite struct ReportFolderTests {
    func files(_ directory: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in FileManager.default.subpaths(atPath: directory) ?? [] {
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: directory + "/" + path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { files[path] = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + path)) }
        }
        return files
    }

    @Test func theRunIDIsInReportJSONAndBesideTheFramesAndTheSameForTheSameInputs() throws {
        let fixture = try SuiteRunTests.Fixture()
        defer { fixture.cleanUp() }
        _ = try fixture.run(record: true)
        let first = try fixture.run()
        let runID = try #require(first.report.runId)
        #expect(runID.count == 16 && runID.allSatisfy(\.isHexDigit))
        #expect(try String(contentsOfFile: fixture.output + "/frames/run-id", encoding: .utf8) == runID + "\n")
        let stored = try ReportWriter.decode(Data(contentsOf: URL(fileURLWithPath: fixture.output + "/report.json")))
        #expect(stored.runId == runID)
        #expect(try ReportFolder.runID(of: stored, in: fixture.output) == runID)
        let second = try fixture.run()
        #expect(second.report.runId == runID, "same inputs, another run id")
        #expect(second.directory == fixture.output)
        // junit.xml's attachments point into the published folder, never the staging folder.
        let junit = try String(contentsOfFile: fixture.output + "/junit.xml", encoding: .utf8)
        #expect(!junit.contains(".staging-"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.dir.path).filter { $0.hasPrefix(".report.") } == [])
    }

    @Test func aRunThatStopsOnBadInputLeavesThePreviousReport() throws {
        let fixture = try SuiteRunTests.Fixture()
        defer { fixture.cleanUp() }
        _ = try fixture.run()
        let before = try files(fixture.output)
        // A frame whose golden name is refused: the run stops after the scenarios, in the frames stage.
        let text = try String(contentsOfFile: fixture.suite, encoding: .utf8)
        try text.replacingOccurrences(of: "name: cube/a,", with: "name: '../a',").write(toFile: fixture.suite, atomically: true, encoding: .utf8)
        #expect(throws: (any Error).self) { try fixture.run() }
        #expect(try files(fixture.output) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.dir.path).filter { $0.hasPrefix(".report.") } == [])
    }

    @Test func aReportWithoutARunIDStillDecodes() throws {
        let fixture = try SuiteRunTests.Fixture()
        defer { fixture.cleanUp() }
        _ = try fixture.run()
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: fixture.output + "/report.json"))) as! [String: Any]
        json["run_id"] = nil
        let old = try ReportWriter.decode(JSONSerialization.data(withJSONObject: json))
        #expect(old.runId == nil && old.schema == 1)
        #expect(!String(decoding: try ReportWriter.json(old), as: UTF8.self).contains("run_id"))
    }
}
