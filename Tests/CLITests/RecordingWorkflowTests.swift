import Foundation
import ParallaxTestSupport
import Testing

/// The README's "Bring your own recording" walk-through on the committed example recording:
/// import → inspect → analyze --screen → fit → synth --spec → tune, without ground truth.
@Suite struct RecordingWorkflowTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let example = repository.appendingPathComponent("Traces/recordings/phone-recording.csv").path
    static let importArguments = ["--time-unit", "ms", "--position-unit", "cm", "--axes", "x,y,-z", "--frame", "camera", "--screen", "iphone-15-pro"]

    @Test func walkThroughWithoutGroundTruth() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let rec = dir.path("rec.csv")

        // The logger's empty row stops a strict import with file:line and column, and no output file.
        let strict = try ParallaxProcess.run(["import", Self.example, "-o", rec] + Self.importArguments)
        #expect(strict.status == 2)
        #expect(strict.stderr == "parallax: error: \(Self.example):1501: column 2 'pos_x': missing x value; expected a number\n")
        #expect(!FileManager.default.fileExists(atPath: rec))

        let imported = try ParallaxProcess.run(["import", Self.example, "-o", rec, "--skip-bad-rows"] + Self.importArguments)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("1 bad row(s) skipped"))
        let text = try String(contentsOfFile: rec, encoding: .utf8)
        #expect(text.hasPrefix("# source: parallax import"))
        #expect(text.contains("camera-relative + camera offset (0.0075, 0.06556782608695652, 0.0) m"))

        let inspect = try ParallaxProcess.run(["inspect", rec])
        #expect(inspect.status == 0)
        #expect(inspect.stdout.contains("gaps (> 41.7 ms) 1, total 2.318 s, longest 2.318 s"), "\(inspect.stdout)")
        #expect(inspect.stdout.contains("frozen stretches (≥ 3 identical positions) 3"))

        let analyze = try ParallaxProcess.run(["analyze", rec, "--smoother", "ema:alpha=0.25", "--screen", "iphone-15-pro", "--json"])
        #expect(analyze.status == 0, "\(analyze.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(analyze.stdout.utf8)) as? [String: Any])
        #expect(report["reference"] as? String == "reference estimate")
        #expect(report["parallax"] != nil)
        #expect((report["effect_gain_px_per_cm"] as? Double).map { $0 > 100 && $0 < 150 } == true)
        let notes = report["notes"] as? [String] ?? []
        #expect(notes.contains { $0.contains("timing gap") })
        #expect(notes.contains { $0.contains("against the reference estimate") })
        let lag = try #require(report["lag"] as? [String: Any])
        #expect(lag["step"] == nil)  // the jump across the 2.3 s hole is not a step

        let device = dir.path("device.yml")
        let fit = try ParallaxProcess.run(["fit", rec, "-o", device])
        #expect(fit.status == 0, "\(fit.stderr)")
        #expect(fit.stdout.contains("latency is not observable"))
        let synthesized = dir.path("device.csv")
        let synth = try ParallaxProcess.run(["synth", "--spec", device, "-o", synthesized])
        #expect(synth.status == 0, "\(synth.stderr)")

        let tune = try ParallaxProcess.run(["tune", "--traces", rec, synthesized, "--smoother", "ema:alpha=0.15...0.35/0.1",
                                            "--movement-scale", "1.5", "--screen", "iphone-15-pro", "-o", dir.path("tune.json")])
        #expect(tune.status == 0, "\(tune.stderr)")
        #expect(tune.stdout.contains("\(rec): no ground truth; every metric is against the reference estimate"))
    }

    /// The committed example is exactly what its script makes.
    @Test func exampleRecordingMatchesItsScript() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let copy = dir.url.appendingPathComponent("Traces/recordings")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        for name in ["phone-recording.yml", "make_phone_recording.sh"] {
            try FileManager.default.copyItem(at: Self.repository.appendingPathComponent("Traces/recordings/\(name)"), to: copy.appendingPathComponent(name))
        }
        let script = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), arguments: ["Traces/recordings/make_phone_recording.sh", ParallaxProcess.executable.path],
                                          in: dir.url, timeout: 300)
        #expect(script.status == 0)
        let made = try Data(contentsOf: copy.appendingPathComponent("phone-recording.csv"))
        #expect(made == (try Data(contentsOf: URL(fileURLWithPath: Self.example))), "Traces/recordings/phone-recording.csv differs from its script's output; run `make example-recording`")
    }

    @Test func importOptionErrorsExitTwo() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        for (arguments, message) in [
            // Values parse through the library's parsers (transform:): argument-parser names the flag, the
            // library the field and what it expected.
            (["--axes", "x,x,z"], "The value 'x,x,z' is invalid for '--axes <axes>': axes: expected a signed permutation"),
            (["--time-unit", "fortnights"], "The value 'fortnights' is invalid for '--time-unit <time-unit>': time_unit: expected one of s, ms, us, ns, ticks"),
            (["--frame", "camera"], "--frame camera: needs --screen"),
            (["--columns", "t=timestamp_ms,x=pos_x"], "The value 't=timestamp_ms,x=pos_x' is invalid for '--columns <columns>': columns: expected 't=NAME,x=NAME,y=NAME,z=NAME[,tracked=NAME]', found 't=timestamp_ms,x=pos_x' without 'y=NAME'"),
            // RecordingImport's checks, rooted at the flag the value came from.
            (["--truth", Self.example, "--truth-max-gap", "0"], "--truth-max-gap: expected a time > 0 s, found 0.0"),
            (["--truth-offset", "0.1"], "--truth-offset: needs --truth"),
            (["--format", "tum", "--time-unit", "ms"], "--time-unit: expected a CSV/TSV recording, found a tum trajectory"),
            (["--sort"], "--sort: expected a TUM or EuRoC recording (sort applies to their rows), found a CSV/TSV recording"),
        ] {
            let run = try ParallaxProcess.run(["import", Self.example, "-o", dir.path("out.csv")] + arguments)
            #expect(run.status == 2)
            #expect(run.stderr.hasPrefix("parallax: error: \(message)"), "\(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1)
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path("out.csv")))
    }
}
