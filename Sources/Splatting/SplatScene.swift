import Foundation

/// A Gaussian-splat scene in the coordinates of its file (3DGS/PLY convention: x right, y down, z forward
/// — "RDF"; `.spz` files are converted from their RUB axes on reading). Structure of arrays, float32,
/// `count` splats:
///
/// - `positions`: x, y, z per splat (3·count).
/// - `scales`: *linear* standard deviations σx, σy, σz along the splat's own axes (3·count). Readers of
///   formats that store log σ (`.ply`, `.spz`) exponentiate; writers take the log again.
/// - `rotations`: unit quaternions w, x, y, z per splat (4·count), normalised on reading.
/// - `opacities`: opacity in [0, 1], one per splat. `.ply` stores it as a logit; the sigmoid is applied.
/// - `sh`: spherical-harmonic colour coefficients, degree `shDegree` (0–3), `coefficientsPerSplat`
///   = (degree + 1)² coefficients per splat, each an R, G, B triple: splat i, coefficient k, channel c is
///   `sh[(i · coefficientsPerSplat + k) · 3 + c]`. Coefficient 0 is the DC term (`f_dc_*`); the colour is
///   SH(direction) + 0.5 with the standard real-SH constants (`SphericalHarmonics`).
package struct SplatScene: Sendable, Equatable {
    package var positions: [Float]
    package var scales: [Float]
    package var rotations: [Float]
    package var opacities: [Float]
    package var shDegree: Int
    package var sh: [Float]

    package var count: Int { opacities.count }
    package var coefficientsPerSplat: Int { (shDegree + 1) * (shDegree + 1) }

    /// An empty scene of the given SH degree.
    package init(shDegree: Int = 0) {
        precondition((0...3).contains(shDegree), "SH degree must be 0…3")
        self.shDegree = shDegree
        positions = []; scales = []; rotations = []; opacities = []; sh = []
    }

    /// A scene from arrays; the sizes must agree (`count` from `opacities`).
    package init(positions: [Float], scales: [Float], rotations: [Float], opacities: [Float], shDegree: Int, sh: [Float]) throws {
        let n = opacities.count
        guard (0...3).contains(shDegree) else { throw SplatError("scene: SH degree: expected 0…3, found \(shDegree)") }
        let k = (shDegree + 1) * (shDegree + 1)
        for (name, array, per) in [("positions", positions, 3), ("scales", scales, 3), ("rotations", rotations, 4), ("sh", sh, 3 * k)]
        where array.count != n * per {
            throw SplatError("scene: \(name): expected \(n * per) values for \(n) splats, found \(array.count)")
        }
        self.positions = positions
        self.scales = scales
        self.rotations = rotations
        self.opacities = opacities
        self.shDegree = shDegree
        self.sh = sh
    }

    /// Reserves room for `n` splats.
    package mutating func reserve(_ n: Int) {
        positions.reserveCapacity(n * 3); scales.reserveCapacity(n * 3); rotations.reserveCapacity(n * 4)
        opacities.reserveCapacity(n); sh.reserveCapacity(n * 3 * coefficientsPerSplat)
    }

    /// Appends one splat. `rotation` is (w, x, y, z), normalised here (a zero quaternion becomes identity);
    /// `coefficients` holds `coefficientsPerSplat` RGB triples (missing ones are zero).
    package mutating func append(position: SIMD3<Float>, scale: SIMD3<Float>, rotation: SIMD4<Float>, opacity: Float, coefficients: [Float]) {
        positions += [position.x, position.y, position.z]
        scales += [scale.x, scale.y, scale.z]
        let q = Self.normalized(rotation)
        rotations += [q.x, q.y, q.z, q.w]
        opacities.append(opacity)
        let k = 3 * coefficientsPerSplat
        for j in 0..<k { sh.append(j < coefficients.count ? coefficients[j] : 0) }
    }

    /// Position of splat i.
    package func position(_ i: Int) -> SIMD3<Float> { SIMD3(positions[3 * i], positions[3 * i + 1], positions[3 * i + 2]) }
    package func scale(_ i: Int) -> SIMD3<Float> { SIMD3(scales[3 * i], scales[3 * i + 1], scales[3 * i + 2]) }
    /// (w, x, y, z) of splat i.
    package func rotation(_ i: Int) -> SIMD4<Float> {
        SIMD4(rotations[4 * i], rotations[4 * i + 1], rotations[4 * i + 2], rotations[4 * i + 3])
    }
    /// The RGB triple of SH coefficient k of splat i.
    package func coefficient(_ i: Int, _ k: Int) -> SIMD3<Float> {
        let base = (i * coefficientsPerSplat + k) * 3
        return SIMD3(sh[base], sh[base + 1], sh[base + 2])
    }

    /// (w, x, y, z) scaled to unit length; the zero quaternion (or a non-finite one) becomes the identity.
    @inlinable package static func normalized(_ q: SIMD4<Float>) -> SIMD4<Float> {
        let n = (q * q).sum().squareRoot()
        guard n > 0, n.isFinite else { return SIMD4(1, 0, 0, 0) }
        return q / n
    }

    /// The DC coefficient for a display colour value c ∈ [0, 1]: (c − 0.5) / C0.
    @inlinable package static func dcCoefficient(color c: Float) -> Float { (c - 0.5) / Float(SphericalHarmonics.c0) }
    /// The display colour of a DC coefficient: C0·f + 0.5.
    @inlinable package static func color(dc f: Float) -> Float { Float(SphericalHarmonics.c0) * f + 0.5 }

    package static func sigmoid(_ x: Float) -> Float { 1 / (1 + Foundation.exp(-x)) }
    /// The logit of p, p clamped to [1e-6, 1 − 1e-6] so that it stays finite.
    package static func logit(_ p: Float) -> Float {
        let q = min(max(p, 1e-6), 1 - 1e-6)
        return Foundation.log(q / (1 - q))
    }
}
