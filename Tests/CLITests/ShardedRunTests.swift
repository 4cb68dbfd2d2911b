import Foundation
import ParallaxTestSupport
import Testing

/// `parallax run --shard i/n` + `parallax merge-reports` against the unsharded run of the same suite: the merged
/// report.json is the unsharded one byte for byte (run id included), and every other file of the folder too except
/// the timings (junit.xml's times, timings.json). The suite has every kind of unit: scenarios over two traces and
/// two smoothers, cube frames (one failing its golden, so the diff images must survive the merge), a frame
/// compared with another (`versus:`, which must run in the same shard), a tuning sweep and an audit of two cases
/// (cube and splat mode) in two shards, aggregated by the merge.
@Suite(.serialized) struct ShardedRunTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let suiteText = """
        name: sharded fixture
        output: whole
        goldens: goldens
        traces: [\(repository.appendingPathComponent("Traces/step.csv").path), \(repository.appendingPathComponent("Traces/still.csv").path)]
        smoothers: ["ema:alpha=0.25", "kalman-cv"]
        movement_scales: [1.0, 1.5]
        budgets:
          - {metric: lag_ms, max: 500, traces: [step]}
        numbers: {golden: numbers/sharded, absolute: 1.0e-9, relative: 1.0e-6}
        frames:
          - {name: sh/a-center, scene: {cube: screen}, head: [0, 0, 0.35], scale: 0.08}
          - {name: sh/b-offset, scene: {cube: screen}, head: [0.03, -0.02, 0.28], scale: 0.08}
          - {name: sh/c-side, scene: {cube: screen}, head: [-0.04, 0.02, 0.3], scale: 0.08}
          - {name: sh/d-versus, scene: {cube: screen}, head: [0.01, 0.0, 0.35], scale: 0.08, versus: sh/a-center}
          - {name: sh/e-trace, scene: {cube: app-cube}, trace: step, smoother: "ema:alpha=0.25", at: [0.5, 1.0], scale: 0.08}
        tune:
          smoother: "ema:alpha=0.2...0.6/0.2"
          movement_scale: "1.0...1.5/0.5"
          screen: iphone-15-pro
          traces: [step]
        audit:
          screens: [iphone-15-pro]
          mode: both
          traces: [step]

        """

    let directory: TemporaryDirectory
    var url: URL { directory.url }

    /// Goldens recorded, then frame sh/b-offset moved: the suite fails on it (and on the numeric golden).
    init() throws {
        directory = try TemporaryDirectory(prefix: "sharded-run")
        try Self.suiteText.write(toFile: directory.path("suite.yml"), atomically: true, encoding: .utf8)
        let record = try parallax(["record", "suite.yml"])
        guard record.status == 0 else { throw Failure(description: "record: \(record.stdout) \(record.stderr)") }
        try Self.suiteText.replacingOccurrences(of: "head: [0.03, -0.02, 0.28]", with: "head: [0.05, -0.02, 0.28]")
            .write(toFile: directory.path("suite.yml"), atomically: true, encoding: .utf8)
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    func parallax(_ arguments: [String]) throws -> ParallaxRun {
        try ParallaxProcess.run(arguments, environment: ["PATH": "/usr/bin:/bin"], in: url)
    }

    /// Every file under `folder` (relative path → bytes).
    func snapshot(_ folder: String) throws -> [String: Data] {
        let root = url.appendingPathComponent(folder)
        var files: [String: Data] = [:]
        for path in FileManager.default.subpaths(atPath: root.path) ?? [] {
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { files[path] = try Data(contentsOf: root.appendingPathComponent(path)) }
        }
        return files
    }

    /// Runs shards 1…n (with the extra arguments) and merges them into `merged`; returns the merge's run.
    func shardAndMerge(_ n: Int, extra: [String] = [], merged: String) throws -> ParallaxRun {
        for i in 1...n {
            let shard = try parallax(["run", "suite.yml", "--shard", "\(i)/\(n)", "--output", "parts/\(i)"] + extra)
            #expect(shard.status == 0, "shard \(i)/\(n): \(shard.stdout)\(shard.stderr)")
            #expect(shard.stdout.contains("part \(i)/\(n):"))
        }
        return try parallax(["merge-reports"] + (1...n).map { "parts/\($0)" } + ["--output", merged])
    }

    @Test func threeShardsMergeToTheUnshardedReport() throws {
        defer { directory.cleanUp() }
        let whole = try parallax(["run", "suite.yml"])
        #expect(whole.status == 1, "\(whole.stdout)\(whole.stderr)")
        let merge = try shardAndMerge(3, merged: "merged")
        // The merge's exit status is the suite's verdict; its summary is the run's.
        #expect(merge.status == 1, "\(merge.stdout)\(merge.stderr)")
        #expect(merge.stdout.replacingOccurrences(of: "merged", with: "whole") == whole.stdout)
        try expectSameFolders("whole", "merged")
        // By count, worked by hand: 13 units in 12 items ({a-center, d-versus} costs 2 and goes first, to shard 1; the
        // others cost 1 and go, in suite order, to the least-loaded shard): the audit's two cases in shards 3 and 1.
        let ran = try (1...3).map { i in
            (try JSONSerialization.jsonObject(with: Data(contentsOf: url.appendingPathComponent("parts/\(i)/part.json"))) as! [String: Any])["ran"] as! [String]
        }
        #expect(ran == [
            ["frame sh/a-center", "frame sh/b-offset", "frame sh/d-versus", "frame sh/e-trace-p2", "audit iPhone 15 Pro splat step"],
            ["scenarios step × ema:alpha=0.25", "scenarios still × ema:alpha=0.25", "frame sh/c-side", "tune"],
            ["scenarios step × kalman-cv", "scenarios still × kalman-cv", "frame sh/e-trace-p1", "audit iPhone 15 Pro cube step"],
        ])

        // Balanced by the unsharded run's measured times: another split, the same report.
        let timed = try shardAndMerge(3, extra: ["--durations", "whole"], merged: "merged-timed")
        #expect(timed.status == 1, "\(timed.stdout)\(timed.stderr)")
        try expectSameFolders("whole", "merged-timed")
        let part = try JSONSerialization.jsonObject(with: Data(contentsOf: url.appendingPathComponent("parts/1/part.json"))) as! [String: Any]
        #expect(part["balance"] as? String == "durations")

        // The merged folder is a report `accept` takes (its run id holds): accepted, the suite passes again.
        let accept = try parallax(["accept", "merged", "--failed"])
        #expect(accept.status == 0, "\(accept.stdout)\(accept.stderr)")
        #expect(accept.stdout.contains("sh/b-offset"))
        #expect(try parallax(["run", "suite.yml", "--output", "again"]).status == 0)
    }

    func expectSameFolders(_ a: String, _ b: String) throws {
        let expected = try snapshot(a), actual = try snapshot(b)
        let timings: Set = ["junit.xml", "timings.json"]
        #expect(Set(actual.keys) == Set(expected.keys), "\(Set(actual.keys).symmetricDifference(expected.keys).sorted())")
        #expect(expected["report.json"] != nil && expected["frames/run-id"] != nil && expected["tune.json"] != nil
                && expected["audit.json"] != nil && expected["frames/sh__b-offset.diff.png"] != nil)
        #expect(actual["report.json"] == expected["report.json"])
        // The page and the summary name the published folder (in their accept commands): the same but for that name.
        let naming: Set = ["index.html", "summary.md"]
        for (path, bytes) in expected.sorted(by: { $0.key < $1.key }) where !timings.contains(path) {
            if naming.contains(path) {
                let text = String(decoding: actual[path] ?? Data(), as: UTF8.self)
                #expect(text.contains("accept \(b) "))
                #expect(text.replacingOccurrences(of: "accept \(b) ", with: "accept \(a) ") == String(decoding: bytes, as: UTF8.self),
                        "\(b)/\(path) differs from \(a)/\(path)")
            } else {
                #expect(actual[path] == bytes, "\(b)/\(path) differs from \(a)/\(path)")
            }
        }
        // junit.xml: the same, but for its times and the folder its attachment paths name.
        func junit(_ data: Data?, folder: String) -> String {
            String(decoding: data ?? Data(), as: UTF8.self).replacingOccurrences(of: #"time="[0-9.e-]+""#, with: "", options: .regularExpression)
                .replacingOccurrences(of: url.appendingPathComponent(folder).path + "/", with: "FOLDER/")
        }
        #expect(junit(actual["junit.xml"], folder: b) == junit(expected["junit.xml"], folder: a))
        #expect(junit(expected["junit.xml"], folder: a).contains("<testcase"))
        #expect(junit(expected["junit.xml"], folder: a).contains("FOLDER/frames/sh__b-offset.diff.png"))
    }

    @Test func badShardSpecsAreOneLineErrors() throws {
        defer { directory.cleanUp() }
        for spec in ["0/3", "4/3", "a/b", "3", "1/0"] {
            let run = try parallax(["run", "suite.yml", "--shard", spec])
            #expect(run.status == 2, "\(spec): \(run.stdout)\(run.stderr)")
            let lines = run.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].contains("--shard") && lines[0].contains(spec), "\(spec): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: directory.path("whole-part-\(spec.replacingOccurrences(of: "/", with: "-of-"))")))
        }
        let durations = try parallax(["run", "suite.yml", "--shard", "1/2", "--durations", "nowhere"])
        #expect(durations.status == 2 && durations.stderr.split(separator: "\n").count == 1 && durations.stderr.contains("--durations"), "\(durations.stderr)")
        let baseline = try parallax(["run", "suite.yml", "--shard", "1/2", "--baseline", "x/report.json"])
        #expect(baseline.status == 2 && baseline.stderr.contains("merge-reports"), "\(baseline.stderr)")
    }

    @Test func incompleteOrMixedPartsAreRefused() throws {
        defer { directory.cleanUp() }
        for i in 1...3 {
            #expect(try parallax(["run", "suite.yml", "--shard", "\(i)/3", "--output", "parts/\(i)"]).status == 0)
        }
        #expect(try parallax(["run", "suite.yml", "--shard", "1/2", "--output", "parts/other"]).status == 0)
        func refused(_ parts: [String], _ expected: String) throws {
            let merge = try parallax(["merge-reports"] + parts + ["--output", "merged"])
            #expect(merge.status == 2, "\(parts): \(merge.stdout)\(merge.stderr)")
            let lines = merge.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].contains(expected), "\(parts): \(merge.stderr)")
            #expect(!FileManager.default.fileExists(atPath: directory.path("merged")), "\(parts): a refused merge wrote a report")
        }
        try refused(["parts/1", "parts/2"], "missing shard 3/3")
        try refused(["parts/1", "parts/2", "parts/2", "parts/3"], "given twice")
        try refused(["parts/1", "parts/2", "parts/other"], "shard 1/2")
        try refused(["parts/1", "parts/2", "suite.yml"], "part folder")
        try refused(["parts/1", "parts/2", "nowhere"], "no such part folder")
        // A part of another suite file.
        try Self.suiteText.replacingOccurrences(of: "sharded fixture", with: "another suite")
            .write(toFile: directory.path("other.yml"), atomically: true, encoding: .utf8)
        #expect(try parallax(["run", "other.yml", "--shard", "3/3", "--output", "parts/foreign"]).status == 0)
        try refused(["parts/1", "parts/2", "parts/foreign"], "another suite")
        // The suite file changed after the shards ran.
        try (Self.suiteText + "# edited\n").write(toFile: directory.path("suite.yml"), atomically: true, encoding: .utf8)
        try refused(["parts/1", "parts/2", "parts/3"], "changed since the parts were run")
    }
}
