import Foundation
import ParallaxTestSupport
import Testing

/// `parallax tune --app-source` from the outside: the sample app's sliders swept through its code (the driver cache
/// of `AppReplayCommandTests`), and options that make no sense with it as one line and exit 2 with nothing written.
@Suite(.serialized) struct TuneAppSourceCommandTests {
    func parallax(_ arguments: [String], in directory: URL) throws -> ChildProcessResult {
        try ChildProcess.run(ParallaxProcess.executable, arguments: arguments, environment: DriverCache.environment, in: directory, timeout: 300)
    }

    @Test func theSampleAppIsTunedThroughItsSlidersAndNamed() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let names = try TuneCommandTests.traces(dir)
        let run = try parallax(["tune", "--traces"] + names + ["--app-source", AppReplayCommandTests.sampleApp, "-o", "tune.json"], in: dir.url)
        #expect(run.status == 0, "\(run.stderrText)")
        let out = run.stdoutText
        #expect(out.hasPrefix("tune the app (code ") && out.contains("through its sliders: smoothingAlpha (9) × movementScale (26) on 2 trace(s): 234 configurations"), "\(out)")
        #expect(out.contains("Recommendation: Set the sliders to α = ") || out.contains("Recommendation: Keep the current settings (α = 0.5, s = 2, as the app is built)"), "\(out)")
        #expect(out.contains("The model at these settings (ema:alpha=") && out.contains("model ≠ code (2 of 2 runs)"), "\(out)")
        #expect(out.contains("note: read back: the app held the settings its sliders set in all 468 runs"), "\(out)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.url.appendingPathComponent("tune.json"))) as? [String: Any])
        let app = try #require(json["app"] as? [String: Any])
        let identity = try #require(app["identity"] as? [String: Any])
        let hash = try #require(identity["hash"] as? String)
        #expect(hash.count == 16 && identity["source"] as? String == AppReplayCommandTests.sampleApp && json["filter"] as? String == "app")
        let page = try String(contentsOfFile: dir.path("tune.html"), encoding: .utf8)
        #expect(page.contains("ParallaxLab tuning: the app (code \(hash.prefix(8)))") && page.contains(hash))
    }

    @Test func optionsThatMakeNoSenseWithTheAppAreOneLineAndExitTwo() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let names = try TuneCommandTests.traces(dir)
        let app = ["--app-source", AppReplayCommandTests.sampleApp]
        let cases: [([String], String)] = [
            (app + ["--smoother", "one-euro:mincutoff=0.5...2/0.5"], "--smoother: with --app-source the smoother is the app's own; its α is swept over the app's Smoothing slider (0.10...0.50/0.05)"),
            (app + ["--movement-scale", "1.5"], "--movement-scale: with --app-source the movement scale is swept over the app's Sensitivity slider (0.5...3.0/0.1)"),
            (app + ["--grid", "full"], "--grid full: with --app-source the app is swept over what its sliders can be set to (--grid app)"),
            (app + ["--shard", "1/2"], "--shard: with --app-source the sweep runs whole (each configuration is a replay of the app's code)"),
            (app + ["--seeds", "3"], "--seeds and --holdout: not with --app-source (they run whole model sweeps)"),
            (["--arkit-frame", "camera"], "--arkit-frame and --timeout: with --app-source only (they are the replay's)"),
            (app + ["--arkit-frame", "sideways"], "--arkit-frame: expected gravity or camera, found 'sideways'"),
            (["--app-source", dir.path("nowhere")], "--app-source \(dir.path("nowhere")): expected the app's files that the replay compiles, missing the folder itself"),
        ]
        for (arguments, message) in cases {
            let run = try parallax(["tune", "--traces"] + names + arguments, in: dir.url)
            #expect(run.status == 2, "\(arguments): \(run.stderrText)")
            #expect(run.stderrText.hasPrefix("parallax: error: \(message)"), "\(arguments): \(run.stderrText)")
            #expect(run.stderrText.split(separator: "\n").count == 1, "\(arguments): \(run.stderrText)")
            #expect(!FileManager.default.fileExists(atPath: dir.path("tune.json")))
        }
    }
}
