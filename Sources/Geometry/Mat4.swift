import Foundation

/// A 4×4 matrix of doubles.
///
/// **Convention (stated once for the whole package):** matrices act on *column* vectors, `p′ = M · p`,
/// so a translation lives in the last column and `A * B` applies `B` first. Storage is **row-major**:
/// `rows.0` … `rows.3` are the matrix rows, `self[r, c]` is row `r`, column `c`, and `elements` lists
/// m00, m01, m02, m03, m10, … (the same order as the nested arrays in ParallaxLab's JSON).
/// OpenGL/Metal APIs that expect column-major storage need `transposed.elements`.
public struct Mat4: Hashable, Sendable, CustomStringConvertible {
    public var rows: (Vec4, Vec4, Vec4, Vec4)

    @inlinable public init(rows r0: Vec4, _ r1: Vec4, _ r2: Vec4, _ r3: Vec4) {
        rows = (r0, r1, r2, r3)
    }

    /// From 16 values in row-major order.
    @inlinable public init(
        _ m00: Double, _ m01: Double, _ m02: Double, _ m03: Double,
        _ m10: Double, _ m11: Double, _ m12: Double, _ m13: Double,
        _ m20: Double, _ m21: Double, _ m22: Double, _ m23: Double,
        _ m30: Double, _ m31: Double, _ m32: Double, _ m33: Double
    ) {
        rows = (Vec4(m00, m01, m02, m03), Vec4(m10, m11, m12, m13), Vec4(m20, m21, m22, m23), Vec4(m30, m31, m32, m33))
    }

    /// From nested arrays, `rows[r][c]` (row-major); nil unless the shape is exactly 4×4.
    public init?(rowArrays a: [[Double]]) {
        guard a.count == 4, a.allSatisfy({ $0.count == 4 }) else { return nil }
        self.init(rows: Vec4(a[0][0], a[0][1], a[0][2], a[0][3]), Vec4(a[1][0], a[1][1], a[1][2], a[1][3]),
                  Vec4(a[2][0], a[2][1], a[2][2], a[2][3]), Vec4(a[3][0], a[3][1], a[3][2], a[3][3]))
    }

    public static let identity = Mat4(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)

    @inlinable public func row(_ r: Int) -> Vec4 {
        switch r {
        case 0: return rows.0
        case 1: return rows.1
        case 2: return rows.2
        default: return rows.3
        }
    }

    @inlinable public func column(_ c: Int) -> Vec4 {
        Vec4(self[0, c], self[1, c], self[2, c], self[3, c])
    }

    /// Element at row `r`, column `c` (both 0…3).
    @inlinable public subscript(r: Int, c: Int) -> Double {
        get {
            let v = row(r)
            switch c {
            case 0: return v.x
            case 1: return v.y
            case 2: return v.z
            default: return v.w
            }
        }
        set {
            var v = row(r)
            switch c {
            case 0: v.x = newValue
            case 1: v.y = newValue
            case 2: v.z = newValue
            default: v.w = newValue
            }
            switch r {
            case 0: rows.0 = v
            case 1: rows.1 = v
            case 2: rows.2 = v
            default: rows.3 = v
            }
        }
    }

    /// The 16 elements in row-major order.
    public var elements: [Double] {
        [rows.0.x, rows.0.y, rows.0.z, rows.0.w, rows.1.x, rows.1.y, rows.1.z, rows.1.w,
         rows.2.x, rows.2.y, rows.2.z, rows.2.w, rows.3.x, rows.3.y, rows.3.z, rows.3.w]
    }

    /// Nested arrays `[[row 0], [row 1], [row 2], [row 3]]`.
    public var rowArrays: [[Double]] { (0..<4).map { r in let v = row(r); return [v.x, v.y, v.z, v.w] } }

    @inlinable public var transposed: Mat4 { Mat4(rows: column(0), column(1), column(2), column(3)) }

    @inlinable public var isFinite: Bool { rows.0.isFinite && rows.1.isFinite && rows.2.isFinite && rows.3.isFinite }

    // MARK: Products

