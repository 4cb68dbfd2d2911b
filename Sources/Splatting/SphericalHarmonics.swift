/// Real spherical harmonics up to degree 3 with the constants and sign conventions of the reference 3DGS
/// rasterizer (`computeColorFromSH`): colour(d) = Σ_k c_k·Y_k(d) for the unit direction d from the camera
/// to the splat, expressed in the scene's own axes. The renderer adds 0.5 and clamps at 0.
package enum SphericalHarmonics {
    package static let c0 = 0.28209479177387814
    package static let c1 = 0.4886025119029199
    package static let c2: [Double] = [1.0925484305920792, -1.0925484305920792, 0.31539156525252005, -1.0925484305920792, 0.5462742152960396]
    package static let c3: [Double] = [-0.5900435899266435, 2.890611442640554, -0.4570457994644658, 0.3731763325901154,
                                      -0.4570457994644658, 1.445305721320277, -0.5900435899266435]

    /// The basis values Y_0 … Y_{(degree+1)²−1} at the unit direction (x, y, z), written to `basis`.
    @inlinable package static func basis(degree: Int, x: Double, y: Double, z: Double, into basis: UnsafeMutablePointer<Double>) {
        basis[0] = c0
        guard degree > 0 else { return }
        basis[1] = -c1 * y
        basis[2] = c1 * z
        basis[3] = -c1 * x
        guard degree > 1 else { return }
        let xx = x * x, yy = y * y, zz = z * z, xy = x * y, yz = y * z, xz = x * z
        basis[4] = 1.0925484305920792 * xy
        basis[5] = -1.0925484305920792 * yz
        basis[6] = 0.31539156525252005 * (2 * zz - xx - yy)
        basis[7] = -1.0925484305920792 * xz
        basis[8] = 0.5462742152960396 * (xx - yy)
        guard degree > 2 else { return }
        basis[9] = -0.5900435899266435 * y * (3 * xx - yy)
        basis[10] = 2.890611442640554 * xy * z
        basis[11] = -0.4570457994644658 * y * (4 * zz - xx - yy)
        basis[12] = 0.3731763325901154 * z * (2 * zz - 3 * xx - 3 * yy)
        basis[13] = -0.4570457994644658 * x * (4 * zz - xx - yy)
        basis[14] = 1.445305721320277 * z * (xx - yy)
        basis[15] = -0.5900435899266435 * x * (xx - 3 * yy)
    }

    /// The raw SH colour (no +0.5, no clamp) of splat `i` of `scene` seen along the unit direction (x, y, z).
    package static func evaluate(_ scene: SplatScene, splat i: Int, direction d: SIMD3<Double>) -> SIMD3<Double> {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 16) { b in
            basis(degree: scene.shDegree, x: d.x, y: d.y, z: d.z, into: b.baseAddress!)
            var sum = SIMD3<Double>(repeating: 0)
            for k in 0..<scene.coefficientsPerSplat {
                let c = scene.coefficient(i, k)
                sum += b[k] * SIMD3(Double(c.x), Double(c.y), Double(c.z))
            }
            return sum
        }
    }

    /// Per-coefficient sign for turning a scene by 180° about x (y → −y, z → −z), as `.spz` readers do
    /// when converting RUB to RDF: Y_k(x, −y, −z) = sign_k · Y_k(x, y, z).
    package static let flipYZSigns: [Float] = [1, -1, -1, 1, -1, 1, 1, -1, 1, -1, 1, -1, -1, 1, -1, 1]
}
