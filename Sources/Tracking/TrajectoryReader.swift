import Foundation
import Geometry
import Plumbing

/// Reads TUM and EuRoC trajectory files (`TrajectoryFormat`) into a `PoseTrajectory`, validating every row.
///
/// A row of the wrong width, a field that is not a finite number, or a quaternion of zero length is an error
/// naming file:line (and column). Timestamps must not decrease: an out-of-order timestamp is an error naming
/// both lines — or, with `sort`, the rows are sorted by time (stable, counted in the result and its notes).
/// A repeated timestamp (real TUM ground truth and EuRoC estimates have them: millisecond stamps) is read as
/// evo reads it: every row kept, in file order, counted in `repeatedRows` and a note, never silent.
public enum TrajectoryReader {
    public struct Result: Sendable {
        public var trajectory: PoseTrajectory
        /// The 1-based file line of each pose.
        public var lines: [Int]
        public var format: TrajectoryFormat
        /// Columns after the pose (EuRoC's velocity and biases), one value per pose as written.
        public var extraColumns: [ExtraColumn]
        /// Rows that sorting moved (0 without sorting).
        public var movedRows: Int
        /// Rows whose timestamp equals the previous row's (after sorting), all kept.
        public var repeatedRows: Int
        /// One line per thing the reader did beyond copying numbers (sorting, dropping, carrying columns).
        public var notes: [String]
    }

    public static func read(contentsOf path: String, format: TrajectoryFormat? = nil, sort: Bool = false) throws -> Result {
        try parse(FileContents.read(path), file: path, format: format, sort: sort)
    }

    /// A trajectory file's bytes as read (`FileContents`): UTF-8 text, then `parse(_:file:format:sort:)` of the text.
    public static func parse(_ bytes: [UInt8], file: String, format: TrajectoryFormat? = nil, sort: Bool = false) throws -> Result {
        guard let text = String(bytes: bytes, encoding: .utf8) else {
            throw TraceError(file: file, message: "not UTF-8 text; expected a TUM or EuRoC trajectory")
        }
        return try parse(text, file: file, format: format, sort: sort)
    }

