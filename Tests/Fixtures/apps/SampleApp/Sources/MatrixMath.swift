import simd

extension simd_float4x4 {
    /// glFrustum(l, r, b, t, n, f).
    static func frustum(left l: Float, right r: Float, bottom b: Float, top t: Float, near n: Float, far f: Float) -> simd_float4x4 {
        simd_float4x4(rows: [
            SIMD4<Float>(2 * n / (r - l), 0, (r + l) / (r - l), 0),
            SIMD4<Float>(0, 2 * n / (t - b), (t + b) / (t - b), 0),
            SIMD4<Float>(0, 0, (f + n) / (n - f), 2 * f * n / (n - f)),
            SIMD4<Float>(0, 0, -1, 0),
        ])
    }

    static func translation(_ offset: SIMD3<Float>) -> simd_float4x4 {
        var matrix = matrix_identity_float4x4
        matrix.columns.3 = SIMD4<Float>(offset.x, offset.y, offset.z, 1)
        return matrix
    }

    /// A unit direction from `from` towards `to` crossed with up: unused by the driver, here to use the functions.
    static func side(from: SIMD3<Float>, to: SIMD3<Float>) -> Float {
        let forward = normalize(to - from)
        return dot(cross(forward, SIMD3<Float>(0, 1, 0)), forward) + tanf(0)
    }
}
