import Foundation
import Geometry
import Plumbing

/// Turns a recording from any head tracker — CSV or TSV, any column names, time and position units, axis
/// convention and frame — into a ParallaxLab trace (`ImportOptions` says what to convert).
///
/// The delimiter is a tab when the header has one, else a comma; header names may be double-quoted;
/// lines starting with `#` and blank lines are skipped. Times are re-based to the first sample (integer
/// times, e.g. epoch nanoseconds, are subtracted as integers so no precision is lost). A row with a
/// missing or non-numeric field, or a time not after the previous row's, is an error naming file:line and
/// column — or, with `skipBadRows`, skipped and counted. Unmapped columns are not carried over (listed in
/// the metadata). The result's `# source:` metadata names the original file and every conversion.
public enum TraceImporter {
    public struct Result: Sendable {
        public var trace: HeadTrace
        public var columns: ColumnMapping
        public var skippedRows: Int
    }

    public static func read(contentsOf path: String, options: ImportOptions) throws -> Result {
        guard let bytes = try? FileContents.read(path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file"
            throw TraceError(file: path, message: "\(reason); expected a CSV or TSV recording")
        }
        return try parse(bytes, file: path, options: options)
    }

    /// A recording's bytes as read (`FileContents`): UTF-8 text, then `parse(_:file:options:)` of the text.
    public static func parse(_ bytes: [UInt8], file: String, options: ImportOptions) throws -> Result {
        guard let text = String(bytes: bytes, encoding: .utf8) else {
            throw TraceError(file: file, message: "not UTF-8 text; expected a CSV or TSV recording")
        }
        return try parse(text, file: file, options: options)
    }

    /// `parallax import`: reads the recording at `input` and writes it as a trace CSV at `output` (atomically;
    /// nothing is written when the recording is refused).
    @discardableResult
    public static func convert(contentsOf input: String, to output: String, options: ImportOptions) throws -> Result {
        let result = try read(contentsOf: input, options: options)
        try TraceCSVWriter.write(result.trace, to: output)
        return result
    }

