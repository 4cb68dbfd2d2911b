import Vocabulary
/// A run's verdict in one line, for the page title and header: "FAIL — 1 of 11 frames, 0 of 32 budgets failed",
/// plus the numeric golden and the baseline when they failed the run.
package struct RunStatus: Sendable {
    package var verdict: Verdict
    package var text: String

    package init(_ report: SuiteReport) {
        verdict = Verdict(passed: report.passed)
        let c = report.counts
        var parts = ["\(c.framesFailed) of \(c.frames) frames", "\(c.budgetsFailed) of \(c.budgets) budgets"]
        var text = "\(verdict == .pass ? "PASS" : "FAIL") — " + parts.joined(separator: ", ") + " failed"
        parts = []
        if let numbers = report.numbers, !numbers.status.passed { parts.append("numbers golden \(numbers.status.rawValue)") }
        let worse = (report.baseline ?? []).filter(\.worse).count
        if worse > 0 { parts.append("\(worse) worse than the baseline") }
        if !parts.isEmpty { text += "; " + parts.joined(separator: ", ") }
        self.text = text
    }
}
