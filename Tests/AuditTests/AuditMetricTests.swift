import Testing
@testable import Audit
import Vocabulary

/// Each audit check is a metric descriptor: its id, its unit, lower is better, its mechanism.
struct AuditMetricTests {
    @Test func everyCheckIsAMetricInItsUnit() {
        #expect(MetricCatalog.audit.metrics.map(\.name) == AuditCheckID.allCases.map(\.rawValue))
        let units = Dictionary(uniqueKeysWithValues: AuditCheckID.allCases.map { ($0, $0.unit) })
        #expect(units[.trackingLoss] == "s" && units[.latency] == "ms" && units[.clipDepth] == "mm")
        #expect(units[.splatColour] == "levels" && units[.jacobianClamp] == "%" && units[.screenSize] == "px")
        for check in AuditCheckID.allCases {
            #expect(check.metric.direction == .lowerIsBetter && check.metric.meaning == check.mechanism)
            #expect(MetricCatalog.audit.descriptor(named: check.rawValue) == check.metric)
        }
    }
}
