import Foundation
import ParallaxTestSupport
import Testing
import Tracking
import Tuning

@Suite struct TuneRobustnessCommandTests {
    /// The acceptance: `tune … --seeds N --holdout …` prints the recommendation with its spread and
    /// the held-out metrics, and tune.json holds them.
    @Test func seedsAndHoldoutPrintSpreadAndHeldOutMetrics() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let names = try TuneCommandTests.traces(dir)
        let held = try ParallaxProcess.run(["synth", "--model", "step", "--duration", "6", "--seed", "9", "-o", dir.path("step.csv")])
        #expect(held.status == 0, "\(held.stderr)")
        let run = try ParallaxProcess.run(["tune", "--traces"] + names + ["--grid", "app", "--seeds", "3", "--holdout", "step.csv",
                                                                         "--constraint", "ramp_lag_ms<=200", "-o", "tune.json"], in: dir.url)
        #expect(run.status == 0, "\(run.stderr)")
        for line in ["Recommendation: α = ", "Across 3 seeds: ", "seed 1 (2 traces)", "seed 3 (2 traces)",
                     "95 % bootstrap interval", "1000 resamples of 6 training traces, seed 1)", "Held out (step.csv) vs training: visible_jitter_px "] {
            #expect(run.stdout.contains(line), "missing '\(line)' in\n\(run.stdout)")
        }
        let result = try TuneResult.decode(try Data(contentsOf: dir.url.appendingPathComponent("tune.json")), name: "tune.json")
        let robustness = try #require(result.robustness)
        #expect(robustness.seeds == 3 && robustness.perSeed.count == 3 && robustness.holdout?.traces == ["step.csv"])
        #expect(result.setup.traces.map(\.path) == ["sway.csv", "sway.csv@seed=4", "sway.csv@seed=5", "glance.csv", "glance.csv@seed=5", "glance.csv@seed=6"])
        let html = try String(contentsOf: dir.url.appendingPathComponent("tune.html"), encoding: .utf8)
        #expect(html.contains("Tuning: robustness") && html.contains("step.csv"))
    }

    /// A re-synthesized seed is exactly the trace `parallax synth --seed` writes.
    @Test func aResynthesizedSeedIsTheSynthesizedFile() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        _ = try TuneCommandTests.traces(dir)
        let synth = try ParallaxProcess.run(["synth", "--model", "sway", "--duration", "6", "--seed", "5", "-o", dir.path("sway5.csv")])
        #expect(synth.status == 0, "\(synth.stderr)")
        let file = try TraceCSVReader.read(contentsOf: dir.path("sway.csv"))
        let set = try TuneTraceSet(files: [("sway.csv", file)], seeds: 3, holdout: .none)
        let expected = try TraceCSVReader.read(contentsOf: dir.path("sway5.csv"))
        #expect(TuneContext.fingerprint(set.training[2].trace) == TuneContext.fingerprint(expected))
    }

    @Test func badRobustnessOptionsExitTwo() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let names = try TuneCommandTests.traces(dir)
        for (arguments, message) in [
            (["--seeds", "0"], "seeds: expected 1…100 seeds, found 0"),
            (["--holdout", "nope.csv"], "nope.csv"),
            (["--holdout"] + names, "found every trace held out"),
            (["--seeds", "2", "--shard", "1/2"], "do not combine with --shard"),
            (["--holdout-fraction", "2"], "holdout_fraction: expected a fraction in (0, 1), found '2'"),
            (["--holdout", names[0], "--holdout-fraction", "0.5"], "not both"),
        ] {
            let run = try ParallaxProcess.run(["tune", "--traces"] + names + arguments, in: dir.url)
            #expect(run.status == 2 && run.stderr.contains(message), "\(arguments): \(run.status) \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.path("tune.json")))
        }
    }
}
