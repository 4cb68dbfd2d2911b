import Foundation
import Harness
import ParallaxTestSupport
import Testing

/// Swim is a scenario metric and a budget metric like the parallax error.
@Suite struct SwimBudgetTests {
    @Test func swimBudgetsAreCheckedPerScenario() throws {
        let dir = try TemporaryDirectory(prefix: "swim-budget").url
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = SuiteRunTests.repository.appendingPathComponent("Traces/sway.csv").path
        let suite = dir.appendingPathComponent("suite.yml").path
        try """
            name: swim
            goldens: goldens
            traces: ['\(trace)']
            smoothers: ["ema:alpha=0.25"]
            screens: [iphone-15-pro]
            movement_scales: [1.5]
            budgets:
              - {metric: swim_p95_deg_s, max: 0.001}
              - {metric: swim_rms_deg_s, max: 1000}
            """.write(toFile: suite, atomically: true, encoding: .utf8)
        var options = SuiteRun.Options(suitePath: suite)
        options.output = dir.appendingPathComponent("report").path
        let outcome = try SuiteRun.run(options)
        let scenario = try #require(outcome.report.scenarios.first)
        let p95 = try #require(scenario.metrics["swim_p95_deg_s"])
        let rms = try #require(scenario.metrics["swim_rms_deg_s"])
        #expect(p95 > 0.001 && rms > 0 && rms < p95 * 10)
        #expect(outcome.report.budgets.map(\.passed) == [false, true])
        #expect(outcome.report.budgets.first?.unit == "°/s")
        #expect(outcome.failure != nil)
    }
}
