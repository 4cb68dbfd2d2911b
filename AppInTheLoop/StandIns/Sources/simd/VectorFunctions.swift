// simd's free vector functions the app's files call, as Apple documents them
// (https://developer.apple.com/documentation/simd/vector_geometric_functions):
//   dot(x, y) = Σ xᵢyᵢ; cross(x, y) = (x₁y₂ − x₂y₁, x₂y₀ − x₀y₂, x₀y₁ − x₁y₀);
//   length(x) = √dot(x, x); normalize(x) = x / length(x).
// The platform's C math (tanf, exp, …), which Apple's simd brings in with Darwin, comes from Glibc here.

#if canImport(Glibc)
@_exported import Glibc
#endif

/// The dot product of two vectors.
public func dot(_ x: SIMD3<Float>, _ y: SIMD3<Float>) -> Float {
    (x * y).sum()
}

/// The cross product of two 3-element vectors.
public func cross(_ x: SIMD3<Float>, _ y: SIMD3<Float>) -> SIMD3<Float> {
    SIMD3<Float>(x.y * y.z - x.z * y.y, x.z * y.x - x.x * y.z, x.x * y.y - x.y * y.x)
}

/// The length of a vector.
public func length(_ x: SIMD3<Float>) -> Float {
    dot(x, x).squareRoot()
}

/// The vector in the direction of `x` with length 1.
public func normalize(_ x: SIMD3<Float>) -> SIMD3<Float> {
    x / length(x)
}

// The `simd_`-prefixed spellings (https://developer.apple.com/documentation/simd/simd_dot(_:_:)-…, simd_cross,
// simd_length, simd_normalize): the same functions under their C names.

/// The dot product (Apple: `simd_dot`).
public func simd_dot(_ x: SIMD3<Float>, _ y: SIMD3<Float>) -> Float { dot(x, y) }
/// The cross product (Apple: `simd_cross`).
public func simd_cross(_ x: SIMD3<Float>, _ y: SIMD3<Float>) -> SIMD3<Float> { cross(x, y) }
/// The length (Apple: `simd_length`).
public func simd_length(_ x: SIMD3<Float>) -> Float { length(x) }
/// The unit vector (Apple: `simd_normalize`).
public func simd_normalize(_ x: SIMD3<Float>) -> SIMD3<Float> { normalize(x) }

/// Each element of `x` clamped to [min, max] elementwise (Apple: `simd_clamp(_:_:_:)`:
/// https://developer.apple.com/documentation/simd/simd_clamp(_:_:_:) — min(max(x, min), max)).
public func simd_clamp<V: SIMD>(_ x: V, _ min: V, _ max: V) -> V where V.Scalar: FloatingPoint {
    x.clamped(lowerBound: min, upperBound: max)
}
