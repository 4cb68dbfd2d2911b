import Foundation
import ParallaxTestSupport
import Testing

/// `parallax audit`: the app as shipped fails (exit 1), every fix passes (exit 0), bad input is one line (exit 2);
/// a suite's ungated audit adds its section without failing the run.
struct AuditCommandTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let traces = ["Traces/sway.csv", "Traces/dropouts.csv"]

    @Test func shippedFailsAndEveryFixPasses() throws {
        let shipped = try ParallaxProcess.run(["audit", "--traces"] + Self.traces + ["--screen", "iphone-15-pro", "--mode", "cube"], in: Self.repository)
        #expect(shipped.status == 1, "\(shipped.stderr)")
        #expect(shipped.stdout.contains("camera-offset") && shipped.stdout.contains("FAIL: world-alignment, screen-size"))
        let fixed = try ParallaxProcess.run(["audit", "--traces"] + Self.traces + ["--mode", "cube", "--fix", "all"], in: Self.repository)
        #expect(fixed.status == 0, "\(fixed.stdout)")
        #expect(fixed.stdout.contains("PASS"))
    }

    @Test func badInputIsOneLineWithExitTwo() throws {
        for arguments in [["--fix", "nope"], ["--mode", "sideways"], ["--screen", "app-table:iphone-15-pro"]] {
            let run = try ParallaxProcess.run(["audit", "--traces", "Traces/sway.csv"] + arguments, in: Self.repository)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        }
    }

    /// The library names the field (`mode`, `screens`, `fix`); the command line reads the flag.
    @Test func badInputNamesTheFlag() throws {
        for (arguments, message) in [
            (["--mode", "sideways"], "--mode: expected shipped, cube, splat or both, found 'sideways'"),
            (["--fix", "nope"], "--fix: expected a check id (world-alignment"),
            (["--screen", "app-table:iphone-15-pro"], "--screen: expected a display-table iPhone"),
        ] {
            let run = try ParallaxProcess.run(["audit", "--traces", "Traces/sway.csv"] + arguments, in: Self.repository)
            #expect(run.stderr.hasPrefix("parallax: error: \(message)"), "\(arguments): \(run.stderr)")
        }
    }

    /// `--patches` needs `--app-source`, a new or empty folder, and a parent folder to write in; `--baseline` is one of
    /// two words. Each is refused before any build, one line, exit 2, nothing written or changed.
    @Test func badPatchesAndBaselineAreRefusedBeforeAnyWork() throws {
        let folder = try TemporaryDirectory(prefix: "patches-cli")
        defer { folder.cleanUp() }
        try FileManager.default.createDirectory(atPath: folder.path("full"), withIntermediateDirectories: true)
        try "keep".write(toFile: folder.path("full/kept.txt"), atomically: true, encoding: .utf8)
        try "a file".write(toFile: folder.path("plain"), atomically: true, encoding: .utf8)
        let sample = "Tests/Fixtures/apps/SampleApp"
        for (arguments, message) in [
            (["--patches", folder.path("out")], "--patches: expected the app's source folder too"),
            (["--app-source", sample, "--patches", folder.path("full")], "--patches: expected a folder that does not exist or is empty"),
            (["--app-source", sample, "--patches", folder.path("plain/out")], "--patches: expected a folder in an existing folder that can be written"),
            (["--baseline", "nope"], "--baseline: expected as-shipped or other-fixes, found 'nope'"),
        ] {
            let run = try ParallaxProcess.run(["audit", "--traces", "Traces/sway.csv"] + arguments, in: Self.repository)
            #expect(run.status == 2 && run.stderr.hasPrefix("parallax: error: \(message)"), "\(arguments): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("full")) == ["kept.txt"])
        #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
    }

    @Test func ungatedSuiteAuditReportsWithoutFailing() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let sway = Self.repository.appendingPathComponent("Traces/sway.csv").path
        try "traces: [\(sway)]\nscreens: [iphone-15-pro]\naudit: {mode: cube}\n".write(toFile: dir.path("suite.yml"), atomically: true, encoding: .utf8)
        let run = try ParallaxProcess.run(["run", dir.path("suite.yml"), "--output", dir.path("report")], environment: ["CI": "true", "PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let html = try String(contentsOfFile: dir.path("report/index.html"), encoding: .utf8)
        #expect(html.contains("id=\"audit\"") && html.contains("href=\"audit.html#pictures\""))
        // The scrubber over sway (the default trace), from the report folder's own files.
        #expect(html.contains("id=\"motion-range\"") && html.contains("src=\"motion/app-00.png\""))
        #expect(FileManager.default.fileExists(atPath: dir.path("report/motion/true-19.png")))
        let audit = try String(contentsOfFile: dir.path("report/audit.html"), encoding: .utf8)
        #expect(audit.contains("src=\"audit/camera-offset-worst.png\"") && audit.contains("id=\"pictures-camera-offset\""))
        #expect(FileManager.default.fileExists(atPath: dir.path("report/audit.json")))
        try "traces: [\(sway)]\naudit: {mode: cube, gate: true}\n".write(toFile: dir.path("gated.yml"), atomically: true, encoding: .utf8)
        let gated = try ParallaxProcess.run(["run", dir.path("gated.yml"), "--output", dir.path("gated")], environment: ["CI": "true", "PATH": "/usr/bin:/bin"])
        #expect(gated.status == 1)
    }
}
