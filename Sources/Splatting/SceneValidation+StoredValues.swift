/// Stored splat values that conversion would hide, checked as they are read. Everything else is checked on
/// the converted scene (`SceneValidation.checkFinite`), with the reference 3DGS conversions: σ = e^(log σ)
/// (so log σ = −inf or −200 gives σ = 0, accepted and drawn as the 0.3 px² screen-space dilation alone, and
/// log σ above ≈ 88.7 overflows to inf, rejected) and opacity = sigmoid(logit) (±inf give 1 and 0, as in the
/// reference; NaN is rejected).
///
/// - rotation: a zero or non-finite quaternion has no direction to normalise to (normalising would silently
///   make it the identity): rejected.
/// - σ stored linearly (`.splat`): negative is rejected (the formats that store log σ cannot hold it).
enum StoredSplatValues {
    /// The unit quaternion of a stored rotation; nil when it is zero or not finite.
    @inline(__always)
    static func unitQuaternion(_ q: SIMD4<Float>) -> SIMD4<Float>? {
        let length = (q * q).sum().squareRoot()
        return length > 0 && length.isFinite ? q / length : nil
    }

    /// Why `unitQuaternion(q)` is nil, naming splat `index`.
    static func rotationProblem(_ q: SIMD4<Float>, splat index: Int, file: String) -> SplatError {
        let found = "(\(text(q[0])), \(text(q[1])), \(text(q[2])), \(text(q[3])))"
        let finite = q[0].isFinite && q[1].isFinite && q[2].isFinite && q[3].isFinite
        return SplatError(file: file, field: "splat \(index) rotation", "expected a \(finite ? "non-zero" : "finite") quaternion, found \(found)")
    }

    /// A negative linear σ of splat `index`, or nil.
    @inline(__always)
    static func sigmaProblem(_ sigma: SIMD3<Float>, splat index: Int, file: String) -> SplatError? {
        guard sigma.min() < 0 else { return nil }
        let axis = sigma.x < 0 ? 0 : sigma.y < 0 ? 1 : 2
        return SplatError(file: file, field: "splat \(index) scale_\(axis)", "expected σ ≥ 0, found \(text(sigma[axis]))")
    }

    /// A float as a person writes it: whole numbers without ".0".
    static func text(_ v: Float) -> String {
        v.isFinite && v == v.rounded() && abs(v) < 1e7 ? String(Int(v)) : "\(v)"
    }
}
