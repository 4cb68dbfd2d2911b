/// A homogeneous 4-vector of doubles (a point has w = 1, a direction w = 0; clip coordinates any w).
public struct Vec4: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var z: Double
    public var w: Double

    @inlinable public init(_ x: Double, _ y: Double, _ z: Double, _ w: Double) {
        self.x = x
        self.y = y
        self.z = z
        self.w = w
    }

    /// The point `p` in homogeneous form (w = 1).
    @inlinable public init(point p: Vec3) { self.init(p.x, p.y, p.z, 1) }

    /// The direction `d` in homogeneous form (w = 0).
    @inlinable public init(direction d: Vec3) { self.init(d.x, d.y, d.z, 0) }

    @inlinable public var xyz: Vec3 { Vec3(x, y, z) }

    /// The perspective divide (x/w, y/w, z/w): clip coordinates → normalized device coordinates.
    @inlinable public var perspectiveDivided: Vec3 { Vec3(x / w, y / w, z / w) }

    @inlinable public func dot(_ b: Vec4) -> Double { x * b.x + y * b.y + z * b.z + w * b.w }

    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite && w.isFinite }

    public var description: String { "(\(x), \(y), \(z), \(w))" }
}
