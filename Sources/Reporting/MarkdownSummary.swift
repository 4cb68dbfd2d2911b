import Vocabulary
/// `summary.md` for `$GITHUB_STEP_SUMMARY`: status, counts, failures first, the baseline's changes with
/// arrows, budgets and frames; no images; capped well under GitHub's 1 MiB limit (100 KB) at a whole line,
/// with a closing line saying how many lines were left out.
package enum MarkdownSummary {
    package static let limit = 100_000

    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    /// `reportDirectory`: the published report folder, as the user named it (the accept commands name it).
    package static func render(_ report: SuiteReport, reportDirectory: String, limit: Int = limit) -> String {
        var lines: [String] = []
        lines.append("## ParallaxLab — \(cell(report.suite)): \(report.passed ? "✅ pass" : "❌ fail")")
        lines.append("")
        lines.append("**\(cell(RunStatus(report).text))**" + (report.audit.map { " — [\($0.page)](\($0.page))" } ?? ""))
        lines.append("")
        // The audit's model against the app's code, when the headline does not already say it.
        if let appCode = report.audit?.appCode, report.headline?.app?.comparison == nil {
            lines.append("App audit: \(cell(appCode))")
            lines.append("")
        }
        if let headline = report.headline {
            lines += headline.markdown
            lines.append("")
        }
        let c = report.counts
        lines.append("Frames: \(c.frames - c.framesFailed)/\(c.frames) pass · budgets: \(c.budgets - c.budgetsFailed)/\(c.budgets) hold · scenarios: \(c.scenarios)"
                     + (report.numbers.map { " · numbers golden: \($0.status.rawValue)" } ?? "")
                     + " · ParallaxLab \(report.environment.version) (\(report.environment.commit))")
        lines.append("")
        let failures = failureLines(report, reportDirectory: reportDirectory)
        if !failures.isEmpty {
            lines.append("### Failures")
            lines.append("")
            lines += failures.map { "- \($0)" }
            lines.append("")
        }
        let notes = knownFailureNotes(report)
        if !notes.isEmpty {
            lines.append("### Known failures that changed")
            lines.append("")
            lines += notes.map { "- \(cell($0))" }
            lines.append("")
        }
        if let deltas = report.baseline {
            lines += baselineLines(deltas)
        }
        lines.append("### Frames")
        lines.append("")
        lines.append("| frame | status | max diff | over-tolerance | SSIM mean / min | accept (after looking at the actual frame) |")
        lines.append("|---|---|---:|---:|---|---|")
        for frame in report.frames.sorted(by: { ($0.status.passed ? 1 : 0, $0.name) < ($1.status.passed ? 1 : 0, $1.name) }) {
            func value(_ metric: MetricDescriptor) -> String { Format.value(frame.metrics[metric: metric]) }
            let ssim = "\(value(.ssimMean)) / \(value(.ssimMin))"
            lines.append("| \(cell(frame.name)) | \(frame.status.rawValue) | \(value(.maxChannelDiff)) | \(value(.overTolerancePixels)) | \(ssim) | \(frame.status.passed ? "" : "`\(cell(Remedy.accept(reportDirectory: reportDirectory, frame: frame.name)))`") |")
        }
        lines.append("")
        lines.append("### Budgets")
        lines.append("")
        lines.append("| metric | limit | scenario | value | |")
        lines.append("|---|---|---|---:|---|")
        for budget in report.budgets.sorted(by: { ($0.passed ? 1 : 0) < ($1.passed ? 1 : 0) }) {
            lines.append("| \(budget.metric) | \(budget.limit) \(budget.unit) | \(cell(budget.scenario)) | \(Format.value(budget.value, unit: budget.unit)) | \(budget.passed ? "✅" : "❌") |")
        }
        return truncated(lines, limit: limit)
    }

    /// The baseline's changed metrics (worse first) as a table with arrows; unchanged ones only counted.
    static func baselineLines(_ deltas: [BaselineDelta]) -> [String] {
        let counts = BaselineState.allCases.map { state in "\(state.arrow) \(deltas.filter { $0.state == state }.count)" }
        var lines = ["### Compared with the baseline", "", counts.joined(separator: " · "), ""]
        let order: [BaselineState: Int] = [.worse: 0, .new: 1, .gone: 2, .better: 3]
        let changed = deltas.filter { $0.state != .same }.sorted { (order[$0.state]!, $0.key) < (order[$1.state]!, $1.key) }
        if !changed.isEmpty {
            lines.append("| metric | baseline | now | change |")
            lines.append("|---|---:|---:|---|")
            lines += changed.map { "| \(cell($0.key)) | \(Format.value($0.baseline)) | \(Format.value($0.current)) | \($0.state.arrow) |" }
            lines.append("")
        }
        return lines
    }

    /// Whole lines up to `limit` bytes (UTF-8), the last one saying how many were left out.
    static func truncated(_ lines: [String], limit: Int) -> String {
        let text = lines.joined(separator: "\n") + "\n"
        guard text.utf8.count > limit else { return text }
        let reserve = 120
        var kept: [String] = []
        var size = 0
        for line in lines {
            let next = line.utf8.count + 1
            if size + next > limit - reserve { break }
            kept.append(line)
            size += next
        }
        let leftOut = lines.count - kept.count
        if let last = kept.last, last.hasPrefix("|") { kept.append("") }  // end the table before the note
        kept.append("… \(leftOut) more lines left out (the summary is capped at \(limit) bytes); see report.json and index.html")
        return kept.joined(separator: "\n") + "\n"
    }

    /// One failure: its line and the anchor of the item it is about in index.html (nil when it has none).
    package struct Failure: Sendable {
        package var text: String
        package var anchor: String?
    }

    /// Failures, worst first, one line each (also the CLI's summary and the HTML overview, linked to their items).
    /// A frame's remedy is `accept` (the report's actual frame, once looked at); the numeric golden has only `record`.
    package static func failures(_ report: SuiteReport, reportDirectory: String) -> [Failure] {
        var failures: [Failure] = []
        for frame in report.frames where !frame.status.passed {
            var detail = frame.status == .missing ? "golden missing" : frame.checks.filter { !$0.passed }.map { "\($0.limit) \(Format.value($0.value)) (limit \(Format.value($0.bound)))" }.joined(separator: ", ")
            // A frame that could not be compared (a truncated golden, a size mismatch) says why; there is nothing to accept.
            let remedy = frame.status == .error ? "record again with `\(frame.recordCommand)`" : "accept with `\(Remedy.accept(reportDirectory: reportDirectory, frame: frame.name))`"
            if detail.isEmpty, let message = frame.message { detail = message }
            failures.append(Failure(text: "frame \(frame.name): \(frame.status.rawValue)\(detail.isEmpty ? "" : " — \(detail)") — \(remedy)",
                                    anchor: AnchorID.frame(frame.name)))
        }
        if let numbers = report.numbers, !numbers.status.passed {
            failures.append(Failure(text: "numbers golden \(numbers.golden): \(numbers.status.rawValue) (\(numbers.mismatches.count) differ) — record with `\(numbers.recordCommand)`",
                                    anchor: "numbers"))
        }
        for budget in report.budgets where !budget.passed {
            failures.append(Failure(text: "budget \(budget.metric) \(budget.limit) \(budget.unit): \(Format.value(budget.value, unit: budget.unit)) in \(budget.scenario)",
                                    anchor: AnchorID.budget(budget)))
        }
        if let audit = report.audit, let file = audit.knownFailures {
            for check in audit.checkValues ?? [] where check.known?.state.failsGate == true {
                failures.append(Failure(text: check.knownText(file: file)!, anchor: "audit"))
            }
        }
        for delta in report.baseline ?? [] where delta.worse {
            failures.append(Failure(text: "worse than the baseline: \(delta.key) \(Format.value(delta.baseline)) → \(Format.value(delta.current))", anchor: "baseline"))
        }
        return failures
    }

    /// The audit's checks that got better than their known failure (fixed: remove the entry; better: lower its value)
    /// and the entries this audit does not count, one line each; empty without a known-failures file.
    package static func knownFailureNotes(_ report: SuiteReport) -> [String] {
        guard let audit = report.audit, let file = audit.knownFailures else { return [] }
        let states: [KnownFailureState] = [.fixed, .better, .notMeasured]
        return states.flatMap { state in (audit.checkValues ?? []).filter { $0.known?.state == state }.compactMap { $0.knownText(file: file) } }
    }

    package static func failureLines(_ report: SuiteReport, reportDirectory: String) -> [String] {
        failures(report, reportDirectory: reportDirectory).map(\.text)
    }
}