    public static func parse(_ text: String, file: String, format: TrajectoryFormat? = nil, sort: Bool = false) throws -> Result {
        guard let format = format ?? TrajectoryFormat.detect(Substring(text)) else {
            throw TraceError(file: file, line: 1, message: "not a TUM or EuRoC trajectory; expected 'timestamp tx ty tz qx qy qz qw' rows or a '#timestamp [ns],p_RS_R_x [m],…' header")
        }
        var rows: [Row] = []
        var width: (count: Int, line: Int)?
        var headerNames: [String]?
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            var line = rawLine
            if index == 0, line.hasPrefix("\u{FEFF}") { line = line.dropFirst() }
            if line.hasSuffix("\r") { line = line.dropLast() }
            let lineNumber = index + 1
            if line.hasPrefix("#") {
                if format == .euroc, headerNames == nil, rows.isEmpty { headerNames = line.dropFirst().split(separator: ",", omittingEmptySubsequences: false).map(columnName) }
                continue
            }
            if line.drop(while: { $0 == " " || $0 == "\t" }).isEmpty { continue }
            let fields: [Substring]
            switch format {
            case .tum:
                fields = whitespaceFields(line)
                guard fields.count == 8 else {
                    throw TraceError(file: file, line: lineNumber, message: "expected 8 fields 'timestamp tx ty tz qx qy qz qw' separated by spaces, found \(fields.count)")
                }
            case .euroc:
                fields = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces)[...] }
                guard fields.count >= 8 else {
                    throw TraceError(file: file, line: lineNumber, message: "expected at least 8 comma-separated fields 'timestamp [ns],p_x,p_y,p_z,q_w,q_x,q_y,q_z', found \(fields.count)")
                }
                if let width, width.count != fields.count {
                    throw TraceError(file: file, line: lineNumber, message: "expected \(width.count) fields like line \(width.line), found \(fields.count)")
                }
                if width == nil { width = (fields.count, lineNumber) }
            }
            let names = format == .tum ? tumNames : eurocNames
            var values = [Double](repeating: 0, count: 8)
            for k in 0..<8 {
                guard let value = Double(fields[k]), value.isFinite else {
                    throw TraceError(file: file, line: lineNumber, column: k + 1, columnName: names[k], message: "expected a finite number, found '\(fields[k])'")
                }
                values[k] = value
            }
            let q = format == .tum ? Quaternion(w: values[7], x: values[4], y: values[5], z: values[6])
                                   : Quaternion(w: values[4], x: values[5], y: values[6], z: values[7])
            guard q.norm > 1e-9 else {
                throw TraceError(file: file, line: lineNumber, message: "expected a rotation quaternion, found one of length \(q.norm)")
            }
            let t = format == .tum ? values[0] : values[0] / 1e9
            rows.append(Row(line: lineNumber, t: t, position: Vec3(values[1], values[2], values[3]), orientation: q,
                            extras: fields.dropFirst(8).map(String.init)))
        }
        guard !rows.isEmpty else {
            throw TraceError(file: file, message: "no poses; expected at least one \(format == .tum ? "'timestamp tx ty tz qx qy qz qw'" : "EuRoC") row")
        }

        var notes: [String] = []
        var moved = 0
        if sort {
            let order = rows.indices.sorted { (rows[$0].t, $0) < (rows[$1].t, $1) }
            moved = zip(order, rows.indices).filter { $0 != $1 }.count
            rows = order.map { rows[$0] }
            if moved > 0 { notes.append("sorted by time: \(moved) row(s) moved") }
        } else {
            for k in rows.indices.dropFirst() where rows[k].t < rows[k - 1].t {
                throw TraceError(file: file, line: rows[k].line, column: 1, columnName: names(format)[0],
                                 message: "timestamp \(rows[k].t) is before line \(rows[k - 1].line)'s (\(rows[k - 1].t)); expected non-decreasing timestamps (or sorting asked for)")
            }
        }
        let repeated = rows.indices.dropFirst().filter { rows[$0].t == rows[$0 - 1].t }.count
        if repeated > 0 { notes.append("\(repeated) row(s) repeat the previous row's timestamp: all kept, as evo reads them") }

        var extraColumns: [ExtraColumn] = []
        if let width, width.count > 8 {
            for k in 8..<width.count {
                var name = headerNames.flatMap { k < $0.count ? $0[k] : nil } ?? ""
                if name.isEmpty || name.contains(",") { name = "euroc_column_\(k + 1)" }
                extraColumns.append(ExtraColumn(name: name, values: rows.map { $0.extras[k - 8] }))
            }
            notes.append("EuRoC columns carried as extra columns: \(extraColumns.map(\.name).joined(separator: " "))")
        }
        let trajectory = PoseTrajectory(times: rows.map(\.t), positions: rows.map(\.position), orientations: rows.map(\.orientation))
        return Result(trajectory: trajectory, lines: rows.map(\.line), format: format, extraColumns: extraColumns, movedRows: moved,
                      repeatedRows: repeated, notes: notes)
    }

    struct Row {
        var line: Int
        var t: Double
        var position: Vec3
        var orientation: Quaternion
        var extras: [String]
    }

    static let tumNames = ["timestamp", "tx", "ty", "tz", "qx", "qy", "qz", "qw"]
    static let eurocNames = ["timestamp", "p_RS_R_x", "p_RS_R_y", "p_RS_R_z", "q_RS_w", "q_RS_x", "q_RS_y", "q_RS_z"]
    static func names(_ format: TrajectoryFormat) -> [String] { format == .tum ? tumNames : eurocNames }

    /// A EuRoC header name without its unit: `v_RS_R_x [m s^-1]` → `v_RS_R_x`.
    static func columnName(_ field: Substring) -> String {
        let name = field.split(separator: "[", maxSplits: 1, omittingEmptySubsequences: false)[0]
        return name.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: " ", with: "_")
    }

    /// Fields separated by runs of spaces or tabs.
    static func whitespaceFields(_ line: Substring) -> [Substring] {
        line.split(whereSeparator: { $0 == " " || $0 == "\t" })
    }
}
