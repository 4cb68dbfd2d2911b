import Foundation
import Geometry
import Imaging
import Testing
@testable import Splatting

/// MetalSplatter 1.0.1 semantics against closed forms (`SplatProcessing.metal`).
@Suite struct MetalSplatterSemanticsTests {
    let c1 = 0.4886025119029199

    /// One degree-1 splat at `position` (placement none) with DC 0 (display 0.5), red weighted by Y3 = −C1·x
    /// (coefficient 3 = 1) and green by Y2 = C1·z (coefficient 2 = 0.5); opacity 1, σ 4 mm.
    func shOneSplat(at position: SIMD3<Float>) -> SplatScene {
        var s = SplatScene(shDegree: 1)
        s.append(position: position, scale: SIMD3(repeating: 0.004), rotation: SIMD4(1, 0, 0, 0), opacity: 1,
                 coefficients: [0, 0, 0, 0, 0, 0, 0, 0.5, 0, 1, 0, 0])
        return s
    }

    @Test func shDegreeOneColourFollowsTheViewDirection() throws {
        let options = SplatRenderOptions(mode: .metalsplatter, halfPrecision: false)
        // Eye at (0, 0, 0.35). On axis: direction (0, 0, −1) → red 0.5, green 0.5 − 0.5·C1.
        // At x = 1 cm (pixel 16 + 5): direction (0.01, 0, −0.35)/|…| → red 0.5 − C1·dx, green 0.5 + 0.5·C1·dz.
        for (position, pixel) in [(SIMD3<Float>(0, 0, 0), 16), (SIMD3<Float>(0.01, 0, 0), 21)] {
            let frame = SplatRenderer.render(shOneSplat(at: position), camera: try testCamera(), options: options)
            let length = (0.01 * 0.01 * Double(position.x != 0 ? 1 : 0) + 0.35 * 0.35).squareRoot()
            let dx = Double(position.x) / length, dz = -0.35 / length
            let red = 0.5 - c1 * dx, green = 0.5 + 0.5 * c1 * dz
            // bgra8Unorm: pow(colour, 2.2)·α with α = 1 at the centre, stored as round(x·255).
            let expected = [red, green, 0.5].map { Int((pow($0, 2.2) * 255).rounded()) }
            let p = frame[pixel, 16]
            #expect([Int(p.r), Int(p.g), Int(p.b)] == expected, "splat at x = \(position.x)")
        }
        // Hand values on axis: 0.5^2.2 = 0.21764 → 55.50 → 55; (0.5 − 0.24430)^2.2 = 0.04956 → 12.6 → 13.
        let onAxis = SplatRenderer.render(shOneSplat(at: .zero), camera: try testCamera(), options: options)[16, 16]
        #expect(onAxis == RGBA(55, 13, 55))
    }

    @Test func vertexColourEvaluatesDegreesOneToThreeLikeTheReferenceBasis() {
        // Every coefficient 0.1·(k+1) in red: the shader's sum equals Σ c_k·Y_k of the reference basis.
        var coefficients = [Float](repeating: 0, count: 48)
        for k in 0..<16 { coefficients[3 * k] = Float(k + 1) * 0.1 }
        var s = SplatScene(shDegree: 3)
        s.append(position: .zero, scale: SIMD3(repeating: 1), rotation: SIMD4(1, 0, 0, 0), opacity: 1, coefficients: coefficients)
        let d = SIMD3<Double>(0.36, -0.48, 0.8)
        let reference = SphericalHarmonics.evaluate(s, splat: 0, direction: d).x + 0.5
        let color = coefficients.withUnsafeBufferPointer {
            MetalSplatterSemantics.vertexColor(coefficients: $0.baseAddress!, degree: 3, direction: d, halfPrecision: false)
        }
        #expect(abs(Double(color.x) - pow(max(reference, 0), 2.2)) < 1e-5)
        #expect(abs(Double(color.y) - pow(0.5, 2.2)) < 1e-6)
    }

