import CSplatKernel
import Foundation
import Imaging

/// The pixel format of the drawable MetalSplatter renders into. The splat fragment shader outputs
/// pow(colour, 2.2) (`sRGBToLinear` in `SplatProcessing.metal`); what is stored depends on the format.
package enum SplatDrawableFormat: String, CaseIterable, Sendable {
    /// What the app uses (`SplatRenderController`: `colorFormat: .bgra8Unorm`): the blended values are stored
    /// as they are, x → round(clamp(x, 0, 1)·255), with no re-encoding — a mid-grey 0.5 is stored as 55.
    case bgra8Unorm
    /// An sRGB drawable (other apps): the blended values are treated as linear light and sRGB-encoded on
    /// store — a mid-grey 0.5 is stored as 128.
    case bgra8UnormSRGB = "bgra8Unorm_srgb"

    /// The stored byte of a blended channel value.
    @inline(__always) func store(_ value: Float) -> UInt8 {
        switch self {
        case .bgra8Unorm: return MetalSplatterSemantics.unorm8(value)
        case .bgra8UnormSRGB: return SRGB.encode(value)
        }
    }

    /// The blend's starting value of a clear-colour byte (the clear colour is given as stored bytes).
    @inline(__always) func clearValue(_ byte: UInt8) -> Float {
        switch self {
        case .bgra8Unorm: return Float(byte) / 255
        case .bgra8UnormSRGB: return SRGB.decodeTable[Int(byte)]
        }
    }
}

