import Vocabulary

/// The trajectory file formats `parallax import`, `export` and `evaluate` read besides the trace CSV.
///
/// - `tum`: the TUM RGB-D benchmark's `timestamp tx ty tz qx qy qz qw` — 8 numbers separated by spaces,
///   seconds, quaternion w last; `#` lines are comments.
/// - `euroc`: the EuRoC MAV ground truth (`state_groundtruth_estimate0/data.csv`): a `#timestamp [ns],
///   p_RS_R_x [m], …, q_RS_w [], q_RS_x [], …` header, comma-separated, nanoseconds, quaternion w first; at
///   least 8 columns (the velocity and bias columns that follow are carried as extra columns).
public enum TrajectoryFormat: String, CaseIterable, TextParsable, Sendable, CustomStringConvertible {
    case tum, euroc

    /// `tum` or `euroc`; the error names the `format` field.
    public init(parsing text: String) throws {
        guard let format = TrajectoryFormat(rawValue: text.lowercased()) else {
            throw FieldError("format", expected: "one of \(TrajectoryFormat.allCases.map(\.rawValue).joined(separator: ", "))", found: "'\(text)'")
        }
        self = format
    }

    /// From its name as `init(parsing:)` reads it (any case), not its raw value alone.
    public init(from decoder: any Decoder) throws {
        try self.init(parsingTextFrom: decoder)
    }

    public var description: String { rawValue }

    /// The format of a file's text, from its first lines: EuRoC when a `#timestamp` header names `p_RS_R_x`
    /// or `q_RS_w`; TUM when the first non-comment line is 8 numbers separated by spaces and no comma; nil
    /// otherwise (a CSV for the column importer, or a trace CSV).
    public static func detect(_ text: Substring) -> TrajectoryFormat? {
        for rawLine in text.split(maxSplits: 64, omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).prefix(64) {
            var line = rawLine
            if line.hasPrefix("\u{FEFF}") { line = line.dropFirst() }
            if line.hasSuffix("\r") { line = line.dropLast() }
            if line.drop(while: { $0 == " " || $0 == "\t" }).isEmpty { continue }
            if line.hasPrefix("#") {
                if line.lowercased().hasPrefix("#timestamp"), line.contains("p_RS_R_x") || line.contains("q_RS_w") { return .euroc }
                continue
            }
            guard !line.contains(",") else { return nil }
            let fields = TrajectoryReader.whitespaceFields(line)
            return fields.count == 8 && fields.allSatisfy({ Double($0) != nil }) ? .tum : nil
        }
        return nil
    }
}
