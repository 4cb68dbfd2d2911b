import Foundation
import Testing
import Vocabulary
@testable import Reporting

/// Audit checks in the baseline comparison and the verdict's words for known failures.
@Suite struct AuditBaselineTests {
    static func audit(_ checks: [AuditCheckSummary], known: String? = nil, informational: Bool = false) -> SuiteReport.AuditSummary {
        SuiteReport.AuditSummary(failing: checks.filter { !$0.passed }.count, checks: checks.count, informational: informational,
                                 checkValues: checks, knownFailures: known)
    }

    static func latency(_ value: Double, sway: Double, known: KnownFailureStatus? = nil) -> AuditCheckSummary {
        AuditCheckSummary(check: "latency", unit: "ms", limit: 100, value: value, passed: value <= 100,
                          traces: [.init(trace: "sway", p95: sway)], known: known)
    }

    /// Each check and each of its traces is a delta of metric `audit_p95`, in the 5 % band: 100 → 104.9 same, → 105.1 worse.
    @Test func checksAndTheirTracesAreCompared() {
        var old = ReportFixture.report()
        var new = ReportFixture.report()
        old.audit = Self.audit([Self.latency(100, sway: 100)])
        new.audit = Self.audit([Self.latency(104.9, sway: 105.1)])
        let deltas = BaselineComparison.compare(new, with: old).filter { $0.key.hasPrefix("audit ") }
        let states = Dictionary(uniqueKeysWithValues: deltas.map { ($0.key, $0.state) })
        #expect(states == ["audit latency / audit_p95": .same, "audit latency on sway / audit_p95": .worse])
        // A suite's band for audit_p95 replaces the default: 10 % keeps 105.1 the same.
        let wide = BaselineComparison.compare(new, with: old, overrides: ["audit_p95": NoiseBand(relative: 0.1, absolute: 0)])
        #expect(wide.filter { $0.key.hasPrefix("audit ") }.allSatisfy { $0.state == .same })
    }

    /// The verdict line says which failures are known, new, worse, better or fixed, and whether they fail the run.
    @Test func verdictLineCountsKnownFailures() {
        let worse = Self.latency(140, sway: 140, known: .init(state: .worse, recorded: 120, reason: "", line: 3))
        let fixed = AuditCheckSummary(check: "recenter-idempotent", unit: "px", limit: 2, value: 0, passed: true, traces: [],
                                      known: .init(state: .fixed, recorded: 3170, reason: "", line: 7))
        let audit = Self.audit([worse, fixed], known: "parallax-known-failures.yml")
        #expect(audit.failsGate)
        #expect(audit.text == "app audit: 1 of 2 checks fail — known failures (parallax-known-failures.yml): 0 accepted, 0 new, 1 worse, 0 better, 1 fixed"
                + " (remove the fixed from parallax-known-failures.yml) (gated: new or worse failures fail the run)")
        #expect(worse.knownText(file: "k.yml") == "audit check latency: worse than its known failure, 120 ms → 140 ms (k.yml:3)")
        #expect(fixed.knownText(file: "k.yml") == "audit check recenter-idempotent: better, 3.17e+03 px → 0 px, passes (limit 2 px) — remove it from k.yml (k.yml:7)")
        // Accepted failures do not fail a gated audit; without a file every failure does.
        let accepted = Self.latency(119, sway: 119, known: .init(state: .accepted, recorded: 120, reason: "", line: 3))
        #expect(!Self.audit([accepted], known: "k.yml").failsGate && Self.audit([Self.latency(119, sway: 119)]).failsGate)
    }

    /// summary.md and junit.xml: a worse known failure is a failure, a fixed one a note to remove it.
    @Test func summaryAndJUnitSayWhich() {
        var report = ReportFixture.report()
        report.audit = Self.audit([Self.latency(140, sway: 140, known: .init(state: .worse, recorded: 120, reason: "product α", line: 3)),
                                   AuditCheckSummary(check: "recenter-idempotent", unit: "px", limit: 2, value: 0, passed: true, traces: [],
                                                     known: .init(state: .fixed, recorded: 3170, reason: "", line: 7))],
                                  known: "parallax-known-failures.yml")
        let summary = MarkdownSummary.render(report, reportDirectory: "Reports/latest")
        #expect(summary.contains("- audit check latency: worse than its known failure, 120 ms → 140 ms (parallax-known-failures.yml:3)"))
        #expect(summary.contains("### Known failures that changed") && summary.contains("remove it from parallax-known-failures.yml (parallax-known-failures.yml:7)"))
        let junit = JUnitReport.render(report)
        #expect(junit.contains("<testsuite name=\"parallax.audit\" tests=\"2\" failures=\"1\""))
        #expect(junit.contains("name=\"latency\" file=\"parallax-known-failures.yml\" line=\"3\" time=\"0\"><failure"))
        #expect(junit.contains("name=\"recenter-idempotent\" file=\"parallax-known-failures.yml\" line=\"7\" time=\"0\"><system-out>"))
    }
}

extension AuditBaselineTests {
    /// Without `app:`, the audit's model ≠ app code line is shown under the verdict (summary.md) and the headline
    /// (index.html's overview), not only in the audit's section; with `app:` the headline's own comparison says it.
    @Test func auditsAppCodeLineIsNearTheTop() {
        var report = ReportFixture.report()
        var audit = Self.audit([Self.latency(119, sway: 119)])
        audit.appCode = "model ≠ app code (app @ 0123): 4 of 4 cases differ"
        report.audit = audit
        let summary = MarkdownSummary.render(report, reportDirectory: "Reports/latest").components(separatedBy: "\n")
        #expect(summary.prefix(6).contains("App audit: model ≠ app code (app @ 0123): 4 of 4 cases differ"), "\(summary.prefix(6))")
        let page = HTMLReport.render(report, reportDirectory: "Reports/latest")
        let line = page.range(of: "App audit: model ≠ app code (app @ 0123)")
        let frames = page.range(of: "id=\"frames\"")
        #expect(line != nil && frames != nil && line!.lowerBound < frames!.lowerBound)
    }
}
