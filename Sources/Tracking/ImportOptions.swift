import Foundation
import Geometry
import Vocabulary

/// Units of a recording's time column.
public enum TimeUnit: String, CaseIterable, Sendable, CustomStringConvertible {
    case seconds = "s", milliseconds = "ms", microseconds = "us", nanoseconds = "ns"
    /// .NET ticks: 100 ns.
    case ticks

    /// `s`, `ms`, `us`, `ns` or `ticks`; the error names the `time_unit` field.
    public init(parsing text: String) throws {
        guard let unit = TimeUnit(rawValue: text) else {
            throw FieldError("time_unit", expected: "one of \(TimeUnit.allCases.map(\.rawValue).joined(separator: ", "))", found: "'\(text)'")
        }
        self = unit
    }

    public var description: String { rawValue }

    /// Seconds per unit.
    public var seconds: Double {
        switch self {
        case .seconds: return 1
        case .milliseconds: return 1e-3
        case .microseconds: return 1e-6
        case .nanoseconds: return 1e-9
        case .ticks: return 1e-7
        }
    }
}

/// Units of a recording's position columns.
public enum PositionUnit: String, CaseIterable, Sendable, CustomStringConvertible {
    case meters = "m", centimeters = "cm", millimeters = "mm"

    /// `m`, `cm` or `mm`; the error names the `position_unit` field.
    public init(parsing text: String) throws {
        guard let unit = PositionUnit(rawValue: text) else {
            throw FieldError("position_unit", expected: "one of \(PositionUnit.allCases.map(\.rawValue).joined(separator: ", "))", found: "'\(text)'")
        }
        self = unit
    }

    public var description: String { rawValue }

    public var meters: Double {
        switch self {
        case .meters: return 1
        case .centimeters: return 0.01
        case .millimeters: return 0.001
        }
    }
}

/// What a recording's positions are relative to: the screen's centre (as the app uses them) or the front
/// camera (the screen's camera offset is added: `ImportOptions.cameraOffset`).
public enum PositionFrame: String, CaseIterable, Sendable, CustomStringConvertible {
    case screen, camera

    /// `screen` or `camera`; the error names the `frame` field.
    public init(parsing text: String) throws {
        guard let frame = PositionFrame(rawValue: text) else {
            throw FieldError("frame", expected: "screen or camera", found: "'\(text)'")
        }
        self = frame
    }

    public var description: String { rawValue }
}

/// A signed permutation of the axes: output axis k is `sign[k]` × input axis `source[k]`.
/// Text form `x,y,-z` (the identity with z flipped — ARKit's face anchor z is negative toward the user).
public struct AxisMapping: Equatable, Sendable, CustomStringConvertible {
    public var source: [Int]
    public var sign: [Double]

    public static let identity = AxisMapping(source: [0, 1, 2], sign: [1, 1, 1])

    init(source: [Int], sign: [Double]) {
        self.source = source
        self.sign = sign
    }

    public init(_ text: String) throws {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        func fail() -> FieldError { FieldError("axes", expected: "a signed permutation of x,y,z such as 'x,y,-z' or '-y,x,z'", found: "'\(text)'") }
        guard parts.count == 3 else { throw fail() }
        var source: [Int] = [], sign: [Double] = []
        for part in parts {
            var name = Substring(part)
            var s = 1.0
            if name.first == "-" { s = -1; name = name.dropFirst() } else if name.first == "+" { name = name.dropFirst() }
            guard let axis = ["x", "y", "z"].firstIndex(of: String(name)) else { throw fail() }
            source.append(axis)
            sign.append(s)
        }
        guard Set(source).count == 3 else { throw fail() }
        self.source = source
        self.sign = sign
    }

    public func apply(_ v: Vec3) -> Vec3 {
        Vec3(sign[0] * v[source[0]], sign[1] * v[source[1]], sign[2] * v[source[2]])
    }

    public var description: String {
        (0..<3).map { (sign[$0] < 0 ? "-" : "") + ["x", "y", "z"][source[$0]] }.joined(separator: ",")
    }
}

/// Which recording column holds which quantity (names as in the header).
public struct ColumnMapping: Equatable, Sendable, CustomStringConvertible {
    public var t: String
    public var x: String
    public var y: String
    public var z: String
    public var tracked: String?

