/// The values a file stores for one splat, checked before they become scene values (exp, sigmoid and
/// normalisation would otherwise hide them: a zero quaternion would become the identity, an infinite logit
/// an opacity of 1). The rules, by stored field:
///
/// - scale: finite; stored as log σ (`.ply`) at most 88 (σ = e^88 ≈ 1.7e38 still fits a float); stored as
///   σ (`.splat`) not negative. σ = 0 (e.g. e^−200) is accepted: the renderers then draw the 0.3 px²
///   screen-space dilation only, as the reference 3DGS rasterizer does.
/// - rotation: four finite numbers, not all zero (a zero quaternion has no rotation to normalise to).
/// - opacity: finite (as a logit in `.ply`; bytes elsewhere are always finite).
enum StoredSplatValues {
    static let maximumLogScale: Float = 88

    /// The first problem with splat `index`'s stored values, or nil.
    static func problem(splat index: Int, file: String, scale: SIMD3<Float>?, scaleIsLog: Bool,
                        rotation: SIMD4<Float>?, opacityLogit: Float?) -> SplatError? {
        // Messages are built only on failure: this runs once per splat of every scene read.
        var splat: String { "splat \(index)" }
        if let scale {
            for axis in 0..<3 {
                let v = scale[axis]
                var field: String { "\(splat) scale_\(axis)" }
                if !v.isFinite {
                    return SplatError(file: file, field: field, "expected a finite \(scaleIsLog ? "log σ" : "σ"), found \(text(v))")
                }
                if scaleIsLog && v > maximumLogScale {
                    return SplatError(file: file, field: field, "expected a log σ ≤ \(text(maximumLogScale)) (σ must fit a float), found \(text(v))")
                }
                if !scaleIsLog && v < 0 {
                    return SplatError(file: file, field: field, "expected σ ≥ 0, found \(text(v))")
                }
            }
        }
        if let q = rotation {
            var found: String { "(\(text(q[0])), \(text(q[1])), \(text(q[2])), \(text(q[3])))" }
            if !(0..<4).allSatisfy({ q[$0].isFinite }) {
                return SplatError(file: file, field: "\(splat) rotation", "expected a finite quaternion, found \(found)")
            }
            if (q * q).sum() == 0 {
                return SplatError(file: file, field: "\(splat) rotation", "expected a non-zero quaternion, found \(found)")
            }
        }
        if let opacityLogit, !opacityLogit.isFinite {
            return SplatError(file: file, field: "\(splat) opacity", "expected a finite logit, found \(text(opacityLogit))")
        }
        return nil
    }

    /// A float as a person writes it: whole numbers without ".0".
    static func text(_ v: Float) -> String {
        v.isFinite && v == v.rounded() && abs(v) < 1e7 ? String(Int(v)) : "\(v)"
    }
}
