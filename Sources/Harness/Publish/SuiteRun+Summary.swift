import Foundation
import Reporting

extension SuiteRun.Outcome {
    /// What `parallax run` prints when the run is over: verdict, counts, up to 10 failures and where the
    /// report is; under GitHub Actions also an escaped `::error` annotation per failure at its file and line (at most
    /// 10, then a notice counting the rest).
    package func summary(githubActions: Bool) -> String {
        let c = report.counts
        var lines = ["\(RunStatus(report).text)  (\(report.suite))"]
        if let headline = report.headline { lines += headline.text }
        // The audit's model against the app's code, when the headline does not already say it.
        if let appCode = report.audit?.appCode, report.headline?.app?.comparison == nil { lines.append("  app audit: \(appCode)") }
        lines += [
            "  frames    \(c.frames - c.framesFailed)/\(c.frames) pass",
            "  budgets   \(c.budgets - c.budgetsFailed)/\(c.budgets) hold",
            "  scenarios \(c.scenarios)",
        ]
        if let numbers = report.numbers {
            lines.append("  numbers   \(numbers.status.rawValue) (\(numbers.compared) compared, \(numbers.mismatches.count) differ)")
        }
        if let deltas = report.baseline {
            let counts = BaselineState.allCases.map { state in "\(deltas.filter { $0.state == state }.count) \(state.rawValue)" }
            lines.append("  baseline  \(counts.joined(separator: ", "))")
        }
        let failures = MarkdownSummary.failureLines(report, reportDirectory: directory)
        lines += failures.prefix(10).map { "  ✗ \($0)" }
        if failures.count > 10 { lines.append("  … \(failures.count - 10) more in the report") }
        lines += MarkdownSummary.knownFailureNotes(report).map { "  ✓ \($0)" }
        lines.append("report: \((directory as NSString).appendingPathComponent("index.html"))")
        if githubActions { lines += GitHubAnnotation.annotations(for: report, reportDirectory: directory).map(\.command) }
        return lines.joined(separator: "\n") + "\n"
    }
}
