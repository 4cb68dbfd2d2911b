import Geometry
import Scientific
import Tracking

/// The similarity y ≈ c·R·x + t that minimizes Σ|yᵢ − (c·R·xᵢ + t)|² (Umeyama, "Least-squares estimation of
/// transformation parameters between two point patterns", IEEE PAMI 13(4), 1991), computed as evo's
/// `umeyama_alignment` (evo/core/geometry.py): means (eq. 34–35), σ²ₓ = (1/n)Σ|xᵢ − μₓ|² (eq. 36),
/// Σxy = (1/n)Σ(yᵢ − μy)(xᵢ − μₓ)ᵀ (eq. 38), its SVD U·D·Vᵀ by GSL, S = diag(1, 1, −1) when
/// det(U)·det(V) < 0 (eq. 43), R = U·S·Vᵀ (eq. 40), c = tr(D·S)/σ²ₓ (eq. 42; 1 without scale),
/// t = μy − c·R·μₓ (eq. 41).
package struct UmeyamaAlignment: Sendable, Equatable {
    /// Rows of R.
    package var rotation: (Vec3, Vec3, Vec3)
    package var translation: Vec3
    package var scale: Double

    package static let identity = UmeyamaAlignment(rotation: (Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1)), translation: Vec3(0, 0, 0), scale: 1)

    package init(rotation: (Vec3, Vec3, Vec3), translation: Vec3, scale: Double) {
        self.rotation = rotation
        self.translation = translation
        self.scale = scale
    }

    package static func == (a: UmeyamaAlignment, b: UmeyamaAlignment) -> Bool {
        a.rotation.0 == b.rotation.0 && a.rotation.1 == b.rotation.1 && a.rotation.2 == b.rotation.2
            && a.translation == b.translation && a.scale == b.scale
    }

    package struct Degenerate: Error, CustomStringConvertible, Equatable {
        package var pointCount: Int
        package var description: String {
            "alignment: degenerate covariance rank of \(pointCount) point pair(s) (collinear or identical points); expected points spanning at least a plane, Umeyama alignment is not possible"
        }
    }

    /// The transform from points `x` to points `y` (same count ≥ 1); `withScale` false fixes c = 1 (SE(3)).
    package init(from x: [Vec3], to y: [Vec3], withScale: Bool) throws {
        precondition(x.count == y.count && !x.isEmpty, "one target per point")
        let n = Double(x.count)
        let meanX = x.reduce(Vec3(0, 0, 0), +) * (1 / n)
        let meanY = y.reduce(Vec3(0, 0, 0), +) * (1 / n)
        let sigmaX = 1.0 / n * x.reduce(0) { $0 + ($1 - meanX).dot($1 - meanX) }
        var outer = [[Double]](repeating: [0, 0, 0], count: 3)
        for (xi, yi) in zip(x, y) {
            let dy = yi - meanY, dx = xi - meanX
            for r in 0..<3 { for c in 0..<3 { outer[r][c] += dy[r] * dx[c] } }
        }
        let covariance = outer.map { $0.map { 1.0 / n * $0 } }
        guard let svd = SingularValueDecomposition(covariance),
              svd.singularValues.filter({ $0 > Double.ulpOfOne }).count >= 2 else {
            throw Degenerate(pointCount: x.count)
        }
        let u = svd.u, v = svd.v
        var s = [1.0, 1.0, 1.0]
        if Self.determinant(u) * Self.determinant(v) < 0 { s[2] = -1 }
        // R = U·S·Vᵀ: R[r][c] = Σk U[r][k]·S[k]·V[c][k].
        let r = (0..<3).map { row in
            let e = (0..<3).map { col in (0..<3).reduce(0.0) { $0 + u[row][$1] * s[$1] * v[col][$1] } }
            return Vec3(e[0], e[1], e[2])
        }
        rotation = (r[0], r[1], r[2])
        scale = withScale ? 1 / sigmaX * zip(svd.singularValues, s).reduce(0.0) { $0 + $1.0 * $1.1 } : 1
        translation = meanY - Self.rotate(rotation, meanX) * scale
    }

    /// c·R·p + t.
    package func apply(_ p: Vec3) -> Vec3 { Self.rotate(rotation, p) * scale + translation }

    /// The estimate's poses moved by this transform, as evo's `align` moves them: positions scaled, then the
    /// rigid part applied to positions and orientations.
    package func apply(to trajectory: PoseTrajectory) -> PoseTrajectory {
        let q = Quaternion(matrixRows: rotation)
        return PoseTrajectory(times: trajectory.times, positions: trajectory.positions.map(apply),
                              orientations: trajectory.orientations?.map { q * $0.normalized })
    }

    /// The rotation angle of R, radians.
    package var rotationAngle: Double { Quaternion(matrixRows: rotation).angle }

    static func rotate(_ r: (Vec3, Vec3, Vec3), _ p: Vec3) -> Vec3 { Vec3(r.0.dot(p), r.1.dot(p), r.2.dot(p)) }

    static func determinant(_ m: [[Double]]) -> Double {
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    }
}
