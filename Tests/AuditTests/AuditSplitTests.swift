import Foundation
import Projection
import Testing
import Tracking
@testable import Audit

/// The audit split by case (as a sharded suite runs it): the cases evaluated one at a time, in any order, stored as
/// JSON and aggregated give the very result of one `AppAudit.run` — its JSON byte for byte, worst places included.
struct AuditSplitTests {
    static let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Traces")

    @Test func casesEvaluatedApartAndStoredAggregateToTheWholeRun() throws {
        let traces = try ["sway", "dropouts"].map { ($0, try TraceCSVReader.read(contentsOf: Self.traces.appendingPathComponent("\($0).csv").path)) }
        let options = AuditOptions(traces: traces, screens: [try ScreenModel.device("iphone-15-pro")])
        let whole = try AppAudit.run(options)
        let cases = try AppAudit.cases(options)
        #expect(cases.count == 4)
        var evaluations: [CaseEvaluation] = []
        for k in cases.indices.reversed() {
            let part = try AppAudit.evaluate(options, cases: cases, including: { $0 == k })
            let stored = try JSONDecoder().decode([CaseEvaluation].self, from: try JSONEncoder().encode(part))
            evaluations += stored
        }
        let merged = try AppAudit.aggregate(options, cases: cases, evaluations: evaluations)
        #expect(try merged.jsonData() == whole.jsonData())
        #expect(whole.checks.contains { $0.worstAt != "no instances" && !$0.worstAt.isEmpty })
        // A missing case is an error, not a smaller audit.
        #expect(throws: (any Error).self) {
            try AppAudit.aggregate(options, cases: cases, evaluations: evaluations.filter { $0.caseIndex != 2 })
        }
    }

    /// The samples that can be a check's worst under `CheckResult`'s first-maximum rule, by hand.
    @Test func recordsAreTheFirstSampleAndEveryOneAboveAllBefore() {
        #expect(CaseEvaluation.records([3, 1, 5, 5, 2, 7]) == [0, 2, 5])
        #expect(CaseEvaluation.records([.nan, 1, 0.5, 2, .nan, 2]) == [0, 1, 3])
        #expect(CaseEvaluation.records([-.infinity, -.infinity]) == [0])
        #expect(CaseEvaluation.records([]) == [])
    }
}
