import Analysis
import Foundation
import Plumbing
import Tracking
import Vocabulary

/// A recording made into a trace, as `parallax import` and a suite's `import:` do it: a TUM or EuRoC trajectory
/// (`TrajectoryImporter`; the format given, or detected from the text) or else a CSV/TSV recording
/// (`TraceImporter` with `csv`), then, with `truth`, paired with its ground truth (`TruthPairing`). Each file is
/// read once. A value or combination that cannot apply is a `FieldError` naming the field (`truth_offset`,
/// `time_unit`, `sort`, …): from `validate()` before any file is read, or, when it depends on the detected
/// format, from `read`.
package struct RecordingImport: Sendable {
    /// The ground truth to pair the recording with.
    package struct Truth: Sendable {
        /// A TUM or EuRoC trajectory or a trace CSV (`TrajectoryFile`).
        package var path: String
        /// nil: detected.
        package var format: TrajectoryFormat?
        package var pairing: TruthPairing.Options

        package init(path: String, format: TrajectoryFormat? = nil, pairing: TruthPairing.Options = TruthPairing.Options()) {
            self.path = path
            self.format = format
            self.pairing = pairing
        }
    }

    /// nil: detected from the recording's text (`TrajectoryFormat.detect`); neither is a CSV/TSV recording.
    package var format: TrajectoryFormat?
    /// How a CSV/TSV recording converts; a trajectory takes only the defaults.
    package var csv: ImportOptions
    /// Sort a trajectory's rows by time (counted) instead of refusing them; the truth's too.
    package var sort: Bool
    package var truth: Truth?

    package init(format: TrajectoryFormat? = nil, csv: ImportOptions = ImportOptions(), sort: Bool = false, truth: Truth? = nil) {
        self.format = format
        self.csv = csv
        self.sort = sort
        self.truth = truth
    }

    /// The checks that need no file: the pairing's offset and largest gap, and no CSV option for a given format.
    package func validate() throws {
        if let offset = truth?.pairing.offset, !offset.isFinite {
            throw FieldError("truth_offset", expected: "a finite time in s", found: "\(offset)")
        }
        if let maxGap = truth?.pairing.maxGap, !(maxGap > 0 && maxGap.isFinite) {
            throw FieldError("truth_max_gap", expected: "a time > 0 s", found: "\(maxGap)")
        }
        if let format { try refuseCSVOptions(for: format) }
    }

    /// The trace of the recording at `path`, paired with the truth when there is one. `report` receives what an
    /// import says as it goes: the recording read (format, size, columns, skipped rows, notes), then the pairing
    /// (offset, alignment, residual) and what its offset says of the sensor latency.
    package func read(contentsOf path: String, report: (String) -> Void = { _ in }) throws -> HeadTrace {
        try validate()
        let bytes = try FileContents.read(path)
        var trace: HeadTrace
        // Detection needs only the first lines.
        if let format = format ?? TrajectoryFormat.detect(Substring(String(decoding: bytes.prefix(1 << 16), as: UTF8.self))) {
            try refuseCSVOptions(for: format)
            let imported = try TrajectoryImporter.parse(bytes, file: path, format: format, sort: sort)
            trace = imported.trace
            report(String(format: "%@: %@ trajectory, %d poses, %.2f s", path, format.description, trace.count, trace.duration))
            for note in imported.notes { report("note: \(note)") }
        } else {
            // With a truth, sorting still applies to the truth's rows.
            if sort, truth == nil {
                throw FieldError("sort", expected: "a TUM or EuRoC recording (sort applies to their rows)", found: "a CSV/TSV recording")
            }
            let imported = try TraceImporter.parse(bytes, file: path, options: csv)
            trace = imported.trace
            report(String(format: "%@: %d samples, %.2f s, columns %@%@", path, trace.count, trace.duration, imported.columns.description,
                          imported.skippedRows > 0 ? ", \(imported.skippedRows) bad row(s) skipped" : ""))
        }
        if let truth {
            // Pairing interpolates the truth in time: a run of repeated timestamps keeps its last row, as the recording's does.
            let (poses, _, repeated) = try TrajectoryFile.read(contentsOf: truth.path, format: truth.format, sort: sort).lastOfRepeatedTimes()
            if repeated > 0 { report("note: \(truth.path): of each run of repeated timestamps the last row kept (evo's pick on a tie), \(repeated) row(s) left out") }
            let paired = try TruthPairing.pair(recording: trace, truth: poses, truthName: URL(fileURLWithPath: truth.path).lastPathComponent,
                                               options: truth.pairing)
            trace = paired.trace
            report("\(truth.path): \(poses.count) poses; \(paired.summary)")
            if paired.offsetEstimated, abs(paired.offset) <= 1 {
                report(String(format: "sensor latency (recording behind its truth, on one clock: −offset) %.1f ms; the latency model assumes %.1f ms without truth",
                              -paired.offset * 1000, LatencyModel.assumedSensorLatency * 1000))
            } else if paired.offsetEstimated {
                report(String(format: "the clocks differ by %.3f s: the sensor latency is not separable from the clock offset (the latency model assumes %.1f ms)",
                              paired.offset, LatencyModel.assumedSensorLatency * 1000))
            }
        }
        return trace
    }

    /// `parallax import`: `read`, then the trace CSV written at `output` (atomically: nothing when refused) and
    /// reported.
    package func convert(contentsOf path: String, to output: String, report: (String) -> Void = { _ in }) throws {
        let trace = try read(contentsOf: path, report: report)
        try TraceCSVWriter.write(trace, to: output)
        report("→ \(output): \(trace.count) samples\(trace.truth != nil ? " with truth" : "")")
    }

    /// The CSV options set to other than their defaults, by field name, in the order they convert.
    private var csvFieldsSet: [String] {
        let defaults = ImportOptions()
        return [csv.columns != defaults.columns ? "columns" : nil, csv.timeUnit != defaults.timeUnit ? "time_unit" : nil,
                csv.positionUnit != defaults.positionUnit ? "position_unit" : nil, csv.axes != defaults.axes ? "axes" : nil,
                csv.cameraOffset != defaults.cameraOffset ? "frame" : nil, csv.skipBadRows != defaults.skipBadRows ? "skip_bad_rows" : nil].compactMap { $0 }
    }

    private func refuseCSVOptions(for format: TrajectoryFormat) throws {
        if let field = csvFieldsSet.first { throw FieldError(field, expected: "a CSV/TSV recording", found: "a \(format) trajectory") }
    }
}