    @inlinable public static func * (m: Mat4, v: Vec4) -> Vec4 {
        Vec4(m.rows.0.dot(v), m.rows.1.dot(v), m.rows.2.dot(v), m.rows.3.dot(v))
    }

    @inlinable public static func * (a: Mat4, b: Mat4) -> Mat4 {
        @inline(__always) func rowTimes(_ r: Vec4) -> Vec4 {
            Vec4(r.x * b.rows.0.x + r.y * b.rows.1.x + r.z * b.rows.2.x + r.w * b.rows.3.x,
                 r.x * b.rows.0.y + r.y * b.rows.1.y + r.z * b.rows.2.y + r.w * b.rows.3.y,
                 r.x * b.rows.0.z + r.y * b.rows.1.z + r.z * b.rows.2.z + r.w * b.rows.3.z,
                 r.x * b.rows.0.w + r.y * b.rows.1.w + r.z * b.rows.2.w + r.w * b.rows.3.w)
        }
        return Mat4(rows: rowTimes(a.rows.0), rowTimes(a.rows.1), rowTimes(a.rows.2), rowTimes(a.rows.3))
    }

    /// `M · (p, 1)`: a point to homogeneous (e.g. clip) coordinates.
    @inlinable public func transform(point p: Vec3) -> Vec4 { self * Vec4(point: p) }

    /// `M · (p, 1)` followed by the perspective divide.
    @inlinable public func transformProjecting(point p: Vec3) -> Vec3 { transform(point: p).perspectiveDivided }

    /// `M · (d, 0)`, dropping w: a direction (ignores translation).
    @inlinable public func transform(direction d: Vec3) -> Vec3 { (self * Vec4(direction: d)).xyz }

    // MARK: Determinant and inverse

    public var determinant: Double {
        let m = elements
        let s0 = m[0] * m[5] - m[4] * m[1], s1 = m[0] * m[6] - m[4] * m[2], s2 = m[0] * m[7] - m[4] * m[3]
        let s3 = m[1] * m[6] - m[5] * m[2], s4 = m[1] * m[7] - m[5] * m[3], s5 = m[2] * m[7] - m[6] * m[3]
        let c5 = m[10] * m[15] - m[14] * m[11], c4 = m[9] * m[15] - m[13] * m[11], c3 = m[9] * m[14] - m[13] * m[10]
        let c2 = m[8] * m[15] - m[12] * m[11], c1 = m[8] * m[14] - m[12] * m[10], c0 = m[8] * m[13] - m[12] * m[9]
        return s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
    }

    /// The inverse by Gauss–Jordan elimination with partial pivoting; nil when the matrix is singular
    /// (a pivot is exactly zero) or not finite.
    public var inverse: Mat4? {
        guard isFinite else { return nil }
        var a = elements
        var inv = Mat4.identity.elements
        for col in 0..<4 {
            var pivot = col
            for r in (col + 1)..<4 where abs(a[r * 4 + col]) > abs(a[pivot * 4 + col]) { pivot = r }
            let p = a[pivot * 4 + col]
            if p == 0 { return nil }
            if pivot != col {
                for c in 0..<4 {
                    a.swapAt(col * 4 + c, pivot * 4 + c)
                    inv.swapAt(col * 4 + c, pivot * 4 + c)
                }
            }
            for c in 0..<4 {
                a[col * 4 + c] /= p
                inv[col * 4 + c] /= p
            }
            for r in 0..<4 where r != col {
                let f = a[r * 4 + col]
                if f == 0 { continue }
                for c in 0..<4 {
                    a[r * 4 + c] -= f * a[col * 4 + c]
                    inv[r * 4 + c] -= f * inv[col * 4 + c]
                }
            }
        }
        let result = Mat4(inv[0], inv[1], inv[2], inv[3], inv[4], inv[5], inv[6], inv[7],
                          inv[8], inv[9], inv[10], inv[11], inv[12], inv[13], inv[14], inv[15])
        return result.isFinite ? result : nil
    }

    // MARK: Transforms

