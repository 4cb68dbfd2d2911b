import Foundation
import Plumbing
import Vocabulary

/// Writes a report folder: report.json, index.html, junit.xml, summary.md (frames/ is written by the run).
/// Every file is written atomically.
package enum ReportWriter {
    /// `junitRoot`: junit.xml's attachment paths relative to this folder (default: absolute). `publishedAt`: where
    /// the folder is read from when `directory` is a staging folder swapped in later (junit.xml's paths point there, and
    /// the accept commands in index.html and summary.md name it).
    package static func write(_ report: SuiteReport, to directory: String, extraSections: [ReportPage.Section] = [], junitRoot: String? = nil,
                             publishedAt: String? = nil) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        func put(_ name: String, _ data: Data) throws {
            try AtomicFile.write(data, to: (directory as NSString).appendingPathComponent(name))
        }
        try put("report.json", try json(report))
        let published = publishedAt ?? directory
        try put("index.html", Data(HTMLReport.render(report, reportDirectory: published, extraSections: extraSections).utf8))
        try put("junit.xml", Data(JUnitReport.render(report, reportDirectory: published, root: junitRoot).utf8))
        try put("summary.md", Data(MarkdownSummary.render(report, reportDirectory: published).utf8))
    }

    package static func json(_ report: SuiteReport) throws -> Data {
        let encoder = JSONEncoder.deterministic(keys: .snakeCase, nonFinite: .text)
        return try encoder.encode(report)
    }

    package static func decode(_ data: Data) throws -> SuiteReport {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try decoder.decode(SuiteReport.self, from: data)
    }
}

/// Number formatting shared by the report writers.
enum Format {
    static func value(_ value: Double?, unit: String = "") -> String {
        guard let value else { return "—" }
        let text: String
        if value == 0 { text = "0" } else if abs(value) >= 1000 || abs(value) < 0.001 { text = String(format: "%.3g", value) } else { text = String(format: "%.4g", value) }
        return unit.isEmpty ? text : "\(text) \(unit)"
    }

    /// A metric's value as a table cell: "−13.95 — leads (prediction)" when its negative values mean something.
    static func metric(_ value: Double?, _ metric: MetricDescriptor) -> String {
        guard let value, value < 0, let meaning = metric.whenNegative else { return Self.value(value) }
        return "\(Self.value(value)) — \(meaning)"
    }
}
