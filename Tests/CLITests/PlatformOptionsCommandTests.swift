import Foundation
import ParallaxTestSupport
import Testing

/// `--assume`, `--rates`, `--sensitivity` and `--probe` from the outside: a bad value is one line naming the option,
/// exit 2, nothing written; the model (no `--app-source`) has no platform.
@Suite(.serialized) struct PlatformOptionsCommandTests {
    func parallax(_ arguments: [String], in directory: URL) throws -> ChildProcessResult {
        try ChildProcess.run(ParallaxProcess.executable, arguments: arguments, environment: DriverCache.environment, in: directory, timeout: 300)
    }

    @Test func badPlatformOptionsAreOneLineAndExitTwo() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let names = try TuneCommandTests.traces(dir)
        let app = ["--app-source", AppReplayCommandTests.sampleApp]
        try "{\"probe\": 2}".write(toFile: dir.path("probe.json"), atomically: true, encoding: .utf8)
        let cases: [([String], String)] = [
            (["analyze", names[0], "--assume", "arkit-loss=removed"], "--assume, --rates: the simulated platform runs the app's code; give --app-source"),
            (["audit", "--traces", names[0], "--rates", "motion=52.6", "-o", "out"], "--assume, --rates: the simulated platform runs the app's code; give --app-source"),
            (["app", "replay", "--trace", names[0], "--assume", "arkit-loss"] + app, "--assume: expected ID=ALTERNATIVE with ID one of arkit-first-delivery, arkit-loss, arkit-axes, scenekit-euler, attitude-product, render-thread, found 'arkit-loss'"),
            (["app", "replay", "--trace", names[0], "--assume", "render-thread=gpu", "-o", "out.csv"] + app, "--assume: expected render-thread=main|other, found 'render-thread=gpu'"),
            (["analyze", names[0], "--rates", "arkit=60,arkit=30"] + app, "--rates: expected arkit|motion|display=HZ[@PHASE_S]"),
            (["audit", "--traces", names[0], "--sensitivity", "-o", "out"], "--sensitivity: expected the app's source folder too"),
            (["audit", "--traces", names[0], "--probe", "probe.json", "--assume", "arkit-loss=removed", "-o", "out"] + app, "--probe: the probe decides the platform; leave out --assume and --rates"),
            (["audit", "--traces", names[0], "--probe", "probe.json", "-o", "out"] + app, "probe.json: probe: expected 1"),
        ]
        for (arguments, message) in cases {
            let run = try parallax(arguments, in: dir.url)
            #expect(run.status == 2, "\(arguments): \(run.stderrText)")
            #expect(run.stderrText.hasPrefix("parallax: error: \(message)"), "\(arguments): \(run.stderrText)")
            #expect(run.stderrText.split(separator: "\n").count == 1, "\(arguments): \(run.stderrText)")
            #expect(!FileManager.default.fileExists(atPath: dir.path("out")) && !FileManager.default.fileExists(atPath: dir.path("out.csv")))
        }
    }

    @Test func anAssumedPlatformIsNamedInWhatItMeasures() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let names = try TuneCommandTests.traces(dir)
        let run = try parallax(["analyze", names[0], "--app-source", AppReplayCommandTests.sampleApp, "--assume", "arkit-loss=removed",
                                "--rates", "motion=52.6", "--json"], in: dir.url)
        #expect(run.status == 0, "\(run.stderrText)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdoutText.utf8)) as? [String: Any])
        let identity = try #require((json["app"] as? [String: Any])?["identity"] as? [String: Any])
        #expect(identity["platform"] as? [String] == ["arkit-loss=removed", "sensor-rates=motion=52.6"])
    }
}
