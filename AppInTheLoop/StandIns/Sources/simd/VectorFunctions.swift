// simd's free vector functions the app's files call, as Apple documents them
// (https://developer.apple.com/documentation/simd/vector_geometric_functions):
//   dot(x, y) = Σ xᵢyᵢ; cross(x, y) = (x₁y₂ − x₂y₁, x₂y₀ − x₀y₂, x₀y₁ − x₁y₀);
//   length(x) = √dot(x, x); normalize(x) = x / length(x).
// The platform's C math (tanf), which Apple's simd brings in with Darwin, comes from Glibc here.

#if canImport(Glibc)
@_exported import func Glibc.tanf
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
