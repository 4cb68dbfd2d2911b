import Foundation
import Reporting

extension SuiteRun.Outcome {
    /// What `parallax run` prints when the run is over: verdict, counts, up to 10 failures and where the
    /// report is; under GitHub Actions also an `::error` annotation per failure (at most 10).
    public func summary(githubActions: Bool) -> String {
        let c = report.counts
        var lines = [
            "\(report.passed ? "PASS" : "FAIL")  \(report.suite)",
            "  frames    \(c.frames - c.framesFailed)/\(c.frames) pass",
            "  budgets   \(c.budgets - c.budgetsFailed)/\(c.budgets) hold",
            "  scenarios \(c.scenarios)",
        ]
        if let numbers = report.numbers {
            lines.append("  numbers   \(numbers.status.rawValue) (\(numbers.compared) compared, \(numbers.mismatches.count) differ)")
        }
        if let worse = report.baseline?.filter(\.worse) { lines.append("  baseline  \(worse.count) metrics worse than the baseline") }
        let failures = MarkdownSummary.failureLines(report)
        lines += failures.prefix(10).map { "  ✗ \($0)" }
        if failures.count > 10 { lines.append("  … \(failures.count - 10) more in the report") }
        lines.append("report: \((directory as NSString).appendingPathComponent("index.html"))")
        if githubActions { lines += failures.prefix(10).map { "::error title=ParallaxLab::\($0)" } }
        return lines.joined(separator: "\n") + "\n"
    }
}
