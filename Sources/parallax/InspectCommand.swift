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
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            let object = Dictionary(uniqueKeysWithValues: summaries.map { ($0.0, $0.1) })
            print(String(decoding: try encoder.encode(object), as: UTF8.self))
            return
        }
        if markdown {
            print("| trace | samples | duration (s) | rate (Hz) | tracked | gaps (longest s) | frozen (longest s) | RMS error x/y/z (mm) |")
            print("|---|---:|---:|---:|---:|---:|---:|---|")
        }
        for (path, s) in summaries {
            let error = s.rmsError.map { String(format: "%.2f / %.2f / %.2f", $0.x * 1000, $0.y * 1000, $0.z * 1000) } ?? "no truth"
            if markdown {
                print(String(format: "| %@ | %d | %.2f | %.1f | %.1f %% | %d (%.2f) | %d (%.2f) | %@ |", path, s.samples, s.duration, s.rate, s.trackedFraction * 100,
                             s.breaks.gaps, s.breaks.longestGap, s.breaks.frozenStretches, s.breaks.longestFrozen, error))
            } else {
                print(path)
                print(String(format: "  samples %d, duration %.3f s, rate %.2f Hz (median interval %.2f ms)", s.samples, s.duration, s.rate, s.medianInterval * 1000))
                print(String(format: "  tracked %.2f %%, x [%.4f, %.4f] m, y [%.4f, %.4f] m, z [%.4f, %.4f] m", s.trackedFraction * 100,
                             s.minimum.x, s.maximum.x, s.minimum.y, s.maximum.y, s.minimum.z, s.maximum.z))
                let b = s.breaks
                print(String(format: "  gaps (> %.1f ms) %d, total %.3f s, longest %.3f s; frozen stretches (≥ %d identical positions) %d, total %.3f s, longest %.3f s",
                             b.gapThreshold * 1000, b.gaps, b.gapTotal, b.longestGap, TraceBreaks.minimumFrozenRun, b.frozenStretches, b.frozenTotal, b.longestFrozen))
                print("  RMS error against truth x/y/z: \(error)\(s.hasTruth ? " mm" : "")")
            }
        }
    }
}