    public static func parse(_ text: String, file: String, options: ImportOptions) throws -> Result {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })  // "\r\n" is one Character
        if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = first.dropFirst() }
        var lineNumber = 0
        var header: [String]?
        var delimiter: Character = ","
        while lineNumber < lines.count, header == nil {
            let line = trimmed(lines[lineNumber])
            lineNumber += 1
            if line.isEmpty || line.hasPrefix("#") { continue }
            delimiter = line.contains("\t") ? "\t" : ","
            header = line.split(separator: delimiter, omittingEmptySubsequences: false).map(unquoted)
        }
        guard let header else { throw TraceError(file: file, line: max(lineNumber, 1), message: "no header line; expected column names (e.g. timestamp,pos_x,pos_y,pos_z)") }
        let headerLine = lineNumber
        guard let columns = options.columns ?? ColumnMapping.detect(in: header) else {
            throw TraceError(file: file, line: headerLine, message: "cannot tell which columns hold t, x, y, z in '\(header.joined(separator: String(delimiter)))'; expected common names (time/timestamp, x/pos_x, …) or a column mapping t=NAME,x=NAME,y=NAME,z=NAME")
        }
        func index(of name: String) throws -> Int {
            guard let i = header.firstIndex(of: name) else {
                throw TraceError(file: file, line: headerLine, message: "no column '\(name)' in the header; found \(header.joined(separator: ", "))")
            }
            return i
        }
        let roles = [("t", try index(of: columns.t)), ("x", try index(of: columns.x)), ("y", try index(of: columns.y)), ("z", try index(of: columns.z))]
        let trackedIndex = try columns.tracked.map(index(of:))

        var samples: [HeadSample] = []
        var skipped = 0
        var firstTime: (integer: Int64?, value: Double)?
        var previous: (t: Double, line: Int)?
        for k in headerLine..<lines.count {
            let line = trimmed(lines[k])
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: delimiter, omittingEmptySubsequences: false).map(unquoted)
            do {
                var values = [Double](repeating: 0, count: 4)
                var rawTime: (integer: Int64?, value: Double) = (nil, 0)
                for (slot, (role, column)) in roles.enumerated() {
                    guard column < fields.count, !fields[column].isEmpty else {
                        throw TraceError(file: file, line: k + 1, column: column + 1, columnName: header[column], message: "missing \(role) value; expected a number")
                    }
                    let field = fields[column]
                    guard let value = Double(field), value.isFinite else {
                        throw TraceError(file: file, line: k + 1, column: column + 1, columnName: header[column], message: "expected a number, found '\(field)'")
                    }
                    if slot == 0 { rawTime = (Int64(field), value) }
                    values[slot] = value
                }
                var tracked = true
                if let trackedIndex {
                    let field = trackedIndex < fields.count ? fields[trackedIndex].lowercased() : ""
                    switch field {
                    case "1", "true", "yes", "1.0": tracked = true
                    case "0", "false", "no", "0.0": tracked = false
                    default:
                        throw TraceError(file: file, line: k + 1, column: trackedIndex + 1, columnName: header[trackedIndex], message: "expected 0/1 or true/false, found '\(field)'")
                    }
                }
                let origin = firstTime ?? rawTime
                let elapsed: Double
                if let a = rawTime.integer, let b = origin.integer {
                    let (difference, overflow) = a.subtractingReportingOverflow(b)
                    elapsed = overflow ? (rawTime.value - origin.value) : Double(difference)
                } else {
                    elapsed = rawTime.value - origin.value
                }
                let t = elapsed * options.timeUnit.seconds
                if let previous, !(t > previous.t) {
                    throw TraceError(file: file, line: k + 1, column: roles[0].1 + 1, columnName: header[roles[0].1],
                                     message: "timestamps must strictly increase; expected a time after line \(previous.line)'s")
                }
                var position = Vec3(values[1], values[2], values[3]) * options.positionUnit.meters
                position = options.axes.apply(position)
                if let offset = options.cameraOffset { position += offset }
                guard position.isFinite, max(abs(position.x), abs(position.y), abs(position.z)) <= TraceCSVReader.maximumAbsolutePosition else {
                    throw TraceError(file: file, line: k + 1, message: "position \(position) m after conversion is beyond ±\(TraceCSVReader.maximumAbsolutePosition) m; expected head positions (check the position unit)")
                }
                if firstTime == nil { firstTime = rawTime }
                samples.append(HeadSample(t: t, position: position, tracked: tracked))
                previous = (t, k + 1)
            } catch let error as TraceError {
                guard options.skipBadRows else { throw error }
                skipped += 1
            }
        }
        guard !samples.isEmpty else {
            throw TraceError(file: file, line: lines.count, message: "no usable data rows after the header; expected at least one")
        }
        let unmapped = header.filter { ![columns.t, columns.x, columns.y, columns.z, columns.tracked].contains($0) }
        var conversions = [
            "columns \(columns)\(options.columns == nil ? " (detected)" : "")",
            "time in \(options.timeUnit.rawValue) re-based to the first sample",
            "positions in \(options.positionUnit.rawValue)",
            "axes \(options.axes)",
            options.cameraOffset.map { "camera-relative + camera offset (\($0.x), \($0.y), \($0.z)) m" } ?? "screen-relative",
        ]
        if columns.tracked == nil { conversions.append("no tracked column: every row tracked") }
        if skipped > 0 { conversions.append("\(skipped) bad row(s) skipped") }
        if !unmapped.isEmpty { conversions.append("columns not carried over: \(unmapped.joined(separator: " "))") }
        let name = URL(fileURLWithPath: file).lastPathComponent
        let metadata = [
            MetadataEntry(key: "source", value: "parallax import \(ParallaxVersion.string) from \(name): \(conversions.joined(separator: "; "))"),
        ]
        return Result(trace: HeadTrace(samples: samples, metadata: metadata), columns: columns, skippedRows: skipped)
    }

    static func trimmed(_ line: Substring) -> Substring {
        var line = line
        if line.hasSuffix("\r") { line = line.dropLast() }
        while let first = line.first, first == " " { line = line.dropFirst() }
        return line
    }

    static func unquoted(_ field: Substring) -> String {
        let text = field.trimmingCharacters(in: .whitespaces)
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { return String(text.dropFirst().dropLast()) }
        return text
    }
}
