import Foundation
import Harness
import ParallaxTestSupport
import Testing
import Tuning

/// A suite's tune section takes seeds and held-out traces like `parallax tune`.
@Suite struct SuiteTuneRobustnessTests {
    func run(tune: String, in dir: URL) throws -> SuiteRun.Outcome {
        let traces = ["sway", "glance", "step"].map { SuiteRunTests.repository.appendingPathComponent("Traces/\($0).csv").path }
        let suite = dir.appendingPathComponent("suite.yml").path
        try """
            name: tune-robustness
            goldens: goldens
            traces: [\(traces.map { "'\($0)'" }.joined(separator: ", "))]
            smoothers: ["ema:alpha=0.25"]
            screens: [iphone-15-pro]
            movement_scales: [1.5]
            tune: \(tune)
            """.write(toFile: suite, atomically: true, encoding: .utf8)
        var options = SuiteRun.Options(suitePath: suite)
        options.output = dir.appendingPathComponent("report").path
        return try SuiteRun.run(options)
    }

    @Test func seedsAndHoldoutReachTuneJSONAndTheReport() throws {
        let dir = try TemporaryDirectory(prefix: "suite-tune").url
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try run(tune: "{smoother: 'ema:alpha=0.1...0.5/0.1', movement_scale: '1.5', traces: [sway, glance], seeds: 2, holdout: [step], constraints: ['ramp_lag_ms<=200']}", in: dir)
        let data = try Data(contentsOf: dir.appendingPathComponent("report/tune.json"))
        let result = try TuneResult.decode(data, name: "tune.json")
        let robustness = try #require(result.robustness)
        #expect(robustness.seeds == 2 && robustness.perSeed.count == 2)
        #expect(robustness.holdout?.traces == ["step"])
        #expect(result.setup.traces.count == 4)
        let html = try String(contentsOf: dir.appendingPathComponent("report/index.html"), encoding: .utf8)
        #expect(html.contains("Tuning: robustness"))
        // The page `parallax tune` writes, beside tune.json.
        let page = try String(contentsOf: dir.appendingPathComponent("report/tune.html"), encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.contains("Tuning: interactive view"), "\(page.prefix(200))")
    }

    @Test func anUnknownHeldOutTraceNamesTheKey() throws {
        let dir = try TemporaryDirectory(prefix: "suite-tune").url
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect { try run(tune: "{smoother: 'ema:alpha=0.25', holdout: [nope]}", in: dir) } throws: { error in
            "\(error)".contains("tune.holdout: 'nope' is not a trace of the suite")
        }
    }
}
