import Foundation
import Testing
@testable import Reporting
@testable import Vocabulary

/// The headline leads every output with the same numbers, units, budgets and meanings; the verdict line carries the
/// app audit's failing-check count and links to it.
@Suite struct HeadlineTests {
    static func headline() -> Headline {
        Headline(screen: "iphone-15-pro", movementScale: 1.5,
                 configurations: [.init(role: .app, smoother: "ema:alpha=0.25"), .init(role: .alternative, smoother: "kalman-cv")],
                 rows: [
                    .init(metrics: ["latency_p95_ms"], traces: ["still", "sway"], budget: nil,
                          cells: [.init(values: [153.2]), .init(values: [102.5], trend: .better)]),
                    .init(metrics: ["visible_jitter_px", "visible_jitter_mm"], traces: ["still"], budget: "≤ 3 px",
                          cells: [.init(values: [2.334, 0.2712]), .init(values: [7.885, nil])]),
                 ],
                 alternativeRule: "Best alternative: the lowest parallax error p95.",
                 latencyParts: [.init(name: "sensor", ms: 33), .init(name: "filter lag on steady motion", ms: 50)])
    }

    static func report(audit: SuiteReport.AuditSummary?) -> SuiteReport {
        var report = ReportStatusTests.passingReport()
        report.headline = headline()
        report.audit = audit
        return report
    }

    @Test func htmlShowsEveryValueWithItsUnitBudgetTrendAndMeaning() {
        let page = HTMLReport.render(Self.report(audit: nil), reportDirectory: "Reports/latest")
        let headline = try! #require(page.range(of: "<div class=\"headline\" id=\"headline\">"))
        let toolbar = try! #require(page.range(of: "class=\"toolbar\""))
        #expect(headline.lowerBound < toolbar.lowerBound, "the headline leads the overview")
        for text in ["153.2 ms", "102.5 ms", "<span class=\"hl-value\">2.334 px</span><span class=\"hl-also\">0.2712 mm</span>", "<span class=\"hl-also\">▼ better</span>", "arrows: against the baseline", "7.885 px", "budget ≤ 3 px",
                     "on still", "median of 2 traces", "the app (ema:alpha=0.25) vs best alternative (kalman-cv) on iphone-15-pro",
                     "<span class=\"hl-who\">kalman-cv</span>", MetricDescriptor.latencyP95Ms.meaning.replacingOccurrences(of: "'", with: "&#39;"),
                     "<strong>head-to-photon latency p95</strong>", "sensor 33 ms + filter lag on steady motion 50 ms"] {
            #expect(page.contains(text), "\(text)")
        }
    }

    @Test func summaryAndTerminalLeadWithTheSameNumbers() {
        let report = Self.report(audit: .init(failing: 8, checks: 14, informational: true))
        let markdown = MarkdownSummary.render(report, reportDirectory: "Reports/latest").components(separatedBy: "\n")
        #expect(markdown[2] == "**PASS — suite: 0 of 1 frames, 0 of 1 budgets failed; app audit: 8 of 14 checks fail (informational)** — [audit.html](audit.html)")
        #expect(markdown[4].hasPrefix("| iphone-15-pro, s = 1.5 | the app (ema:alpha=0.25) | best alternative (kalman-cv) | budget |"))
        #expect(markdown[6] == "| head-to-photon latency p95 (median of 2 traces) | 153.2 ms | 102.5 ms ▼ better vs baseline | — | \(MetricDescriptor.latencyP95Ms.meaning) |")
        #expect(markdown[7].hasPrefix("| visible jitter at rest (on still) | 2.334 px · 0.2712 mm | 7.885 px | ≤ 3 px |"))
        let text = Self.headline().text
        #expect(text[1].contains("head-to-photon latency p95 (median of 2 traces)") && text[1].contains("153.2 ms") && text[1].contains("102.5 ms ▼ better"))
        #expect(text[2].contains("2.334 px · 0.2712 mm") && text[2].hasSuffix("≤ 3 px"))
    }

    /// The app under test names its column ("the app (code …)") and, when it is code, every output states how the
    /// model compares with it; a model app states nothing of the kind.
    @Test func theAppUnderTestIsNamedAndTheModelAgainstItsCodeStated() throws {
        var headline = Self.headline()
        headline.configurations[0] = .init(role: .app, smoother: "app", label: "the app (code aa441b26)")
        let statement = "model ≠ code (2 of 2 runs): first at the eye, frame 1 (t = 0.000 s) of sway, |Δ| 87.92 mm"
        headline.app = .init(label: "the app (code aa441b26)", kind: "code", source: "app", hash: "aa441b2629efad30", smoothingAlpha: 0.5,
                             movementScale: 2, comparison: statement)
        var report = ReportStatusTests.passingReport()
        report.headline = headline
        let page = HTMLReport.render(report, reportDirectory: "Reports/latest")
        #expect(page.contains("the app (code aa441b26) vs best alternative (kalman-cv) on iphone-15-pro"))
        #expect(page.contains("<p class=\"hl-setup muted hl-comparison\">The app&#39;s model (ema:alpha=0.25, movement scale 1.5) against its code on the suite&#39;s traces at iphone-15-pro, each as built: \(statement).</p>"))
        let markdown = MarkdownSummary.render(report, reportDirectory: "Reports/latest")
        #expect(markdown.contains("| iphone-15-pro, s = 1.5 | the app (code aa441b26) | best alternative (kalman-cv) |"))
        #expect(markdown.contains(statement.replacingOccurrences(of: "|", with: "\\|")))
        #expect(headline.text.contains { $0.hasSuffix("each as built: \(statement).") })
        // The settings its code holds, read back (α and movement scale), in every output.
        let built = "the app (code aa441b26) as built: α = 0.5, movement scale 2, read back from its code."
        #expect(page.contains("<p class=\"hl-setup muted\">\(built)</p>") && markdown.contains(built) && headline.text.contains("  \(built)"))
        // report.json carries who the app is and the statement.
        let json = String(decoding: try JSONEncoder().encode(headline), as: UTF8.self)
        #expect(json.contains("\"comparison\"") && json.contains("\"hash\":\"aa441b2629efad30\"") && json.contains("\"label\":\"the app (code aa441b26)\""))
        // A model app: no statement anywhere.
        headline.app?.kind = "model"
        headline.app?.comparison = nil
        report.headline = headline
        #expect(!HTMLReport.render(report, reportDirectory: "Reports/latest").contains("hl-comparison"))
        #expect(!MarkdownSummary.render(report, reportDirectory: "Reports/latest").contains("against its code"))
    }

