// simd's single-precision quaternion as Apple documents it (https://developer.apple.com/documentation/simd/simd_quatf):
// `vector` holds (ix, iy, iz, r) — the imaginary part first, the real part last; `init(angle:axis:)` is the rotation
// by `angle` radians about the unit `axis`: (sin(angle/2)·axis, cos(angle/2))
// (https://developer.apple.com/documentation/simd/simd_quatf/init(angle:axis:)).

#if canImport(Glibc)
import func Glibc.sinf
import func Glibc.cosf
#endif

/// A quaternion of Float (Apple: `struct simd_quatf`).
public struct simd_quatf: Equatable, Sendable {
    /// (ix, iy, iz, r).
    public var vector: SIMD4<Float>

    public init(vector: SIMD4<Float>) { self.vector = vector }

    /// The quaternion ix·i + iy·j + iz·k + r.
    public init(ix: Float, iy: Float, iz: Float, r: Float) { vector = SIMD4(ix, iy, iz, r) }

    /// The rotation by `angle` radians about the unit vector `axis`.
    public init(angle: Float, axis: SIMD3<Float>) {
        let s = sinf(angle / 2)
        vector = SIMD4(axis.x * s, axis.y * s, axis.z * s, cosf(angle / 2))
    }

    /// The imaginary part (Apple: `var imag: simd_float3`).
    public var imag: SIMD3<Float> { SIMD3(vector.x, vector.y, vector.z) }
    /// The real part (Apple: `var real: Float`).
    public var real: Float { vector.w }
}
