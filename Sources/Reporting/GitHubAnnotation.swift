
/// A GitHub Actions workflow command (`::error file=F,line=L,title=T::MESSAGE`) that puts a failure on the
/// line of the file it concerns. GitHub requires `%`, CR and LF escaped as `%25`, `%0D`, `%0A` in the
/// message, and additionally `:` and `,` (`%3A`, `%2C`) in property values.
package struct GitHubAnnotation: Equatable, Sendable {
    package enum Level: String, Sendable { case error, warning, notice }

    package var level: Level
    package var file: String?
    package var line: Int?
    package var title: String
    package var message: String

    package init(level: Level, file: String?, line: Int?, title: String, message: String) {
        self.level = level
        self.file = file
        self.line = line
        self.title = title
        self.message = message
    }

    /// At most this many failures are annotated; a notice says how many more there were.
    package static let limit = 10

    package var command: String {
        var properties: [String] = []
        if let file { properties.append("file=\(Self.escapeProperty(file))") }
        if let line { properties.append("line=\(line)") }
        properties.append("title=\(Self.escapeProperty(title))")
        return "::\(level.rawValue) \(properties.joined(separator: ","))::\(Self.escapeData(message))"
    }

    package static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    package static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// One annotation per failure (frames at their golden, the numeric golden at its file, budgets at their
    /// line in the suite file, worsened baseline metrics at the suite file), at most `limit`, then a notice
    /// counting the rest.
    /// `reportDirectory`: the published report folder, as the user named it (the accept command names it).
    package static func annotations(for report: SuiteReport, reportDirectory: String) -> [GitHubAnnotation] {
        var all: [GitHubAnnotation] = []
        for frame in report.frames where !frame.status.passed {
            let detail = frame.status == .missing ? "golden missing"
                : frame.checks.filter { !$0.passed }.map { "\($0.limit) \(Format.value($0.value)) (limit \(Format.value($0.bound)))" }.joined(separator: ", ")
            all.append(GitHubAnnotation(level: .error, file: frame.golden, line: nil, title: "ParallaxLab frame \(frame.name): \(frame.status.rawValue)",
                                        message: "\(detail.isEmpty ? frame.message ?? "" : detail)\naccept (after looking at the actual frame): \(Remedy.accept(reportDirectory: reportDirectory, frame: frame.name))\nor re-render from scratch: \(frame.recordCommand)"))
        }
        if let numbers = report.numbers, !numbers.status.passed {
            all.append(GitHubAnnotation(level: .error, file: numbers.golden, line: nil, title: "ParallaxLab numeric golden: \(numbers.status.rawValue)",
                                        message: "\(numbers.mismatches.count) numbers differ\nrecord: \(numbers.recordCommand)"))
        }
        for budget in report.budgets where !budget.passed {
            all.append(GitHubAnnotation(level: .error, file: report.suiteFile, line: budget.line, title: "ParallaxLab budget \(budget.metric)",
                                        message: "\(budget.metric) = \(Format.value(budget.value, unit: budget.unit)), limit \(budget.limit) \(budget.unit) in \(budget.scenario)"))
        }
        for delta in report.baseline ?? [] where delta.worse {
            all.append(GitHubAnnotation(level: .error, file: report.suiteFile, line: nil, title: "ParallaxLab worse than the baseline",
                                        message: "\(delta.key): \(Format.value(delta.baseline)) → \(Format.value(delta.current))"))
        }
        guard all.count > limit else { return all }
        return Array(all.prefix(limit)) + [GitHubAnnotation(level: .notice, file: nil, line: nil, title: "ParallaxLab",
                                                            message: "\(all.count - limit) more failures not annotated; see summary.md and the report")]
    }
}
