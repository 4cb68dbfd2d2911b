import Foundation
import Plumbing
import Projection
import Tracking
import Vocabulary

/// A suite's `import:` mapping: `{columns: "t=ts,x=px,y=py,z=pz", time_unit: ms, position_unit: cm, axes: "x,y,-z",
/// frame: camera, screen: iphone-15-pro, skip_bad_rows: true}` for a CSV/TSV recording, `format: tum|euroc` and
/// `sort: true` for a trajectory, `truth: FILE` with `truth_format`, `truth_offset` (s), `truth_align`
/// (none|se3|sim3) and `truth_max_gap` (s) to pair it. Every key is optional (`import: {}` detects the format and
/// the columns). A bad value is a decoding error at its key (`traces[0].import.time_unit: expected …`), so the
/// suite names its file and line; the truth's path stays as written (the suite resolves it).
extension RecordingImport: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case columns, axes, frame, screen, format, sort, truth
        case timeUnit = "time_unit", positionUnit = "position_unit", skipBadRows = "skip_bad_rows"
        case truthFormat = "truth_format", truthOffset = "truth_offset", truthAlign = "truth_align", truthMaxGap = "truth_max_gap"
    }

    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let text = { (key: CodingKeys) in try c.decodeIfPresent(String.self, forKey: key) }
        let columns = try text(.columns), axes = try text(.axes), timeUnit = try text(.timeUnit), positionUnit = try text(.positionUnit)
        let frame = try text(.frame), screen = try text(.screen), format = try text(.format), truth = try text(.truth)
        let truthFormat = try text(.truthFormat), truthAlign = try text(.truthAlign)
        let skipBadRows = try c.decodeIfPresent(Bool.self, forKey: .skipBadRows)
        let sort = try c.decodeIfPresent(Bool.self, forKey: .sort)
        let truthOffset = try c.decodeIfPresent(Double.self, forKey: .truthOffset)
        let truthMaxGap = try c.decodeIfPresent(Double.self, forKey: .truthMaxGap)
        do {
            if truth == nil, let key = [truthFormat != nil ? CodingKeys.truthFormat : nil, truthOffset != nil ? .truthOffset : nil,
                                        truthAlign != nil ? .truthAlign : nil, truthMaxGap != nil ? .truthMaxGap : nil].compactMap({ $0 }).first {
                throw FieldError(key.rawValue, expected: "a 'truth' file to pair with", found: "no truth")
            }
            self.init(format: try format.map(TrajectoryFormat.init(parsing:)), sort: sort ?? false)
            csv.columns = try columns.map(ColumnMapping.init)
            csv.axes = try axes.map(AxisMapping.init) ?? .identity
            csv.timeUnit = try timeUnit.map(TimeUnit.init(parsing:)) ?? .seconds
            csv.positionUnit = try positionUnit.map(PositionUnit.init(parsing:)) ?? .meters
            switch try frame.map(PositionFrame.init(parsing:)) ?? .screen {
            case .screen: break  // a screen without the camera frame has nothing to offset
            case .camera:
                guard let screen else { throw FieldError("screen", expected: "the screen whose camera offset to add (frame: camera)", found: "none") }
                csv.cameraOffset = try ScreenModel.parse(screen).cameraOffset
            }
            csv.skipBadRows = skipBadRows ?? false
            if let truth {
                let format = try truthFormat.map { text in
                    do { return try TrajectoryFormat(parsing: text) } catch { throw FieldError("truth_format", expected: "tum or euroc", found: "'\(text)'") }
                }
                let alignment = try truthAlign.map { text in
                    do { return try TrajectoryEvaluation.AlignmentKind(parsing: text) } catch { throw FieldError("truth_align", expected: "none, se3 or sim3", found: "'\(text)'") }
                } ?? .se3
                self.truth = Truth(path: truth, format: format, pairing: TruthPairing.Options(offset: truthOffset, alignment: alignment, maxGap: truthMaxGap))
            }
            try validate()
        } catch let error as FieldError {
            let keys = error.path.steps.map { step -> AnyCodingKey in
                switch step {
                case .key(let key), .flag(let key): AnyCodingKey(stringValue: key)
                case .index(let index): AnyCodingKey(intValue: index)!
                }
            }
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath + keys, debugDescription: error.problem))
        }
    }
}
