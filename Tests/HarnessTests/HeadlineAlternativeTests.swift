import Foundation
@testable import Reporting
import Scientific
import Testing
@testable import Harness

/// The headline's best alternative keeps the budgets: the other smoother with the lowest parallax error among those
/// whose scenarios break no budget; when every one breaks one, the lowest of all, with what it breaks named.
@Suite struct HeadlineAlternativeTests {
    /// The app's EMA, kalman-cv (the lowest parallax error of the others on these traces, and the most jitter at rest)
    /// and One Euro, under one visible-jitter budget on the still trace at `limit` px.
    static func suite(jitterLimit limit: String, gating smoothers: String = "") -> String {
        """
        name: alternative keeps the budgets
        goldens: goldens
        traces: [sway.csv, still.csv]
        smoothers: ["ema:alpha=0.25", "kalman-cv", "one-euro:mincutoff=1,beta=10"]
        screens: [iphone-15-pro]
        movement_scales: [1.5]
        budgets:
          - {metric: visible_jitter_px, max: \(limit), traces: [still]\(smoothers.isEmpty ? "" : ", smoothers: \(smoothers)")}

        """
    }

    static func run(jitterLimit limit: String, gating smoothers: String = "") throws -> (SuiteReport, summary: String, json: String, fixture: SuiteAppTests.Fixture) {
        let fixture = try SuiteAppTests.Fixture(suite(jitterLimit: limit, gating: smoothers))
        let report = try fixture.run().report
        let summary = try String(contentsOfFile: fixture.directory.path("report/summary.md"), encoding: .utf8)
        let json = try String(contentsOfFile: fixture.directory.path("report/report.json"), encoding: .utf8)
        return (report, summary, json, fixture)
    }

    /// The median parallax error p95 of a smoother over every trace (no budget names the error's traces here).
    static func error(_ report: SuiteReport, _ smoother: String) -> Double {
        Statistics.median(report.scenarios.filter { $0.smoother == smoother }.compactMap { $0.metrics["parallax_error_p95_px"] })
    }

    static func jitterOnStill(_ report: SuiteReport, _ smoother: String) throws -> Double {
        try #require(report.scenarios.first { $0.smoother == smoother && $0.trace == "still" }?.metrics["visible_jitter_px"])
    }

    /// report.json's headline's alternative configuration.
    static func alternativeInJSON(_ json: String) throws -> [String: Any] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let configurations = try #require((object["headline"] as? [String: Any])?["configurations"] as? [[String: Any]])
        return try #require(configurations.first { $0["role"] as? String == "best alternative" })
    }

    /// A budget that gates only the app's smoother (as parallax.yml's do) still holds against the alternative in the
    /// headline: the limit is shown beside both columns.
    @Test func aBudgetGatingOnlyTheAppStillHoldsAgainstTheAlternative() throws {
        let (report, _, json, fixture) = try Self.run(jitterLimit: "3", gating: "[\"ema:alpha=0.25\"]")
        defer { fixture.directory.cleanUp() }
        #expect(report.budgets.allSatisfy { $0.scenario.contains("ema") }, "the run gates only the app's scenarios")
        let headline = try #require(report.headline)
        #expect(headline.configurations.map(\.smoother) == ["ema:alpha=0.25", "one-euro:mincutoff=1,beta=10"])
        #expect(try Self.alternativeInJSON(json)["breaks"] as? [Any] != nil)
    }

    @Test func theLowestErrorThatKeepsTheBudgetsIsChosen() throws {
        let (report, summary, json, fixture) = try Self.run(jitterLimit: "3")
        defer { fixture.directory.cleanUp() }
        // The premise: kalman-cv has the lower error and breaks the jitter budget, One Euro keeps it.
        #expect(Self.error(report, "kalman-cv") < Self.error(report, "one-euro:mincutoff=1,beta=10"))
        #expect(try Self.jitterOnStill(report, "kalman-cv") > 3)
        #expect(try Self.jitterOnStill(report, "one-euro:mincutoff=1,beta=10") <= 3)

        let headline = try #require(report.headline)
        #expect(headline.configurations.map(\.smoother) == ["ema:alpha=0.25", "one-euro:mincutoff=1,beta=10"])
        #expect(headline.configurations[1].breaks?.isEmpty == true && headline.configurations[0].breaks == nil)
        #expect(headline.alternativeRule.hasPrefix("Best alternative: of the suite's other smoothers that keep every budget of the suite"))
        #expect(headline.alternativeRule.hasSuffix(": one-euro:mincutoff=1,beta=10 keeps every budget."))
        #expect(summary.contains("one-euro:mincutoff=1,beta=10 keeps every budget.") && !summary.contains("breaks ≤"))
        #expect(try Self.alternativeInJSON(json)["breaks"] as? [Any] != nil && (try Self.alternativeInJSON(json)["breaks"] as? [Any])?.isEmpty == true)
    }

    @Test func whenEveryOneBreaksABudgetTheLowestErrorIsChosenAndItsBreaksNamed() throws {
        let (report, summary, json, fixture) = try Self.run(jitterLimit: "0.001")
        defer { fixture.directory.cleanUp() }
        let jitter = try Self.jitterOnStill(report, "kalman-cv")
        #expect(try Self.jitterOnStill(report, "one-euro:mincutoff=1,beta=10") > 0.001 && jitter > 0.001)
        #expect(Self.error(report, "kalman-cv") < Self.error(report, "one-euro:mincutoff=1,beta=10"))

        let headline = try #require(report.headline)
        #expect(headline.configurations.map(\.smoother) == ["ema:alpha=0.25", "kalman-cv"])
        let breaks = try #require(headline.configurations[1].breaks)
        #expect(breaks.count == 1)
        #expect(breaks.first.map { [$0.metric, $0.limit, $0.unit] } == ["visible_jitter_px", "≤ 0.001", "px"])
        #expect(breaks.first?.value == jitter && breaks.first?.scenarios == 1)
        let named = "visible jitter at rest: \(Format.value(jitter)) > 0.001 px"
        #expect(breaks.first?.text == named)
        #expect(headline.alternativeRule.contains("; none does, so the lowest of all: kalman-cv, which breaks \(named)."))
        // Beside its value in the jitter row, and in the rule, in summary.md and report.json.
        let row = try #require(summary.split(separator: "\n").first { $0.hasPrefix("| visible jitter at rest") }).components(separatedBy: " | ")
        #expect(row.count == 5 && row[2].hasPrefix(Format.value(jitter, unit: "px")) && row[2].hasSuffix(" breaks ≤ 0.001 px") && !row[1].contains("breaks"))
        #expect(summary.contains("kalman-cv, which breaks \(named)."))
        let written = try #require(try Self.alternativeInJSON(json)["breaks"] as? [[String: Any]])
        #expect(written.count == 1 && written.first?["metric"] as? String == "visible_jitter_px" && written.first?["limit"] as? String == "≤ 0.001"
                && written.first?["value"] as? Double == jitter)
        #expect(headline.text.contains { $0.contains("breaks ≤ 0.001 px") })
    }
}
