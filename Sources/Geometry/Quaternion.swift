import Foundation

/// A rotation as a Hamilton quaternion, w first: q = w + x·i + y·j + z·k with i² = j² = k² = ijk = −1.
/// `rotate(_:)` is q·v·q* (active rotation of a column vector), so `a * b` rotates by b first, then a —
/// the same order as matrix products. Only unit quaternions are rotations; readers check the length.
public struct Quaternion: Hashable, Sendable, CustomStringConvertible {
    public var w: Double
    public var x: Double
    public var y: Double
    public var z: Double

    @inlinable public init(w: Double, x: Double, y: Double, z: Double) {
        self.w = w
        self.x = x
        self.y = y
        self.z = z
    }

    public static let identity = Quaternion(w: 1, x: 0, y: 0, z: 0)

    /// The rotation by `angle` radians about `axis` (right-handed; the axis need not be unit length).
    public init(axis: Vec3, angle: Double) {
        let u = axis.normalized, s = sin(angle / 2)
        self.init(w: cos(angle / 2), x: s * u.x, y: s * u.y, z: s * u.z)
    }

    /// The vector part.
    @inlinable public var vector: Vec3 { Vec3(x, y, z) }

    @inlinable public var norm: Double { (w * w + x * x + y * y + z * z).squareRoot() }

    @inlinable public var normalized: Quaternion {
        let n = norm
        return Quaternion(w: w / n, x: x / n, y: y / n, z: z / n)
    }

    /// The inverse of a unit quaternion.
    @inlinable public var conjugate: Quaternion { Quaternion(w: w, x: -x, y: -y, z: -z) }

    @inlinable public var isFinite: Bool { w.isFinite && x.isFinite && y.isFinite && z.isFinite }

    /// Hamilton product: rotates by `b`, then by `a`.
    @inlinable public static func * (a: Quaternion, b: Quaternion) -> Quaternion {
        Quaternion(w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
                   x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
                   y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
                   z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w)
    }

    @inlinable public func dot(_ b: Quaternion) -> Double { w * b.w + x * b.x + y * b.y + z * b.z }

    /// q·v·q* for a unit quaternion: v + 2w(u × v) + 2u × (u × v), u the vector part.
    @inlinable public func rotate(_ v: Vec3) -> Vec3 {
        let u = vector
        let t = 2 * u.cross(v)
        return v + w * t + u.cross(t)
    }

    /// The rotation angle in [0, π] of a unit quaternion (q and −q are the same rotation).
    public var angle: Double { 2 * atan2(vector.length, abs(w)) }

    /// The angle between two rotations, radians in [0, π].
    public func angle(to other: Quaternion) -> Double { (conjugate * other).angle }

    /// Spherical linear interpolation from self (t = 0) to `other` (t = 1) along the shorter arc.
    public func slerp(to other: Quaternion, _ t: Double) -> Quaternion {
        var b = other
        var c = dot(b)
        if c < 0 { b = Quaternion(w: -b.w, x: -b.x, y: -b.y, z: -b.z); c = -c }
        let (ka, kb): (Double, Double)
        if c > 0.9995 {
            (ka, kb) = (1 - t, t)  // nearly parallel: lerp, then normalize
        } else {
            let theta = acos(min(1, c)), s = sin(theta)
            (ka, kb) = (sin((1 - t) * theta) / s, sin(t * theta) / s)
        }
        return Quaternion(w: ka * w + kb * b.w, x: ka * x + kb * b.x, y: ka * y + kb * b.y, z: ka * z + kb * b.z).normalized
    }

    /// Rows of the 3×3 rotation matrix of a unit quaternion.
    public var matrixRows: (Vec3, Vec3, Vec3) {
        (Vec3(1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)),
         Vec3(2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)),
         Vec3(2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)))
    }

    /// The quaternion (w ≥ 0) of a rotation matrix given by its rows (Shepperd's method: the largest of
    /// 4w², 4x², 4y², 4z² is taken first, so the result is accurate for every rotation).
    public init(matrixRows r: (Vec3, Vec3, Vec3)) {
        let (m00, m01, m02) = (r.0.x, r.0.y, r.0.z)
        let (m10, m11, m12) = (r.1.x, r.1.y, r.1.z)
        let (m20, m21, m22) = (r.2.x, r.2.y, r.2.z)
        let trace = m00 + m11 + m22
        var q: Quaternion
        if trace >= max(m00, m11, m22) {
            let s = 2 * (1 + trace).squareRoot()
            q = Quaternion(w: s / 4, x: (m21 - m12) / s, y: (m02 - m20) / s, z: (m10 - m01) / s)
        } else if m00 >= m11 && m00 >= m22 {
            let s = 2 * (1 + m00 - m11 - m22).squareRoot()
            q = Quaternion(w: (m21 - m12) / s, x: s / 4, y: (m01 + m10) / s, z: (m02 + m20) / s)
        } else if m11 >= m22 {
            let s = 2 * (1 + m11 - m00 - m22).squareRoot()
            q = Quaternion(w: (m02 - m20) / s, x: (m01 + m10) / s, y: s / 4, z: (m12 + m21) / s)
        } else {
            let s = 2 * (1 + m22 - m00 - m11).squareRoot()
            q = Quaternion(w: (m10 - m01) / s, x: (m02 + m20) / s, y: (m12 + m21) / s, z: s / 4)
        }
        if q.w < 0 { q = Quaternion(w: -q.w, x: -q.x, y: -q.y, z: -q.z) }
        self = q.normalized
    }

    public var description: String { "(\(w), \(x), \(y), \(z))" }
}
