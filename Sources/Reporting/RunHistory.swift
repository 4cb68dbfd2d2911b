import Foundation
import Plumbing
import Vocabulary

/// `parallax run --history FILE.jsonl`: one JSON line per run with its headline metrics, commit and date,
/// and the report's trend charts over the last runs. The file is rewritten atomically with the new line
/// appended, so an interrupted run never leaves half a line.
package enum RunHistory {
    package struct Entry: Codable, Sendable, Equatable {
        package var suite: String
        package var commit: String
        /// ISO 8601, UTC.
        package var date: String
        package var passed: Bool
        /// Metric → value: the median over scenarios of each scenario metric, and failure counts.
        package var headline: [String: Double]

        package init(suite: String, commit: String, date: String, passed: Bool, headline: [String: Double]) {
            self.suite = suite
            self.commit = commit
            self.date = date
            self.passed = passed
            self.headline = headline
        }
    }

    /// Metrics drawn as trends (those present in the entries).
    package static let trendMetrics = (MetricCatalog.scenario.metrics + MetricCatalog.run.metrics).filter(\.trends)
    /// Runs shown in the trend charts.
    package static let shownRuns = 30

    package static func entry(for report: SuiteReport, date: Date) -> Entry {
        var headline: [String: Double] = [:]
        headline[metric: .framesFailed] = Double(report.counts.framesFailed)
        headline[metric: .budgetsFailed] = Double(report.counts.budgetsFailed)
        for metric in MetricCatalog.scenario.metrics {
            let values = report.scenarios.compactMap { $0.metrics[metric: metric] }.filter(\.isFinite).sorted()
            guard !values.isEmpty else { continue }
            let middle = values.count / 2
            headline[metric: metric] = values.count % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2
        }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return Entry(suite: report.suite, commit: report.environment.commit, date: formatter.string(from: date), passed: report.passed, headline: headline)
    }

    /// The entries of a history file; none when it does not exist. A bad line is an error naming it.
    package static func read(_ path: String) throws -> [Entry] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let text = String(decoding: try FileContents.read(path), as: UTF8.self)
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
            do { return try decoder.decode(Entry.self, from: Data(line.utf8)) } catch {
                throw FieldError(FieldPath(), expected: "a JSON object with suite, commit, date, passed, headline", file: path, line: index + 1)
            }
        }
    }

    /// Writes `entries` (the earlier ones and the new one), one JSON object a line, atomically.
    package static func write(_ entries: [Entry], to path: String) throws {
        let encoder = JSONEncoder.deterministic(.compact, keys: .snakeCase)
        let lines = try entries.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        try AtomicFile.write(lines.joined(separator: "\n") + "\n", to: path)
    }

    /// Trend charts of the last `shownRuns` runs of the same suite, one per headline metric.
    package static func section(_ entries: [Entry]) -> ReportPage.Section {
        let shown = Array(entries.suffix(shownRuns))
        let first = entries.count - shown.count + 1
        var content: [Node] = [HTML.el("p", ["class": "muted"], .text(
            "Runs \(first)–\(entries.count) of the history (x: run number; last: this run, \(shown.last.map { "\($0.commit), \($0.date)" } ?? ""))."))]
        for (i, metric) in trendMetrics.enumerated() {
            let points = shown.enumerated().compactMap { k, entry in entry.headline[metric: metric].map { (x: Double(first + k), y: $0) } }
            guard !points.isEmpty else { continue }
            // Run counts are one number per run; scenario metrics are medians.
            let isCount = MetricCatalog.run.metrics.contains(metric)
            let title = isCount ? metric.name.replacingOccurrences(of: "_", with: " ") : "\(metric.name) (median over scenarios)"
            var chart = SVGChart(title: title, xLabel: "run", yLabel: metric.name,
                                 series: [.init(name: metric.name, points: points, color: SVGChart.palette[i % SVGChart.palette.count])])
            chart.height = 200
            content.append(.trusted(chart.svg))
        }
        return ReportPage.Section(id: "history", title: "History (\(entries.count) runs)", content: content)
    }
}
