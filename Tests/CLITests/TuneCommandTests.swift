import Foundation
import ParallaxTestSupport
import Testing

@Suite struct TuneCommandTests {
    /// A short traces directory; run from it so that the paths recorded in tune.json are relative.
    static func traces(_ dir: TemporaryDirectory) throws -> [String] {
        var names: [String] = []
        for (model, seed) in [("sway", "3"), ("glance", "4")] {
            let name = "\(model).csv"
            let synth = try ParallaxProcess.run(["synth", "--model", model, "--duration", "6", "--seed", seed, "-o", dir.path(name)])
            #expect(synth.status == 0, "\(synth.stderr)")
            names.append(name)
        }
        return names
    }

    @Test func shardsMergeToExactlyTheUnshardedBytes() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let names = try Self.traces(dir)
        // The third grid recommends an α the app's slider cannot be set to: its settability note must survive the merge.
        let grids = [("ema:alpha=0.1...0.9/0.1", "1...2/0.5", "ramp_lag_ms<=200"),
                     ("one-euro:mincutoff=0.5...2/0.5,beta=0...20/10", "1...2/0.5", "ramp_lag_ms<=200"),
                     ("ema:alpha=0.05...0.95/0.01", "1.0", "ramp_lag_ms<=50")]
        for (smoother, scales, constraint) in grids {
            let common = ["tune", "--traces"] + names + ["--smoother", smoother, "--movement-scale", scales, "--constraint", constraint]
            let full = try ParallaxProcess.run(common + ["-o", "tune.json"], in: dir.url)
            #expect(full.status == 0, "\(full.stderr)")
            #expect(full.stdout.contains("Pareto front") && full.stdout.contains("Recommendation:") && full.stdout.contains("(the app's default) is"))
            #expect(FileManager.default.fileExists(atPath: dir.path("tune.html")))
            for i in 1...3 {
                let part = try ParallaxProcess.run(common + ["--shard", "\(i)/3"], in: dir.url)
                #expect(part.status == 0, "\(part.stderr)")
            }
            let merge = try ParallaxProcess.run(["merge", "tune.part-3-of-3.json", "tune.part-1-of-3.json", "tune.part-2-of-3.json", "-o", "merged.json"], in: dir.url)
            #expect(merge.status == 0, "\(merge.stderr)")
            let a = try Data(contentsOf: dir.url.appendingPathComponent("tune.json"))
            let b = try Data(contentsOf: dir.url.appendingPathComponent("merged.json"))
            #expect(a == b, "\(smoother): merged bytes differ from the unsharded run")
            let object = try JSONSerialization.jsonObject(with: a) as? [String: Any]
            #expect(object?["schema"] as? Int == 1)
            #expect(object?["recommendation"] != nil && object?["pareto"] != nil)
            if smoother.hasPrefix("one-euro") { #expect(object?["refinement"] != nil) }
            if smoother.hasSuffix("/0.01") {
                #expect((object?["notes"] as? [String])?.contains { $0.contains("cannot be set in the app") } == true)
            }
            let incomplete = try ParallaxProcess.run(["merge", "tune.part-1-of-3.json", "tune.part-2-of-3.json", "-o", "bad.json"], in: dir.url)
            #expect(incomplete.status == 2 && incomplete.stderr.contains("missing shard(s) 3/3"))
        }
    }

    @Test func badRangesExitTwo() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let names = try Self.traces(dir)
        let cases: [([String], String)] = [
            (["--smoother", "ema:alpha=0.9...0.1/0.01"], "lo 0.9 > hi 0.1"),
            (["--movement-scale", "0.9...0.1"], "lo 0.9 > hi 0.1"),
            (["--movement-scale", "0.5...3.0/0"], "step must be > 0"),
            (["--smoother", "ema:alpha=0.1...0.5/0"], "step must be > 0"),
            (["--movement-scale", "x...3/0.1"], "is not a number"),
            (["--smoother", "ema:alpha=0...0.5/0.1"], "alpha"),
            (["--shard", "4/3"], "--shard"),
            (["--constraint", "lag_ms<fast"], "--constraint"),
        ]
        for (arguments, fragment) in cases {
            let run = try ParallaxProcess.run(["tune", "--traces"] + names + arguments, in: dir.url)
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains(fragment), "\(arguments): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1)
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path("tune.json")))
    }
}
