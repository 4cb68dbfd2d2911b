import Foundation
import ParallaxTestSupport
import Testing

/// `import` (TUM / EuRoC, `--truth`), `export --format tum` and `evaluate` as a user runs them on the committed
/// freiburg1_xyz pair; malformed rows in each format stop with file:line and exit 2, writing nothing.
@Suite struct TrajectoryCommandTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let truth = repository.appendingPathComponent("Traces/recordings/tum/freiburg1_xyz-groundtruth.txt").path
    static let estimate = repository.appendingPathComponent("Traces/recordings/tum/freiburg1_xyz-rgbdslam.txt").path

    @Test func importEvaluateExportOnTheRealPair() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let gt = dir.path("gt.csv"), est = dir.path("est.csv")
        for (input, output) in [(Self.truth, gt), (Self.estimate, est)] {
            let run = try ParallaxProcess.run(["import", input, "-o", output])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("tum trajectory"))
        }
        // The imported traces evaluate as the TUM files do (evo's numbers: README of Traces/recordings/tum).
        let fromTraces = try ParallaxProcess.run(["evaluate", gt, est, "--align", "sim3", "--json"])
        let fromTUM = try ParallaxProcess.run(["evaluate", Self.truth, Self.estimate, "--align", "sim3", "--json"])
        #expect(fromTraces.status == 0 && fromTUM.status == 0, "\(fromTraces.stderr)\(fromTUM.stderr)")
        #expect(fromTraces.stdout == fromTUM.stdout)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(fromTUM.stdout.utf8)) as? [String: Any])
        #expect(json["pairs"] as? Int == 785)
        let ape = try #require(json["ape"] as? [String: Double])
        #expect(abs(ape["rmse"]! - 0.013389) < 5e-7)
        #expect(json["time_offset_s"] as? Double == 0)
        #expect((json["alignment"] as? [String: Any])?["kind"] as? String == "sim3")

        // TUM → trace → TUM: the same numbers on every row.
        let back = dir.path("gt.tum")
        let export = try ParallaxProcess.run(["export", gt, "--format", "tum", "-o", back])
        #expect(export.status == 0, "\(export.stderr)")
        func rows(_ path: String) throws -> [[Double]] {
            try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
                .map { $0.split(separator: " ").map { Double($0)! } }
        }
        #expect(try rows(back) == rows(Self.truth))
    }

    @Test func importWithTruthYieldsATraceAnalyzeMeasuresAgainstRealTruth() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let paired = dir.path("paired.csv")
        let run = try ParallaxProcess.run(["import", Self.estimate, "--truth", Self.truth, "-o", paired])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("truth offset "), "\(run.stdout)")
        #expect(run.stdout.contains("(estimated)"))
        #expect(run.stdout.contains("sensor latency"))
        let text = try String(contentsOfFile: paired, encoding: .utf8)
        #expect(text.contains("# truth_offset_s: "))
        #expect(text.contains("true_x,true_y,true_z"))
        #expect(text.contains("true_head_qw"))
        let analyze = try ParallaxProcess.run(["analyze", paired, "--json"])
        #expect(analyze.status == 0, "\(analyze.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(analyze.stdout.utf8)) as? [String: Any])
        #expect(report["reference"] as? String == "truth")
    }

    /// `evaluate`'s options are checked by the library (`TrajectoryEvaluation.Options.validate`), each error rooted
    /// at its flag, before either file is read.
    @Test func evaluateOptionErrorsNameTheirFlag() throws {
        for (arguments, message) in [
            (["--delta", "0"], "--delta: expected a number of frames ≥ 1, found 0"),
            (["--delta=-2"], "--delta: expected a number of frames ≥ 1, found -2"),
            (["--max-dt", "nan"], "--max-dt: expected a time ≥ 0 s, found nan"),
            (["--offset", "inf"], "--offset: expected a finite time in s, found inf"),
            (["--max-gap", "0"], "--max-gap: expected a time > 0 s, found 0.0"),
            (["--align", "se3", "--align-first", "0"], "--align-first: expected a number of pairs ≥ 1, found 0"),
            (["--align-first", "5"], "--align-first: needs --align se3 or sim3"),
        ] {
            let run = try ParallaxProcess.run(["evaluate", Self.truth, "missing.txt"] + arguments)
            #expect(run.status == 2)
            #expect(run.stderr == "parallax: error: \(message)\n", "\(arguments)")
        }
    }

    /// (format, header, good row, a row to make bad).
    static let formats: [(String, String, String, String)] = [
        ("tum", "# timestamp tx ty tz qx qy qz qw", "1.0 0.1 0.2 0.3 0 0 0 1", "1.1 0.1 0.2 0.3 0 0 0 1"),
        ("euroc", "#timestamp [ns],p_RS_R_x [m],p_RS_R_y [m],p_RS_R_z [m],q_RS_w [],q_RS_x [],q_RS_y [],q_RS_z []",
         "1000000000,0.1,0.2,0.3,1,0,0,0", "1100000000,0.1,0.2,0.3,1,0,0,0"),
    ]

    @Test(arguments: 0..<formats.count)
    func malformedRowsExit2WithFileAndLine(_ index: Int) throws {
        let (format, header, first, second) = Self.formats[index]
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let separator = format == "tum" ? " " : ","
        var nan = first.components(separatedBy: separator)
        nan[2] = "NaN"
        let cases: [(String, String, String)] = [
            ("unsorted", [header, second, first].joined(separator: "\n"), ":3: column 1 'timestamp': timestamp "),
            ("nan", [header, nan.joined(separator: separator)].joined(separator: "\n"), ":2: column 3 "),
            ("width", [header, first, second + separator + "7" + separator + "8"].joined(separator: "\n"), ":3: expected "),
        ]
        for (name, text, expected) in cases {
            let input = dir.path("\(name).txt"), output = dir.path("\(name).csv")
            try text.write(toFile: input, atomically: true, encoding: .utf8)
            for command in [["import", input, "--format", format, "-o", output], ["evaluate", input, input, "--format", format]] {
                let run = try ParallaxProcess.run(command)
                #expect(run.status == 2, "\(format) \(name) \(command[0]): \(run.stdout)")
                #expect(run.stderr.hasPrefix("parallax: error: \(input)\(expected)"), "\(format) \(name): \(run.stderr)")
                #expect(run.stderr.split(separator: "\n").count == 1)
            }
            #expect(!FileManager.default.fileExists(atPath: output))
        }
        // --sort sorts (stable) and keeps the repeat, and says so; the trace keeps the repeat's last row.
        let input = dir.path("sortable.txt"), output = dir.path("sorted.csv")
        try [header, second, first, first].joined(separator: "\n").write(toFile: input, atomically: true, encoding: .utf8)
        let sorted = try ParallaxProcess.run(["import", input, "--sort", "-o", output])
        #expect(sorted.status == 0, "\(sorted.stderr)")
        #expect(sorted.stdout.contains("note: sorted by time: 3 row(s) moved"), "\(sorted.stdout)")
        #expect(sorted.stdout.contains("note: 1 row(s) repeat the previous row's timestamp: all kept, as evo reads them"))
        #expect(sorted.stdout.contains("the last row kept (evo's pick on a tie), 1 row(s) left out"))
        // Without flags, a repeated timestamp imports and evaluates (every row kept), with a note.
        let repeated = dir.path("repeated.txt")
        try [header, first, first, second].joined(separator: "\n").write(toFile: repeated, atomically: true, encoding: .utf8)
        let imported = try ParallaxProcess.run(["import", repeated, "-o", dir.path("repeated.csv")])
        #expect(imported.status == 0 && imported.stdout.contains("note: 1 row(s) repeat the previous row's timestamp"), "\(imported.stderr)")
        let evaluated = try ParallaxProcess.run(["evaluate", repeated, repeated, "--json"])
        #expect(evaluated.status == 0, "\(evaluated.stderr)")
        #expect(evaluated.stdout.contains("\"pairs\":3") || evaluated.stdout.contains("\"pairs\" : 3"), "\(evaluated.stdout)")
        #expect(evaluated.stdout.contains("truth: 1 row(s) repeat the previous row's timestamp"), "\(evaluated.stdout)")
    }
}
