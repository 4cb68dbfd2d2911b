import Vocabulary
/// A run's verdict in one line, for the page title, header, terminal and summary.md:
/// "PASS — suite: 0 of 15 frames, 0 of 32 budgets failed; app audit: 8 of 14 checks fail (informational)" — the
/// numeric golden and the baseline when they failed the run, the app audit's count whenever the suite has one.
package struct RunStatus: Sendable {
    package var verdict: Verdict
    package var text: String
    /// The app audit's part ("app audit: 8 of 14 checks fail (informational)"), linked to the audit by the page.
    package var audit: String?

    package init(_ report: SuiteReport) {
        verdict = Verdict(passed: report.passed)
        let c = report.counts
        var parts = ["\(c.framesFailed) of \(c.frames) frames", "\(c.budgetsFailed) of \(c.budgets) budgets"]
        var text = "\(verdict == .pass ? "PASS" : "FAIL") — suite: " + parts.joined(separator: ", ") + " failed"
        parts = []
        if let numbers = report.numbers, !numbers.status.passed { parts.append("numbers golden \(numbers.status.rawValue)") }
        let worse = (report.baseline ?? []).filter(\.worse).count
        if worse > 0 { parts.append("\(worse) worse than the baseline") }
        if !parts.isEmpty { text += "; " + parts.joined(separator: ", ") }
        audit = report.audit?.text
        if let audit { text += "; " + audit }
        self.text = text
    }
}
