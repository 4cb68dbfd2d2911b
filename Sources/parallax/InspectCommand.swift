import ArgumentParser
import Foundation
import Tracking

struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Validate trace CSVs and summarise them (samples, rate, tracking, timing gaps, frozen stretches, error against truth).",
        discussion: """
            Every file is read with full validation; the first malformed one stops with exit 2 and a message
            naming the file, line and column.

            Examples:
              parallax inspect Traces/sway.csv
              parallax inspect Traces/*.csv --markdown > summary.md
              parallax inspect recording.csv --json
            """
    )

    @Argument(help: "Trace CSV files.")
    var traces: [String]

    @Flag(name: .long, help: "Print JSON (an object per file, keyed by path).")
    var json = false

    @Flag(name: .long, help: "Print a Markdown table.")
    var markdown = false

    func validate() throws {
        if traces.isEmpty { throw ValidationError("give at least one trace CSV file") }
        if json && markdown { throw ValidationError("give either --json or --markdown") }
    }

    func run() throws {
        let summaries = try traces.map { ($0, TraceSummary(try TraceCSVReader.read(contentsOf: $0))) }
        if json {
            print(try TraceSummary.json(summaries))
        } else {
            print(markdown ? TraceSummary.markdownTable(summaries) : summaries.map { $0.1.text(path: $0.0) }.joined(), terminator: "")
        }
    }
}
