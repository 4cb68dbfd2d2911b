import Foundation
import Plumbing
import Projection
import Tracking

/// How a suite imports a recording: `traces: [{file: rec.csv, import: {columns: "t=ts,x=px,y=py,z=pz",
/// time_unit: ms, position_unit: cm, axes: "x,y,-z", frame: camera, screen: iphone-15-pro}}]`.
/// Every key is optional (`import: {}` detects the columns and takes seconds, meters, screen frame).
public struct TraceImportSpec: Decodable, Sendable {
    public var columns: String?
    public var timeUnit: String?
    public var positionUnit: String?
    public var axes: String?
    public var frame: String?
    public var screen: String?
    public var skipBadRows: Bool?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case columns, axes, frame, screen
        case timeUnit = "time_unit", positionUnit = "position_unit", skipBadRows = "skip_bad_rows"
    }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        columns = try c.decodeIfPresent(String.self, forKey: .columns)
        timeUnit = try c.decodeIfPresent(String.self, forKey: .timeUnit)
        positionUnit = try c.decodeIfPresent(String.self, forKey: .positionUnit)
        axes = try c.decodeIfPresent(String.self, forKey: .axes)
        frame = try c.decodeIfPresent(String.self, forKey: .frame)
        screen = try c.decodeIfPresent(String.self, forKey: .screen)
        skipBadRows = try c.decodeIfPresent(Bool.self, forKey: .skipBadRows)
    }

    /// The importer's options; the error message names the key and what was expected.
    public func options() throws -> ImportOptions {
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
