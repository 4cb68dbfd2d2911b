import Foundation
import Projection
import Smoothing
import Testing
import Tracking
@testable import Harness
import Vocabulary

/// Every metric a scenario computes is a descriptor of `MetricCatalog.scenario`, and every descriptor of it is
/// computed on a trace with truth, motion from rest and still stretches; budgets name metrics by descriptor.
struct ScenarioMetricCatalogTests {
    @Test func everyScenarioMetricHasADescriptor() throws {
        let trace = try TraceCSVReader.read(contentsOf: SuiteRunTests.repository.appendingPathComponent("Traces/glance.csv").path)
        let runner = ScenarioRunner(traces: [("glance", trace)], smoothers: [Parsed(text: "ema", value: try SmootherSpec(parsing: "ema:alpha=0.25"))],
                                    screens: [.appDefault], movementScales: [1.5])
        let scenarios = try runner.run(progress: { _ in })
        let computed = Set(scenarios.flatMap(\.metrics.keys))
        #expect(computed == Set(MetricCatalog.scenario.metrics.map(\.name)))
    }

    @Test func budgetsNameAScenarioMetric() throws {
        let suite = try SuiteLoaderTests().load("budgets:\n  - {metric: swim_p95_deg_s, max: 5}\n")
        #expect(suite.budgets[0].metric == .swimP95DegS)
        let error = SuiteLoaderTests().error("budgets:\n  - {metric: ramp_lag_ms, max: 1}\n")
        #expect(error?.message.contains("expected lag_ms, filter_lag_ms") == true, "\(String(describing: error))")
        #expect(error?.message.contains("found 'ramp_lag_ms'") == true, "\(String(describing: error))")
    }
}