    @Test func unormDrawableStoresPowColourTimesAlphaWithoutReEncoding() throws {
        let s = scene([(SIMD3(0, 0, 0), 0.004, 0.5, SIMD3(0.8, 0.8, 0.8))])
        let linear = pow(0.8, 2.2) * 0.5  // 0.30604
        let unorm = SplatRenderer.render(s, camera: try testCamera(), options: SplatRenderOptions(mode: .metalsplatter, halfPrecision: false))
        #expect(Int(unorm[16, 16].r) == Int((linear * 255).rounded()))
        #expect(unorm[16, 16].r == 78)
        let srgb = SplatRenderer.render(s, camera: try testCamera(),
                                        options: SplatRenderOptions(mode: .metalsplatter, halfPrecision: false, drawable: .bgra8UnormSRGB))
        #expect(Int(srgb[16, 16].r) == srgbByte(linear))
        // Mid-grey 0.5 at full opacity: 0.5^2.2·255 = 55.5 → 55 on the phone's drawable, 128 on an sRGB one.
        let grey = scene([(SIMD3(0, 0, 0), 0.004, 1, SIMD3(0.5, 0.5, 0.5))])
        #expect(SplatRenderer.render(grey, camera: try testCamera(), options: SplatRenderOptions(mode: .metalsplatter, halfPrecision: false))[16, 16].r == 55)
        #expect(SplatRenderer.render(grey, camera: try testCamera(),
                                     options: SplatRenderOptions(mode: .metalsplatter, halfPrecision: false, drawable: .bgra8UnormSRGB))[16, 16].r == 128)
        // In half precision pow runs with the half exponent 2.2h = 2.19921875: 0.5^2.19921875 = 0.217755 → 55.53 → 56.
        #expect(SplatRenderer.render(grey, camera: try testCamera(), options: SplatRenderOptions(mode: .metalsplatter))[16, 16].r == 56)
    }

    @Test func guardBandCullsCentresBeyondOnePointTwoW() throws {
        // On axis at 0.35 m, a point on the screen plane at x has clip x / w = x / 0.033. σ = 1 cm = 5 px, so the
        // quad (3σ = 15 px) reaches pixel 32 from a centre 3–4 px right of the frame.
        func splat(ndcX: Double) -> SplatScene { scene([(SIMD3(Float(ndcX * 0.033), 0, 0), 0.01, 1, SIMD3(1, 1, 1))]) }
        let camera = try testCamera()
        let metal = SplatRenderOptions(mode: .metalsplatter)
        #expect(SplatRenderer.render(splat(ndcX: 1.19), camera: camera, options: metal)[32, 16] != RGBA(0, 0, 0))
        #expect(SplatRenderer.render(splat(ndcX: 1.21), camera: camera, options: metal)[32, 16] == RGBA(0, 0, 0))
        #expect(SplatRenderer.render(splat(ndcX: 1.21), camera: camera, options: SplatRenderOptions(mode: .inria))[32, 16] != RGBA(0, 0, 0))
        // The boundary itself is inside (the shader culls x < −1.2w or x > 1.2w).
        #expect(MetalSplatterSemantics.insideGuardBand(x: 1.2 * 0.5, y: -1.2 * 0.5, w: 0.5))
        #expect(!MetalSplatterSemantics.insideGuardBand(x: 0.6000001, y: 0, w: 0.5))
        #expect(!MetalSplatterSemantics.insideGuardBand(x: 0, y: -0.6000001, w: 0.5))
    }

    @Test func staleSortBlendsInTheEarlierPosesOrder() throws {
        // Red 5 cm and blue 20 cm behind the screen, both on the axis. Sorted for this eye: blue first, red over it
        // → (0.5, 0, 0.25). Sorted for an eye behind the scene (a stale pose), blue is "nearest" → (0.25, 0, 0.5).
        let splats: [(position: SIMD3<Float>, sigma: Float, opacity: Float, color: SIMD3<Float>)] = [
            (SIMD3(0, 0, -0.2), 0.02, 0.5, SIMD3(0, 0, 1)), (SIMD3(0, 0, -0.05), 0.02, 0.5, SIMD3(1, 0, 0)),
        ]
        let camera = try testCamera()
        let fresh = SplatRenderer.render(scene(splats), camera: camera, options: SplatRenderOptions(mode: .metalsplatter, sortEye: camera.eye))
        #expect(fresh[16, 16] == RGBA(128, 0, 64))
        let stale = SplatRenderer.render(scene(splats), camera: camera, options: SplatRenderOptions(mode: .metalsplatter, sortEye: Vec3(0, 0, -1)))
        #expect(stale[16, 16] == RGBA(64, 0, 128))
    }

    @Test func halfPrecisionRoundsTheQuadAxesAndBlending() throws {
        // σ chosen so that √λ is not a float16: the half path's frame differs from float32 somewhere but
        // stays within 1 byte of it away from the cut (rounding of 11-bit mantissas).
        let s = scene([(SIMD3(0.0013, -0.0021, 0), 0.0061, 0.83, SIMD3(0.9, 0.6, 0.3))])
        let half = SplatRenderer.render(s, camera: try testCamera(), options: SplatRenderOptions(mode: .metalsplatter))
        let float = SplatRenderer.render(s, camera: try testCamera(), options: SplatRenderOptions(mode: .metalsplatter, halfPrecision: false))
        #expect(half != float)
        let differences = zip(half.pixels, float.pixels).map { abs(Int($0) - Int($1)) }
        #expect(differences.filter { $0 > 1 }.count <= 8, "only pixels at the 3σ cut may differ by more than one step")
    }
}

@Suite struct HalfRoundingTests {
    @Test func halfRoundingEqualsTheFloat16ConversionEverywhere() {
        // Every 997th float bit pattern (≈ 4.3 million values over all exponents, both signs) and the edge cases.
        var mismatches = 0
        var pattern: UInt32 = 0
        while true {
            let v = Float(bitPattern: pattern)
            let expected = Float(Float16(v)), actual = MetalSplatterSemantics.half(v)
            if !(expected.bitPattern == actual.bitPattern || (expected.isNaN && actual.isNaN)) { mismatches += 1 }
            let (next, overflow) = pattern.addingReportingOverflow(997)
            if overflow { break }
            pattern = next
        }
        #expect(mismatches == 0)
        for v: Float in [0, -0, 1, 65504, 65519.99, 65520, -65520, 0x1p-14, 0x1p-24, 0x1p-25, 0x1.8p-25, 1 + 0x1p-11, 1 + 0x1.8p-10,
                         2049, 2051, .infinity, -.infinity, .greatestFiniteMagnitude, .leastNonzeroMagnitude] {
            #expect(MetalSplatterSemantics.half(v).bitPattern == Float(Float16(v)).bitPattern, "\(v)")
        }
        #expect(MetalSplatterSemantics.half(Float.nan).isNaN)
    }
}