    public init(t: String, x: String, y: String, z: String, tracked: String? = nil) {
        self.t = t
        self.x = x
        self.y = y
        self.z = z
        self.tracked = tracked
    }

    static let form = "'t=NAME,x=NAME,y=NAME,z=NAME[,tracked=NAME]'"

    /// `t=timestamp,x=pos_x,y=pos_y,z=pos_z[,tracked=is_tracked]`.
    public init(_ text: String) throws {
        var names: [String: String] = [:]
        for part in text.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, ["t", "x", "y", "z", "tracked"].contains(pair[0]), !pair[1].isEmpty, names[pair[0]] == nil else {
                throw FieldError("columns", expected: Self.form, found: "'\(part)' in '\(text)'")
            }
            names[pair[0]] = pair[1]
        }
        for key in ["t", "x", "y", "z"] where names[key] == nil {
            throw FieldError("columns", expected: Self.form, found: "'\(text)' without '\(key)=NAME'")
        }
        self.init(t: names["t"]!, x: names["x"]!, y: names["y"]!, z: names["z"]!, tracked: names["tracked"])
    }

    public var description: String {
        "t=\(t),x=\(x),y=\(y),z=\(z)" + (tracked.map { ",tracked=\($0)" } ?? "")
    }

    /// Common names, compared lowercased with everything but letters and digits removed.
    static let candidates: [(role: String, names: [String])] = [
        ("t", ["t", "time", "timestamp", "ts", "times", "seconds", "elapsed", "frametime", "frametimestamp", "timestampns", "timestampms", "timems", "timens", "timeus", "unixtime", "epoch"]),
        ("x", ["x", "posx", "positionx", "headx", "tx", "translationx", "facex", "eyex", "px", "xm", "xmm", "xcm"]),
        ("y", ["y", "posy", "positiony", "heady", "ty", "translationy", "facey", "eyey", "py", "ym", "ymm", "ycm"]),
        ("z", ["z", "posz", "positionz", "headz", "tz", "translationz", "facez", "eyez", "pz", "zm", "zmm", "zcm"]),
        ("tracked", ["tracked", "istracked", "tracking", "valid", "isvalid", "facetracked", "detected"]),
    ]

    static func normalized(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) })
    }

    /// The mapping found from common names in `header`, nil when t, x, y or z has no (unique) match.
    public static func detect(in header: [String]) -> ColumnMapping? {
        var found: [String: String] = [:]
        for (role, names) in candidates {
            let matches = header.filter { names.contains(normalized($0)) }
            if matches.count == 1 { found[role] = matches[0] }
            if matches.count > 1, let exact = matches.first(where: { normalized($0) == role }) { found[role] = exact }
        }
        guard let t = found["t"], let x = found["x"], let y = found["y"], let z = found["z"] else { return nil }
        return ColumnMapping(t: t, x: x, y: y, z: z, tracked: found["tracked"])
    }
}

/// Everything `parallax import` converts. Order: columns → units → axes → frame.
public struct ImportOptions: Sendable {
    /// nil: detected from common names (`ColumnMapping.detect`).
    public var columns: ColumnMapping?
    public var timeUnit: TimeUnit = .seconds
    public var positionUnit: PositionUnit = .meters
    public var axes: AxisMapping = .identity
    /// Added to every position after the axis mapping: the front camera's offset from the screen centre
    /// for camera-relative recordings (`ScreenModel.cameraOffset`), nil for screen-relative ones.
    public var cameraOffset: Vec3?
    /// Skip rows with missing or non-numeric fields (and out-of-order timestamps), counting them, instead
    /// of stopping at the first.
    public var skipBadRows = false

    public init(columns: ColumnMapping? = nil, timeUnit: TimeUnit = .seconds, positionUnit: PositionUnit = .meters,
                axes: AxisMapping = .identity, cameraOffset: Vec3? = nil, skipBadRows: Bool = false) {
        self.columns = columns
        self.timeUnit = timeUnit
        self.positionUnit = positionUnit
        self.axes = axes
        self.cameraOffset = cameraOffset
        self.skipBadRows = skipBadRows
    }
}

