import Plumbing
/// `summary.md` for `$GITHUB_STEP_SUMMARY`: status, counts, failures first, budgets and frames; no images;
/// capped well under GitHub's 1 MiB limit (100 KB).
public enum MarkdownSummary {
    public static let limit = 100_000

    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    public static func render(_ report: SuiteReport) -> String {
        var lines: [String] = []
        lines.append("## ParallaxLab — \(cell(report.suite)): \(report.passed ? "✅ pass" : "❌ fail")")
        lines.append("")
        let c = report.counts
        lines.append("Frames: \(c.frames - c.framesFailed)/\(c.frames) pass · budgets: \(c.budgets - c.budgetsFailed)/\(c.budgets) hold · scenarios: \(c.scenarios)"
                     + (report.numbers.map { " · numbers golden: \($0.status.rawValue)" } ?? "")
                     + " · ParallaxLab \(report.environment.version) (\(report.environment.commit))")
        lines.append("")
        let failures = failureLines(report)
        if !failures.isEmpty {
            lines.append("### Failures")
            lines.append("")
            lines += failures.map { "- \($0)" }
            lines.append("")
        }
        lines.append("### Frames")
        lines.append("")
        lines.append("| frame | status | max diff | over-tolerance | SSIM mean / min | record |")
        lines.append("|---|---|---:|---:|---|---|")
        for frame in report.frames.sorted(by: { ($0.status.passed ? 1 : 0, $0.name) < ($1.status.passed ? 1 : 0, $1.name) }) {
            let ssim = "\(Format.value(frame.metrics["ssim_mean"])) / \(Format.value(frame.metrics["ssim_min"]))"
            lines.append("| \(cell(frame.name)) | \(frame.status.rawValue) | \(Format.value(frame.metrics["max_channel_diff"])) | \(Format.value(frame.metrics["over_tolerance_pixels"])) | \(ssim) | \(frame.status.passed ? "" : "`\(cell(frame.recordCommand))`") |")
        }
        lines.append("")
        lines.append("### Budgets")
        lines.append("")
        lines.append("| metric | limit | scenario | value | |")
        lines.append("|---|---|---|---:|---|")
        for budget in report.budgets.sorted(by: { ($0.passed ? 1 : 0) < ($1.passed ? 1 : 0) }) {
            lines.append("| \(budget.metric) | \(budget.limit) \(budget.unit) | \(cell(budget.scenario)) | \(Format.value(budget.value, unit: budget.unit)) | \(budget.passed ? "✅" : "❌") |")
        }
        if let deltas = report.baseline?.filter(\.worse), !deltas.isEmpty {
            lines.append("")
            lines.append("### Worse than the baseline")
            lines.append("")
            lines += deltas.prefix(50).map { "- \(cell($0.key)): \(Format.value($0.baseline)) → \(Format.value($0.current))" }
        }
        var text = lines.joined(separator: "\n") + "\n"
        if text.utf8.count > limit {
            text = String(decoding: Array(text.utf8.prefix(limit - 200)), as: UTF8.self) + "\n\n… (truncated; see report.json)\n"
        }
        return text
    }

    /// Failures, worst first, one line each (also used for CI `::error` annotations).
    public static func failureLines(_ report: SuiteReport) -> [String] {
        var lines: [String] = []
        for frame in report.frames where !frame.status.passed {
            let detail = frame.status == .missing ? "golden missing" : frame.checks.filter { !$0.passed }.map { "\($0.limit) \(Format.value($0.value)) (limit \(Format.value($0.bound)))" }.joined(separator: ", ")
            lines.append("frame \(frame.name): \(frame.status.rawValue)\(detail.isEmpty ? "" : " — \(detail)") — record with `\(frame.recordCommand)`")
        }
        if let numbers = report.numbers, !numbers.status.passed {
            lines.append("numbers golden \(numbers.golden): \(numbers.status.rawValue) (\(numbers.mismatches.count) differ) — record with `\(numbers.recordCommand)`")
        }
        for budget in report.budgets where !budget.passed {
            lines.append("budget \(budget.metric) \(budget.limit) \(budget.unit): \(Format.value(budget.value, unit: budget.unit)) in \(budget.scenario)")
        }
        return lines
    }
}
