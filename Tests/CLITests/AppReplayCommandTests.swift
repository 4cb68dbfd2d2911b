import Foundation
import ParallaxTestSupport
import Synchronization
import Testing

/// `parallax app replay` and `app_source:` from the outside: the sample app of Tests/Fixtures/apps/SampleApp, a
/// cache of the test's own, the same bytes twice, an installed copy of the binary, and bad input as exit 2 with
/// nothing written.
@Suite(.serialized) struct AppReplayCommandTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let sampleApp = repository.appendingPathComponent("Tests/Fixtures/apps/SampleApp").path
    func parallax(_ arguments: [String], executable: URL = ParallaxProcess.executable, in directory: URL? = nil,
                  cache: URL = DriverCache.url) throws -> ChildProcessResult {
        var environment = ProcessInfo.processInfo.environment
        environment["PARALLAX_CACHE_DIR"] = cache.path
        return try ChildProcess.run(executable, arguments: arguments, environment: environment, in: directory ?? Self.repository, timeout: 300)
    }

    @Test func theSameTraceGivesTheSameBytesAsJSONAndAsCSV() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let arguments = ["app", "replay", "--app-source", Self.sampleApp, "--trace", "Traces/step.csv", "--events", "recenter@2.0,recenter@2.5"]
        let first = try parallax(arguments + ["--json"]), second = try parallax(arguments + ["--json"])
        #expect(first.status == 0, "\(first.stderrText)")
        #expect(first.stdout == second.stdout)
        let document = try #require(try JSONSerialization.jsonObject(with: first.stdout) as? [String: Any])
        let source = try #require(document["app_source"] as? [String: Any])
        #expect(source["path"] as? String == Self.sampleApp && (source["hash"] as? String)?.count == 16)
        // Every compiled file, relative to the folder: the controller and everything it calls.
        #expect((source["files"] as? [String])?.map { ($0 as NSString).lastPathComponent }.sorted()
                == ["CubeFaceContent.swift", "CubeSceneController.swift", "DeviceMotionService.swift", "ExponentialSmoother.swift",
                    "HeadPosition.swift", "HeadTrackingService.swift", "MatrixMath.swift", "MotionEffectsService.swift",
                    "OffAxisProjection.swift", "ScreenCalibration.swift"])
        #expect(document["settings"] as? [String: Double] == ["smoothing_alpha": 0.5, "movement_scale": 2])
        #expect(document["arkit_frame"] as? String == "gravity")
        let frames = try #require(document["frames"] as? [[String: Any]])
        let frame = try #require(frames.first)
        #expect((frame["head"] as? [Double])?.count == 3 && (frame["tilt_offset"] as? [Double])?.count == 2)
        #expect((frame["projection"] as? [[Double]])?.map(\.count) == [4, 4, 4, 4] && (frame["view"] as? [[Double]])?.count == 4)
        let csv = try parallax(arguments + ["-o", dir.path("frames.csv")])
        #expect(csv.status == 0 && csv.stdout.isEmpty)
        let lines = try String(contentsOfFile: dir.path("frames.csv"), encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(lines.count == frames.count + 1)
        #expect(lines[0].split(separator: ",").count == 41 && lines[0].hasPrefix("t,head_x,head_y,head_z,tilt_x,tilt_y,eye_x"))
        let row = lines[1].split(separator: ",").compactMap { Double($0) }
        #expect(row[1...3].map { $0 } == frame["head"] as? [Double])
    }

    /// Two processes of an installed copy started together on a cold cache: both replay, the stand-ins are built
    /// once and the app's driver once (the second waits on the first's lock), and nothing else is left.
    @Test func anInstalledCopyBuildsItsDriverWithoutTheCheckoutAndTwoAtOnceShareIt() throws {
        let installed = try TemporaryDirectory(prefix: "installed-parallax")
        defer { installed.cleanUp() }
        let copy = installed.url.appendingPathComponent("parallax")
        try FileManager.default.copyItem(at: ParallaxProcess.executable, to: copy)
        let trace = Self.repository.appendingPathComponent("Traces/still.csv").path
        // A cache of its own: the driver is built from the sources embedded in the binary.
        let arguments = ["app", "replay", "--app-source", Self.sampleApp, "--trace", trace, "--arkit-frame", "camera"]
        let cache = installed.url.appendingPathComponent("cache")
        let started = Mutex<[Result<ChildProcessResult, any Error>]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            let result = Result { try parallax(arguments, executable: copy, in: installed.url, cache: cache) }
            started.withLock { $0.append(result) }
        }
        let runs = try started.withLock { $0 }.map { try $0.get() }
        for run in runs {
            #expect(run.status == 0, "\(run.stderrText)")
            #expect(run.stdoutText.hasPrefix("replayed 1788 frames of still through the app's code at \(Self.sampleApp)"), "\(run.stdoutText)")
        }
        #expect(runs[0].stdout == runs[1].stdout)
        let entries = try FileManager.default.contentsOfDirectory(atPath: installed.path("cache/app-replay")).filter { !$0.hasSuffix(".lock") }
        #expect(entries.filter { $0.hasPrefix("driver-") }.count == 1, "\(entries)")
        #expect(entries.filter { $0.hasPrefix("standins-") }.count == 1, "\(entries)")
        #expect(!entries.contains { $0.contains(".staging-") }, "\(entries)")
    }

    /// `kill -9` while the driver builds: the next run builds it, and the killed build's staging folder and compiler
    /// processes are gone.
    @Test func aBuildKilledMidwayLeavesNothingTheNextRunKeeps() throws {
        let app = try TemporaryDirectory(prefix: "sample-app-killed")
        defer { app.cleanUp() }
        let sources = URL(fileURLWithPath: Self.sampleApp).appendingPathComponent("Sources")
        for name in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
            let text = try String(contentsOf: sources.appendingPathComponent(name), encoding: .utf8)
            // Content no other test builds: this build is this test's own.
            try (text + (name == "CubeSceneController.swift" ? "\n// killed build \(UUID().uuidString)\n" : ""))
                .write(toFile: app.path(name), atomically: true, encoding: .utf8)
        }
        let arguments = ["app", "replay", "--app-source", app.url.path, "--trace", "Traces/still.csv", "--arkit-frame", "camera"]
        let folder = DriverCache.url.appendingPathComponent("app-replay")
        func staging() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix("driver-") && $0.contains(".staging-") }
        }
        let process = Process()
        process.executableURL = ParallaxProcess.executable
        process.arguments = arguments
        process.currentDirectoryURL = Self.repository
        process.environment = DriverCache.environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Killed once its own build is under way (its staging folder exists), or when it has finished already.
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && !staging().contains(where: { $0.contains(".staging-\(process.processIdentifier)-") }) && Date() < deadline {
            usleep(20_000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()

        let next = try parallax(arguments)
        #expect(next.status == 0, "\(next.stderrText)")
        // Other tests build in the same cache meanwhile: only the killed build's folder must be gone.
        let killed = staging().filter { $0.contains(".staging-\(process.processIdentifier)-") }
        #expect(killed.isEmpty, "\(killed)")
        let orphans = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "for p in /proc/[0-9]*; do readlink $p/cwd; done | grep -c '.staging-\(process.processIdentifier)-' || true"])
        #expect(orphans.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    /// A copy of the sample app whose controller alone sets another scale: `app replay` reads it back and the eye
    /// follows it (eye x = 3 × head x, the phone upright and still), under another hash.
    @Test func aBranchThatChangesOnlyTheControllersScaleReplaysThatScale() throws {
        let branch = try TemporaryDirectory(prefix: "sample-app-scale")
        defer { branch.cleanUp() }
        let sources = URL(fileURLWithPath: Self.sampleApp).appendingPathComponent("Sources")
        for name in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
            var text = try String(contentsOf: sources.appendingPathComponent(name), encoding: .utf8)
            if name == "CubeSceneController.swift" {
                text = text.replacingOccurrences(of: "        super.init()\n", with: "        super.init()\n        offAxis.movementScale = 3\n")
            }
            try text.write(toFile: branch.path(name), atomically: true, encoding: .utf8)
        }
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        try "t,x,y,z\n0,0.01,0.02,0.4\n0.0166,0.02,0.01,0.4\n0.0333,0.03,-0.01,0.4\n".write(toFile: dir.path("bare.csv"), atomically: true, encoding: .utf8)
        func replay(_ folder: String) throws -> [String: Any] {
            let run = try parallax(["app", "replay", "--app-source", folder, "--trace", dir.path("bare.csv"), "--json"])
            #expect(run.status == 0, "\(run.stderrText)")
            return try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        }
        let shipped = try replay(Self.sampleApp), changed = try replay(branch.url.path)
        #expect((changed["settings"] as? [String: Double])?["movement_scale"] == 3)
        #expect((changed["app_source"] as? [String: Any])?["hash"] as? String != (shipped["app_source"] as? [String: Any])?["hash"] as? String)
        for frame in try #require(changed["frames"] as? [[String: Any]]) {
            let head = try #require(frame["head"] as? [Double]), eye = try #require(frame["eye"] as? [Double])
            #expect(abs(eye[0] - 3 * head[0]) <= 1e-6 && abs(eye[1] - 3 * head[1]) <= 1e-6, "\(head) \(eye)")
        }
    }

    /// `analyze --app-source`: the report names the code and the settings it read back; the sliders set through
    /// options; options that make no sense together are one line and exit 2.
    @Test func analyzeMeasuresTheAppsCode() throws {
        let run = try parallax(["analyze", "Traces/still.csv", "--app-source", Self.sampleApp, "--screen", "iphone-15-pro",
                                "--smoothing-alpha", "0.25", "--json"])
        #expect(run.status == 0, "\(run.stderrText)")
        let document = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        let app = try #require(document["app"] as? [String: Any])
        let identity = try #require(app["identity"] as? [String: Any])
        #expect(identity["kind"] as? String == "code" && identity["source"] as? String == Self.sampleApp)
        #expect(app["settings"] as? [String: Double] == ["smoothing_alpha": 0.25, "movement_scale": 2])
        #expect(document["parallax"] != nil)
        let text = try parallax(["analyze", "Traces/still.csv", "--app-source", Self.sampleApp])
        #expect(text.stdoutText.contains("app       the app (code "), "\(text.stdoutText)")
        #expect(text.stdoutText.contains("α 0.5, movement scale 2.0; ARKit frame gravity; filter lag on a ramp"), "\(text.stdoutText)")
        let cases: [([String], String)] = [
            (["--app-source", Self.sampleApp, "--smoother", "ema:alpha=0.3"],
             "--smoother: with --app-source the smoother is the app's own (set its α with --smoothing-alpha)"),
            (["--smoothing-alpha", "0.3"], "--smoothing-alpha: sets the app's slider, with --app-source only (a smoother's α is in --smoother)"),
            (["--app-source", Self.sampleApp, "--smoothing-alpha", "0"], "--smoothing-alpha: expected a weight in (0, 1], found 0.0"),
            (["--app-source", Self.sampleApp, "--arkit-frame", "sideways"], "--arkit-frame: expected gravity or camera, found 'sideways'"),
        ]
        for (arguments, message) in cases {
            let bad = try parallax(["analyze", "Traces/still.csv"] + arguments)
            #expect(bad.status == 2, "\(arguments): \(bad.stderrText)")
            #expect(bad.stderrText == "parallax: error: \(message)\n", "\(arguments)")
            #expect(bad.stdout.isEmpty)
        }
    }

    /// A trace without attitude columns replays with the phone held still and upright, and says so in one line.
    @Test func aTraceWithoutAttitudeReplaysUprightAndSaysSo() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        try "t,x,y,z\n0,0.01,0,0.4\n0.0166,0.01,0,0.4\n".write(toFile: dir.path("bare.csv"), atomically: true, encoding: .utf8)
        let run = try parallax(["app", "replay", "--app-source", Self.sampleApp, "--trace", dir.path("bare.csv"), "--json"])
        #expect(run.status == 0, "\(run.stderrText)")
        #expect(run.stderrText == "parallax: note: trace bare has no device_q (or pitch,roll) columns: the phone is held still and upright\n")
        let document = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        let frames = try #require(document["frames"] as? [[String: Any]])
        #expect(frames.count == 2 && frames.allSatisfy { ($0["tilt_offset"] as? [Double]) == [0, 0] })
    }

    @Test func badInputIsOneLineAndExitTwoWithNothingWritten() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        try "t,x,y,z\n0,0,0,0.4\n0.0166,0,0,0.4\n".write(toFile: dir.path("bare.csv"), atomically: true, encoding: .utf8)
        let cases: [([String], String)] = [
            (["--app-source", Self.sampleApp, "--trace", "Traces/sway.csv", "--events", "recenter@soon"],
             "--events: expected recenter@SECONDS, comma-separated (e.g. recenter@2.0,recenter@2.6), found 'recenter@soon'"),
            (["--app-source", dir.path("nowhere"), "--trace", "Traces/sway.csv"],
             "--app-source \(dir.path("nowhere")): expected the app's files that the replay compiles, missing the folder itself"),
            (["--app-source", Self.sampleApp, "--trace", "Traces/sway.csv", "--arkit-frame", "sideways"],
             "--arkit-frame: expected gravity or camera, found 'sideways'"),
        ]
        for (arguments, message) in cases {
            let run = try parallax(["app", "replay"] + arguments + ["-o", dir.path("out.csv")])
            #expect(run.status == 2, "\(arguments): \(run.stderrText)")
            #expect(run.stderrText.hasPrefix("parallax: error: \(message)"), "\(arguments): \(run.stderrText)")
            #expect(run.stderrText.split(separator: "\n").count == 1)
            #expect(!FileManager.default.fileExists(atPath: dir.path("out.csv")))
        }
    }

    @Test func aSuiteAuditWithAppSourceRunsTheAppsCodeAndSaysSo() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let sway = Self.repository.appendingPathComponent("Traces/sway.csv").path
        try "traces: [\(sway)]\nscreens: [iphone-15-pro]\naudit: {mode: cube, app_source: \(Self.sampleApp)}\n"
            .write(toFile: dir.path("suite.yml"), atomically: true, encoding: .utf8)
        let run = try parallax(["run", dir.path("suite.yml"), "--output", dir.path("report")])
        #expect(run.status == 0, "\(run.stdoutText)\n\(run.stderrText)")
        let html = try String(contentsOfFile: dir.path("report/index.html"), encoding: .utf8)
        #expect(html.contains("model ≠ app code (\(Self.sampleApp) @ "))  // the sample app is not the model of Splat Frame
        let audit = try String(contentsOfFile: dir.path("report/audit.json"), encoding: .utf8)
        #expect(audit.contains("\"shipped_from\" : \"app code\""))
    }
}