    @Test func theVerdictLineCountsTheAuditsFailingChecksAndLinksToIt() {
        let report = Self.report(audit: .init(failing: 8, checks: 14, informational: true))
        #expect(RunStatus(report).text == "PASS — suite: 0 of 1 frames, 0 of 1 budgets failed; app audit: 8 of 14 checks fail (informational)")
        let page = HTMLReport.render(report, reportDirectory: "Reports/latest")
        #expect(page.contains("<title>PASS — suite: 0 of 1 frames, 0 of 1 budgets failed; app audit: 8 of 14 checks fail (informational) · "))
        #expect(page.contains("<p class=\"run-status pass\" id=\"run-status\">PASS — suite: 0 of 1 frames, 0 of 1 budgets failed; <a href=\"#audit\" class=\"audit-line\">app audit: 8 of 14 checks fail (informational)</a></p>"))
        #expect(page.contains("<div class=\"muted\">App audit</div><div><a href=\"#audit\">8 of 14 checks fail (informational)</a></div><div class=\"muted\"><a href=\"audit.html\">audit.html</a></div>"))
        let gated = SuiteReport.AuditSummary(failing: 2, checks: 14, informational: false)
        #expect(gated.text == "app audit: 2 of 14 checks fail (gated: fails the run)")
    }

    @Test func negativeLagsSayTheyLeadAndHeadersCarryUnits() {
        #expect(Format.metric(-13.95, .lagMs) == "-13.95 — leads (prediction)")
        #expect(Format.metric(13.95, .lagMs) == "13.95")
        #expect(Format.metric(-1, .parallaxErrorP95Px) == "-1")
        #expect(MetricDescriptor.filterLagMs.header == "filter lag (ms)")
        #expect(MetricDescriptor.parallaxErrorP95Arcmin.header == "parallax error p95 (arcmin)")
        for metric in MetricCatalog.scenario.metrics { #expect(metric.title != metric.name, "\(metric.name) has a title in words") }
    }
}

/// A frame that could not be compared says why wherever failures are listed (the terminal prints these lines).
@Suite struct FrameErrorReasonTests {
    /// A smoother's failed budget results become one break per budget with the value furthest beyond its limit
    /// (the highest under a `max`, the lowest under a `min`); passed results and "not computed" add no value.
    @Test func breaksKeepTheWorstValuePerBudget() {
        func result(_ metric: String, _ limit: String, _ unit: String, _ value: Double?, passed: Bool) -> BudgetResult {
            BudgetResult(metric: metric, unit: unit, limit: limit, scenario: "s", value: value, passed: passed, note: nil)
        }
        let breaks = Headline.Break.breaks(in: [
            result("visible_jitter_px", "≤ 3", "px", 4.5, passed: false), result("effect_gain_px_per_cm", "≥ 2", "px/cm", 1.5, passed: false),
            result("visible_jitter_px", "≤ 3", "px", 7.9, passed: false), result("effect_gain_px_per_cm", "≥ 2", "px/cm", 0.5, passed: false),
            result("visible_jitter_px", "≤ 3", "px", 2.0, passed: true), result("lag_ms", "≤ 60", "ms", nil, passed: false),
        ])
        #expect(breaks.map(\.text) == ["visible jitter at rest: 7.9 > 3 px", "effect strength: 0.5 < 2 px/cm", "tracking lag: not computed (≤ 60 ms)"])
        #expect(breaks.map(\.scenarios) == [2, 2, 1])
    }

    @Test func anErrorFrameGivesItsReasonAndNoAcceptCommand() {
        var report = ReportStatusTests.passingReport()
        report.frames[0].status = .error
        report.frames[0].checks = []
        report.frames[0].message = "golden: truncated PNG (IDAT ends early)"
        let lines = MarkdownSummary.failureLines(report, reportDirectory: "Reports/latest")
        #expect(lines == ["frame cube/f0: error — golden: truncated PNG (IDAT ends early) — record again with `\(report.frames[0].recordCommand)`"])
    }
}
