import Analysis
import Foundation
import Plumbing
import Projection
import Tracking
import Vocabulary

/// How a suite imports a recording: `traces: [{file: rec.csv, import: {columns: "t=ts,x=px,y=py,z=pz",
/// time_unit: ms, position_unit: cm, axes: "x,y,-z", frame: camera, screen: iphone-15-pro}}]`.
/// Every key is optional (`import: {}` detects the columns and takes seconds, meters, screen frame).
/// A TUM or EuRoC trajectory (detected, or `format: tum|euroc`; `sort: true` sorts its rows) takes none of the
/// CSV keys. `truth: FILE` pairs the recording with its ground truth as `parallax import --truth` does
/// (`truth_format`, `truth_offset` s, `truth_align` none|se3|sim3, `truth_max_gap` s).
package struct TraceImportSpec: Decodable, Sendable {
    package var columns: String?
    package var timeUnit: String?
    package var positionUnit: String?
    package var axes: String?
    package var frame: String?
    package var screen: String?
    package var skipBadRows: Bool?
    package var format: String?
    package var sort: Bool?
    package var truth: String?
    package var truthFormat: String?
    package var truthOffset: Double?
    package var truthAlign: String?
    package var truthMaxGap: Double?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case columns, axes, frame, screen, format, sort, truth
        case timeUnit = "time_unit", positionUnit = "position_unit", skipBadRows = "skip_bad_rows"
        case truthFormat = "truth_format", truthOffset = "truth_offset", truthAlign = "truth_align", truthMaxGap = "truth_max_gap"
    }

    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        columns = try c.decodeIfPresent(String.self, forKey: .columns)
        timeUnit = try c.decodeIfPresent(String.self, forKey: .timeUnit)
        positionUnit = try c.decodeIfPresent(String.self, forKey: .positionUnit)
        axes = try c.decodeIfPresent(String.self, forKey: .axes)
        frame = try c.decodeIfPresent(String.self, forKey: .frame)
        screen = try c.decodeIfPresent(String.self, forKey: .screen)
        skipBadRows = try c.decodeIfPresent(Bool.self, forKey: .skipBadRows)
        format = try c.decodeIfPresent(String.self, forKey: .format)
        sort = try c.decodeIfPresent(Bool.self, forKey: .sort)
        truth = try c.decodeIfPresent(String.self, forKey: .truth)
        truthFormat = try c.decodeIfPresent(String.self, forKey: .truthFormat)
        truthOffset = try c.decodeIfPresent(Double.self, forKey: .truthOffset)
        truthAlign = try c.decodeIfPresent(String.self, forKey: .truthAlign)
        truthMaxGap = try c.decodeIfPresent(Double.self, forKey: .truthMaxGap)
    }

    /// The CSV-only keys present.
    var csvKeys: [String] {
        [columns != nil ? "columns" : nil, timeUnit != nil ? "time_unit" : nil, positionUnit != nil ? "position_unit" : nil,
         axes != nil ? "axes" : nil, frame != nil ? "frame" : nil, screen != nil ? "screen" : nil, skipBadRows != nil ? "skip_bad_rows" : nil].compactMap { $0 }
    }

    /// The trajectory format of the recording at `path` (given, or detected from its text), nil for a CSV/TSV
    /// recording; a CSV key with a trajectory, or a truth key without `truth`, is a `FieldError` naming it.
    package func trajectoryFormat(of path: String) throws -> TrajectoryFormat? {
        if truth == nil, let key = [truthFormat != nil ? "truth_format" : nil, truthOffset != nil ? "truth_offset" : nil,
                                    truthAlign != nil ? "truth_align" : nil, truthMaxGap != nil ? "truth_max_gap" : nil].compactMap({ $0 }).first {
            throw FieldError(key, expected: "a 'truth' file to pair with", found: "no truth")
        }
        let detected = try format.map(TrajectoryFormat.init(parsing:))
            ?? TrajectoryFormat.detect(Substring(String(decoding: FileContents.read(path).prefix(1 << 16), as: UTF8.self)))
        if let detected, let key = csvKeys.first {
            throw FieldError(key, expected: "no CSV key for a \(detected) trajectory", found: "'\(key)'")
        }
        if detected == nil, sort != nil, truth == nil {
            throw FieldError("sort", expected: "a TUM or EuRoC recording (sort applies to their rows)", found: "a CSV/TSV recording")
        }
        return detected
    }

    /// The truth's format (nil: detected) and the pairing options; errors name `truth_format`, `truth_align`,
    /// `truth_offset` or `truth_max_gap`.
    package func pairing() throws -> (format: TrajectoryFormat?, options: TruthPairing.Options) {
        let format = try truthFormat.map { text in
            do { return try TrajectoryFormat(parsing: text) } catch { throw FieldError("truth_format", expected: "tum or euroc", found: "'\(text)'") }
        }
        let align = try truthAlign.map { text in
            do { return try TrajectoryEvaluation.AlignmentKind(parsing: text) } catch { throw FieldError("truth_align", expected: "none, se3 or sim3", found: "'\(text)'") }
        } ?? .se3
        if let truthOffset, !truthOffset.isFinite { throw FieldError("truth_offset", expected: "a finite time in s", found: "\(truthOffset)") }
        if let truthMaxGap, !(truthMaxGap > 0 && truthMaxGap.isFinite) { throw FieldError("truth_max_gap", expected: "a time > 0 s", found: "\(truthMaxGap)") }
        return (format, TruthPairing.Options(offset: truthOffset, alignment: align, maxGap: truthMaxGap))
    }

    /// The importer's options; the error message names the key and what was expected.
    package func options() throws -> ImportOptions {
        var options = ImportOptions()
        options.columns = try columns.map(ColumnMapping.init)
        options.axes = try axes.map(AxisMapping.init) ?? .identity
        options.timeUnit = try timeUnit.map(TimeUnit.init(parsing:)) ?? .seconds
        options.positionUnit = try positionUnit.map(PositionUnit.init(parsing:)) ?? .meters
        switch try frame.map(PositionFrame.init(parsing:)) ?? .screen {
        case .screen: break
        case .camera:
            guard let screen else { throw FieldError("screen", expected: "the screen whose camera offset to add (frame: camera)", found: "none") }
            options.cameraOffset = try ScreenModel.parse(screen).cameraOffset
        }
        options.skipBadRows = skipBadRows ?? false
        return options
    }
}