/// MetalSplatter 1.0.1's per-splat rules that differ from the reference rasterizer, each in one place
/// (scier/MetalSplatter, `MetalSplatter/Resources/SplatProcessing.metal` and `ShaderCommon.h`).
package enum MetalSplatterSemantics {
    /// `splatVertex`: a splat whose projected centre has |x| or |y| > 1.2·w is dropped (the guard band).
    package static let guardBand = 1.2

    /// Whether a projected centre (clip x, y, w) survives the vertex shader's guard-band test.
    @inline(__always) package static func insideGuardBand(x: Double, y: Double, w: Double) -> Bool {
        let bounds = guardBand * w
        return x >= -bounds && x <= bounds && y >= -bounds && y <= bounds
    }

    /// Round to float16 and back (round to nearest even, as Metal's float → half conversion). Equal to
    /// `Float(Float16(v))` for every input, done with integer operations on the float's bits because the
    /// Float16 conversions are software routines on baseline x86-64 (the per-splat steps call it millions of
    /// times; the tile kernel, `pxsplat_metal_tile`, converts in hardware where the CPU can).
    @inline(__always) package static func half(_ v: Float) -> Float {
        let magnitude = abs(v)
        guard magnitude.isFinite else { return v }
        if magnitude < 0x1p-14 {
            // Half subnormals: multiples of 2⁻²⁴ (scaling by powers of two is exact).
            return (v * 0x1p24).rounded(.toNearestOrEven) * 0x1p-24
        }
        // Normal halves keep 10 of the float's 23 fraction bits: round the low 13 bits to nearest even.
        let bits = v.bitPattern
        let rounded = Float(bitPattern: (bits + 0x0FFF + ((bits >> 13) & 1)) & ~0x1FFF)
        return abs(rounded) > 65504 ? (v < 0 ? -.infinity : .infinity) : rounded
    }
    /// The same for a Double taken to Float first (as MetalSplatter's float → half stores do).
    @inline(__always) package static func half(_ v: Double) -> Double { Double(half(Float(v))) }

    /// Metal's float → 8-bit unorm store: clamp to [0, 1], scale by 255, round to nearest.
    @inline(__always) package static func unorm8(_ v: Float) -> UInt8 {
        UInt8((min(max(v, 0), 1) * 255).rounded(.toNearestOrEven))
    }

    /// The vertex colour of one splat: `evaluateSH` (degree ≥ 1) or the degree-0 fast path, then
    /// `sRGBToLinear` = pow(c, 2.2) in half, and its opacity.
    ///
    /// - `coefficients`: the splat's (degree + 1)² RGB triples, DC first, as the scene stores them.
    /// - `direction`: normalize(splat − camera) in the splat's coordinates (MetalSplatter: world position minus
    ///   `cameraPosition`; with a placement the camera is taken into the scene's axes).
    /// - `halfPrecision`: MetalSplatter stores the DC term and opacity as `packed_half4` (`Splat.color`) and the
    ///   higher coefficients as `half` (`SplatChunk`); the sum runs in float, the result is converted to half,
    ///   pow runs in half. Off, everything stays float32.
    ///
    /// No clamp at 1 before pow: values above 1 are blended as they are (the drawable store clamps).
    package static func vertexColor(coefficients: UnsafePointer<Float>, degree: Int, direction: SIMD3<Double>,
                                   halfPrecision: Bool) -> SIMD3<Float> {
        @inline(__always) func stored(_ j: Int) -> SIMD3<Float> {
            let c = SIMD3(coefficients[3 * j], coefficients[3 * j + 1], coefficients[3 * j + 2])
            return halfPrecision ? SIMD3(half(c.x), half(c.y), half(c.z)) : c
        }
        let x = Float(direction.x), y = Float(direction.y), z = Float(direction.z)
        var result = Float(SphericalHarmonics.c0) * stored(0)
        if degree >= 1 {
            let c1 = Float(SphericalHarmonics.c1)
            result -= c1 * y * stored(1)
            result += c1 * z * stored(2)
            result -= c1 * x * stored(3)
        }
        if degree >= 2 {
            let xx = x * x, yy = y * y, zz = z * z, xy = x * y, yz = y * z, xz = x * z
            let c2 = SphericalHarmonics.c2.map(Float.init)
            result += c2[0] * xy * stored(4)
            result += c2[1] * yz * stored(5)
            result += c2[2] * (2 * zz - (xx + yy)) * stored(6)
            result += c2[3] * xz * stored(7)
            result += c2[4] * (xx - yy) * stored(8)
            if degree >= 3 {
                let c3 = SphericalHarmonics.c3.map(Float.init)
                let zz4 = 4 * zz - (xx + yy)
                result += c3[0] * y * (3 * xx - yy) * stored(9)
                result += c3[1] * xy * z * stored(10)
                result += c3[2] * y * zz4 * stored(11)
                result += c3[3] * z * (2 * zz - 3 * (xx + yy)) * stored(12)
                result += c3[4] * x * zz4 * stored(13)
                result += c3[5] * z * (xx - yy) * stored(14)
                result += c3[6] * x * (xx - 3 * yy) * stored(15)
            }
        }
        let display = SIMD3(max(result.x + 0.5, 0), max(result.y + 0.5, 0), max(result.z + 0.5, 0))
        guard halfPrecision else {
            return SIMD3(Foundation.pow(display.x, 2.2), Foundation.pow(display.y, 2.2), Foundation.pow(display.z, 2.2))
        }
        @inline(__always) func halfPow(_ c: Float) -> Float { half(Foundation.pow(half(c), half(Float(2.2)))) }
        return SIMD3(halfPow(display.x), halfPow(display.y), halfPow(display.z))
    }
}

extension MetalSplatterSemantics {
    /// exp(−½·m) in float32 for a float16 value m ∈ [0, 9] (the fragment shader's |ρ|² after the 3σ test): the
    /// same `Foundation.exp` of the same float argument, looked up by m's float16 bit pattern.
    static func gaussian(_ m: Float) -> Float {
        let bits = Int(Float16(m).bitPattern)
        guard m >= 0, bits < gaussianTable.count else { return Foundation.exp(-0.5 * m) }
        return gaussianTable[bits]
    }

    /// exp(−½·m) for every float16 m from +0 to 9 (bit patterns 0 … 0x4880, subnormals included), as the
    /// `metalsplatter` kernel reads it (`PXSPLAT_GAUSSIAN_ENTRIES`).
    static let gaussianTable: [Float] = (0..<Int(PXSPLAT_GAUSSIAN_ENTRIES)).map {
        Foundation.exp(-0.5 * Float(Float16(bitPattern: UInt16($0))))
    }
}
