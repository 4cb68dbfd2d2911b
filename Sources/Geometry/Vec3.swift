/// A 3-vector of doubles: a point or direction in the world frame.
///
/// World frame (ARCHITECTURE.md "Conventions"): the physical screen, centre at the origin, screen in the z = 0 plane,
/// +x right, +y up, +z toward the viewer (right-handed); meters. Content lies at z < 0.
public struct Vec3: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var z: Double

    @inlinable public init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    public static let zero = Vec3(0, 0, 0)

    @inlinable public static func + (a: Vec3, b: Vec3) -> Vec3 { Vec3(a.x + b.x, a.y + b.y, a.z + b.z) }
    @inlinable public static func - (a: Vec3, b: Vec3) -> Vec3 { Vec3(a.x - b.x, a.y - b.y, a.z - b.z) }
    @inlinable public static prefix func - (a: Vec3) -> Vec3 { Vec3(-a.x, -a.y, -a.z) }
    @inlinable public static func * (s: Double, a: Vec3) -> Vec3 { Vec3(s * a.x, s * a.y, s * a.z) }
    @inlinable public static func * (a: Vec3, s: Double) -> Vec3 { Vec3(s * a.x, s * a.y, s * a.z) }
    @inlinable public static func / (a: Vec3, s: Double) -> Vec3 { Vec3(a.x / s, a.y / s, a.z / s) }
    @inlinable public static func += (a: inout Vec3, b: Vec3) { a = a + b }
    @inlinable public static func -= (a: inout Vec3, b: Vec3) { a = a - b }

    /// Component-wise (Hadamard) product.
    @inlinable public func scaled(by s: Vec3) -> Vec3 { Vec3(x * s.x, y * s.y, z * s.z) }

    @inlinable public func dot(_ b: Vec3) -> Double { x * b.x + y * b.y + z * b.z }

    @inlinable public func cross(_ b: Vec3) -> Vec3 {
        Vec3(y * b.z - z * b.y, z * b.x - x * b.z, x * b.y - y * b.x)
    }

    @inlinable public var length: Double { dot(self).squareRoot() }

    /// The unit vector in this direction (undefined for the zero vector).
    @inlinable public var normalized: Vec3 { self / length }

    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }

    /// Components by index 0, 1, 2.
    @inlinable public subscript(axis: Int) -> Double {
        get { axis == 0 ? x : (axis == 1 ? y : z) }
        set {
            switch axis {
            case 0: x = newValue
            case 1: y = newValue
            default: z = newValue
            }
        }
    }

    public var description: String { "(\(x), \(y), \(z))" }
}

/// Vectors are written as `[x, y, z]` in YAML and JSON.
extension Vec3: Codable {
    public init(from decoder: Decoder) throws {
        var container = try decoder.unkeyedContainer()
        if let count = container.count, count != 3 {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected [x, y, z] (3 numbers), found \(count) values")
        }
        let x = try container.decode(Double.self)
        let y = try container.decode(Double.self)
        let z = try container.decode(Double.self)
        self.init(x, y, z)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(x)
        try container.encode(y)
        try container.encode(z)
    }
}

extension Vec3 {
    /// Parses `x,y,z`: three finite numbers (meters in every use), e.g. a head position on the command line.
    public init(parsing text: String) throws {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 3, let x = parts[0], let y = parts[1], let z = parts[2], Vec3(x, y, z).isFinite else {
            throw Vec3ParseError(text: text)
        }
        self.init(x, y, z)
    }

    /// `x,y,z` as `init(parsing:)` reads it (shortest round-trip numbers).
    public var commaSeparated: String { "\(x),\(y),\(z)" }
}

public struct Vec3ParseError: Error, CustomStringConvertible, Equatable {
    public var text: String
    public var description: String { "expected x,y,z (three finite numbers in meters), found '\(text)'" }
}
