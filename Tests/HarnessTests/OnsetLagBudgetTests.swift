import Foundation
import Harness
import ParallaxTestSupport
import Testing

/// Lag across a movement is a scenario metric and a budget metric; a trace without movements from rest
/// lacks it (with a note) rather than reporting 0.
@Suite struct OnsetLagBudgetTests {
    @Test func onsetLagBudgetsAreCheckedAndStillTracesLackTheMetric() throws {
        let dir = try TemporaryDirectory(prefix: "onset-budget").url
        defer { try? FileManager.default.removeItem(at: dir) }
        let traces = ["step", "still"].map { SuiteRunTests.repository.appendingPathComponent("Traces/\($0).csv").path }
        let suite = dir.appendingPathComponent("suite.yml").path
        try """
            name: onset
            goldens: goldens
            traces: ['\(traces[0])', '\(traces[1])']
            smoothers: ["ema:alpha=0.25"]
            screens: [iphone-15-pro]
            movement_scales: [1.5]
            budgets:
              - {metric: lag_onset_ms, max: 1, traces: [step]}
              - {metric: lag_steady_ms, max: 100, traces: [step]}
            """.write(toFile: suite, atomically: true, encoding: .utf8)
        var options = SuiteRun.Options(suitePath: suite)
        options.output = dir.appendingPathComponent("report").path
        let outcome = try SuiteRun.run(options)
        let step = try #require(outcome.report.scenarios.first { $0.trace == "step" })
        let onset = try #require(step.metrics["lag_onset_ms"])
        let steady = try #require(step.metrics["lag_steady_ms"])
        // The app's EMA on 5 cm steps: the ramp-equivalent lag rises towards (1 − α)/α samples = 50 ms.
        #expect(onset > 1 && onset < steady && steady < 60)
        #expect(outcome.report.budgets.map(\.passed) == [false, true])
        #expect(outcome.report.budgets.first?.unit == "ms")
        #expect(outcome.failure != nil)
        let still = try #require(outcome.report.scenarios.first { $0.trace == "still" })
        #expect(still.metrics["lag_onset_ms"] == nil && still.metrics["lag_steady_ms"] == nil)
        #expect(still.notes.contains { $0.hasPrefix("lag across a movement: no movement from rest") })
    }
}
