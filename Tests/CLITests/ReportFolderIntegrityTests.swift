import Foundation
import ParallaxTestSupport
import Testing

/// A report folder is never half old, half new: `parallax run` killed at any point leaves the previous report
/// byte for byte, and `parallax accept` promotes only frames of the run report.json describes.
@Suite(.serialized) struct ReportFolderIntegrityTests {
    /// Every file under `directory` (relative path → bytes).
    static func snapshot(_ directory: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in FileManager.default.subpaths(atPath: directory.path) ?? [] {
            var isDirectory: ObjCBool = false
            let url = directory.appendingPathComponent(path)
            FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { files[path] = try Data(contentsOf: url) }
        }
        return files
    }

    static func leftovers(in fixture: ReviewFixture) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: fixture.url.path).filter { $0.hasPrefix(".report.") }
    }

    @Test func aKilledRunLeavesThePreviousReportByteForByte() throws {
        let fixture = try ReviewFixture()
        defer { fixture.directory.cleanUp() }
        #expect(try fixture.parallax(["run", "suite.yml"]).status == 1)
        let report = fixture.url.appendingPathComponent("report")
        var previous = try Self.snapshot(report)
        #expect(previous["report.json"] != nil && previous["frames/run-id"] != nil)
        // The fixture's run takes about 2 s in a debug build: these kill it while it loads, renders and writes.
        var killed = 0
        for delay in [0.05, 0.3, 0.6, 0.9, 1.2, 1.5] {
            do {
                let finished = try ParallaxProcess.run(["run", "suite.yml"], environment: ["PATH": "/usr/bin:/bin"], in: fixture.url, timeout: delay)
                // Finished before the kill: a whole new report (the times in junit.xml and timings.json differ), the previous
                // one from now on.
                #expect(finished.status == 1, "\(finished.stdout)\(finished.stderr)")
                let current = try Self.snapshot(report)
                let timings: Set = ["junit.xml", "timings.json"]
                #expect(current.filter { !timings.contains($0.key) } == previous.filter { !timings.contains($0.key) })
                previous = current
            } catch is ChildProcessTimeout {
                killed += 1
                // Killed before the new report was moved into place: the previous one byte for byte. Killed after (the
                // run done, the process not yet gone; the optimised build gets there in a few tenths of a second): the
                // whole new one — every file as before but the two with times, and those two both new.
                let current = try Self.snapshot(report)
                let timings: Set = ["junit.xml", "timings.json"]
                let changed = timings.filter { current[$0] != previous[$0] }, present = timings.filter { current[$0] != nil }
                let whole = current.filter { !timings.contains($0.key) } == previous.filter { !timings.contains($0.key) }
                    && (changed.isEmpty || changed == present)
                #expect(whole, "killed after \(delay) s: \(Set(current.keys).symmetricDifference(previous.keys).sorted()) differ, or their bytes")
                previous = current
            }
        }
        #expect(killed >= 1)
        // A later run removes what the killed runs left beside the report.
        #expect(try fixture.parallax(["run", "suite.yml"]).status == 1)
        #expect(try Self.leftovers(in: fixture) == [])
        #expect(try fixture.parallax(["accept", "report", "--failed"]).status == 0)
    }

    @Test func acceptRefusesFramesOfAnotherRun() throws {
        let fixture = try ReviewFixture()
        defer { fixture.directory.cleanUp() }
        #expect(try fixture.parallax(["run", "suite.yml"]).status == 1)
        #expect(try fixture.parallax(["run", "suite.yml", "--output", "other"]).status == 1)
        let runID = try String(contentsOfFile: fixture.directory.path("report/frames/run-id"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: fixture.url.appendingPathComponent("report/report.json"))) as! [String: Any]
        #expect(json["run_id"] as? String == runID)
        #expect(runID.count == 16)
        let goldens = try Self.snapshot(fixture.url.appendingPathComponent("goldens"))

        // Another run's id beside the frames.
        try "0123456789abcdef\n".write(toFile: fixture.directory.path("report/frames/run-id"), atomically: true, encoding: .utf8)
        let otherID = try fixture.parallax(["accept", "report", "--failed"])
        #expect(otherID.status == 2)
        #expect(otherID.stderr.contains("frames/run-id: run 0123456789abcdef, but report.json is run \(runID): the frames are another run's"), "\(otherID.stderr)")
        #expect(otherID.stderr.split(separator: "\n").count == 1)

        // The right id, but another frame's pixels in place of fx/b-offset.
        try (runID + "\n").write(toFile: fixture.directory.path("report/frames/run-id"), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: fixture.directory.path("report/frames/fx__b-offset.actual.png"))
        try FileManager.default.copyItem(atPath: fixture.directory.path("report/frames/fx__a-center.actual.png"),
                                         toPath: fixture.directory.path("report/frames/fx__b-offset.actual.png"))
        let swapped = try fixture.parallax(["accept", "report", "--only", "fx/b-offset"])
        #expect(swapped.status == 2)
        #expect(swapped.stderr.contains("report.json: run_id \(runID), but the folder's report, frames and numbers hash to"), "\(swapped.stderr)")

        // No id beside the frames.
        try FileManager.default.removeItem(atPath: fixture.directory.path("other/frames/run-id"))
        let missing = try fixture.parallax(["accept", "other", "--failed"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("frames/run-id: missing"), "\(missing.stderr)")
        #expect(try Self.snapshot(fixture.url.appendingPathComponent("goldens")) == goldens, "a refused accept changed a golden")
    }

    @Test func acceptRefusesAReportWithoutARunID() throws {
        let fixture = try ReviewFixture()
        defer { fixture.directory.cleanUp() }
        #expect(try fixture.parallax(["run", "suite.yml"]).status == 1)
        // report.json as written before runs were staged: no run_id.
        let path = fixture.url.appendingPathComponent("report/report.json")
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as! [String: Any]
        json["run_id"] = nil
        try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]).write(to: path)
        let refused = try fixture.parallax(["accept", "report", "--failed"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("report.json: no run_id (written before report folders were staged"), "\(refused.stderr)")
    }

    @Test func ciSetButEmptyOrFalseIsNotCI() throws {
        let fixture = try ReviewFixture()
        defer { fixture.directory.cleanUp() }
        #expect(try fixture.parallax(["run", "suite.yml"]).status == 1)
        for value in ["1", "true"] {
            let refused = try fixture.parallax(["accept", "report", "--failed"], environment: ["CI": value])
            #expect(refused.status == 2 && refused.stderr.contains("CI environment variable is set"), "CI=\(value): \(refused.stderr)")
        }
        let empty = try fixture.parallax(["accept", "report", "--only", "numbers"], environment: ["CI": ""])
        #expect(empty.status == 0, "CI=: \(empty.stderr)")
        let no = try fixture.parallax(["accept", "report", "--only", "fx/b-offset"], environment: ["CI": "false"])
        #expect(no.status == 0, "CI=false: \(no.stderr)")
        #expect(try fixture.parallax(["record", "suite.yml"], environment: ["CI": "0"]).status == 0)
    }

    @Test func aFolderOfOtherFilesIsNotReplaced() throws {
        let fixture = try ReviewFixture()
        defer { fixture.directory.cleanUp() }
        try FileManager.default.createDirectory(atPath: fixture.directory.path("notes"), withIntermediateDirectories: true)
        try "mine".write(toFile: fixture.directory.path("notes/todo.txt"), atomically: true, encoding: .utf8)
        let refused = try fixture.parallax(["run", "suite.yml", "--output", "notes"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("output notes: expected an empty folder or a report folder (with report.json), found other files"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: fixture.directory.path("notes/todo.txt"), encoding: .utf8) == "mine")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.url.path).filter { $0.hasPrefix(".notes.") } == [])
    }
}