    @inlinable public static func translation(_ t: Vec3) -> Mat4 {
        Mat4(1, 0, 0, t.x, 0, 1, 0, t.y, 0, 0, 1, t.z, 0, 0, 0, 1)
    }

    @inlinable public static func scaling(_ s: Vec3) -> Mat4 {
        Mat4(s.x, 0, 0, 0, 0, s.y, 0, 0, 0, 0, s.z, 0, 0, 0, 0, 1)
    }

    /// Right-handed rotation by `angle` radians about the unit vector `axis` (counter-clockwise when the
    /// axis points at the viewer).
    public static func rotation(axis: Vec3, angle: Double) -> Mat4 {
        let u = axis.normalized
        let c = cos(angle), s = sin(angle), t = 1 - c
        return Mat4(t * u.x * u.x + c, t * u.x * u.y - s * u.z, t * u.x * u.z + s * u.y, 0,
                    t * u.x * u.y + s * u.z, t * u.y * u.y + c, t * u.y * u.z - s * u.x, 0,
                    t * u.x * u.z - s * u.y, t * u.y * u.z + s * u.x, t * u.z * u.z + c, 0,
                    0, 0, 0, 1)
    }

    public static func rotationX(_ angle: Double) -> Mat4 { rotation(axis: Vec3(1, 0, 0), angle: angle) }
    public static func rotationY(_ angle: Double) -> Mat4 { rotation(axis: Vec3(0, 1, 0), angle: angle) }
    public static func rotationZ(_ angle: Double) -> Mat4 { rotation(axis: Vec3(0, 0, 1), angle: angle) }

    /// A rigid change of basis: rows are the (orthonormal) axes `right`, `up`, `back` of a camera or
    /// screen, so `M · d` expresses a world direction in those axes (Kooima's Mᵀ).
    @inlinable public static func basis(right: Vec3, up: Vec3, back: Vec3) -> Mat4 {
        Mat4(right.x, right.y, right.z, 0, up.x, up.y, up.z, 0, back.x, back.y, back.z, 0, 0, 0, 0, 1)
    }

    /// gluLookAt: the view matrix of a camera at `eye` looking at `target` with `up` roughly up
    /// (right-handed, the camera looks down its −z). nil when `target == eye` or `up` is parallel to
    /// the viewing direction.
    public static func lookAt(eye: Vec3, target: Vec3, up: Vec3) -> Mat4? {
        let forward = target - eye
        guard forward.length > 0 else { return nil }
        let f = forward.normalized
        let side = f.cross(up)
        guard side.length > 0, side.isFinite else { return nil }
        let s = side.normalized
        let u = s.cross(f)
        return Mat4(s.x, s.y, s.z, -s.dot(eye),
                    u.x, u.y, u.z, -u.dot(eye),
                    -f.x, -f.y, -f.z, f.dot(eye),
                    0, 0, 0, 1)
    }

    /// glFrustum(l, r, b, t, n, f): OpenGL clip convention (eye looks down −z; z_ndc ∈ [−1, 1], the
    /// near plane maps to −1). The caller guarantees r ≠ l, t ≠ b, f ≠ n.
    @inlinable public static func frustum(left l: Double, right r: Double, bottom b: Double, top t: Double,
                                          near n: Double, far f: Double) -> Mat4 {
        Mat4(2 * n / (r - l), 0, (r + l) / (r - l), 0,
             0, 2 * n / (t - b), (t + b) / (t - b), 0,
             0, 0, -(f + n) / (f - n), -2 * f * n / (f - n),
             0, 0, -1, 0)
    }

    /// Largest absolute element difference.
    public func maxAbsDifference(_ other: Mat4) -> Double {
        zip(elements, other.elements).reduce(0) { max($0, abs($1.0 - $1.1)) }
    }

    public var description: String {
        rowArrays.map { "[" + $0.map { "\($0)" }.joined(separator: ", ") + "]" }.joined(separator: "\n")
    }

    public static func == (a: Mat4, b: Mat4) -> Bool { a.elements == b.elements }
    public func hash(into hasher: inout Hasher) { hasher.combine(elements) }
}
