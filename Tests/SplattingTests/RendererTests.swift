import Foundation
import Geometry
import Imaging
import Projection
import Testing
@testable import Splatting

@Suite struct RendererTests {
    /// σ = 2⁻⁷ m at the screen plane, 0.35 m from the eye: 500 px/m → σ = 3.906 px; var = σ² + 0.3.
    let sigma: Float = 0.0078125
    var pixelVariance: Double { pow(500 * Double(sigma), 2) + 0.3 }

    @Test func singleIsotropicSplatMatchesTheAnalyticGaussianInria() throws {
        let s = scene([(SIMD3(0, 0, 0), sigma, 0.5, SIMD3(1, 1, 1))])
        let frame = SplatRenderer.render(s, camera: try testCamera(), options: SplatRenderOptions(mode: .inria))
        #expect(Int(frame[16, 16].r) == inriaByte(0.5))
        for (dx, dy) in [(3, 0), (-3, 0), (0, 3), (0, -3)] {
            let expected = inriaByte(0.5 * exp(-0.5 * 9 / pixelVariance))
            let actual = Int(frame[16 + dx, 16 + dy].g)
            #expect(abs(actual - expected) <= 1, "3 px away (\(dx), \(dy)): \(actual) vs analytic \(expected)")
        }
        // Radius: ceil(3·√λmax) with λmax = var + √max(0.1, 0) ⇒ beyond it (and its tile) nothing is drawn;
        // far pixels are the background.
        #expect(frame[0, 0] == RGBA(0, 0, 0))
        #expect(frame[16, 16].r == frame[16, 16].b)
    }

    @Test func singleIsotropicSplatMetalSplatterUsesItsEigenRuleAndLinearLightOnAnSRGBDrawable() throws {
        let s = scene([(SIMD3(0, 0, 0), sigma, 0.5, SIMD3(1, 1, 1))])
        let frame = SplatRenderer.render(s, camera: try testCamera(), options: SplatRenderOptions(mode: .metalsplatter, drawable: .bgra8UnormSRGB))
        #expect(Int(frame[16, 16].r) == srgbByte(0.5))
        // Isotropic: b = 0, a = d ⇒ e1 = (0, 1) with λ1 = var + 0.1 (vertical), e2 = (1, 0) with λ2 = var − 0.1.
        let horizontal = srgbByte(0.5 * exp(-0.5 * 9 / (pixelVariance - 0.1)))
        let vertical = srgbByte(0.5 * exp(-0.5 * 9 / (pixelVariance + 0.1)))
        #expect(abs(Int(frame[19, 16].r) - horizontal) <= 1)
        #expect(abs(Int(frame[16, 19].r) - vertical) <= 1)
        // Cut at 3σ: nothing beyond the ellipse |ρ| = 3.
        let cut = Int((3 * (pixelVariance + 0.1).squareRoot()).rounded(.up)) + 1
        #expect(frame[16, 16 + cut] == RGBA(0, 0, 0))
    }

    @Test func shDegreeZeroColourIsC0TimesDcPlusHalf() throws {
        var s = SplatScene(shDegree: 0)
        let dc: [Float] = [0.7, -0.4, 1.2]
        s.append(position: SIMD3(0, 0, 0), scale: SIMD3(repeating: 0.05), rotation: SIMD4(1, 0, 0, 0), opacity: 0.5, coefficients: dc)
        let frame = SplatRenderer.render(s, camera: try testCamera(), options: SplatRenderOptions(mode: .inria))
        let expected = dc.map { inriaByte(0.5 * max(0, 0.282095 * Double($0) + 0.5)) }
        let p = frame[16, 16]
        #expect([Int(p.r), Int(p.g), Int(p.b)] == expected)
    }

    @Test func twoSplatsBlendInDepthOrderInBothModes() throws {
        // Red in front (z = −0.05), blue behind (z = −0.2), listed back first so file order is not depth order.
        let splats: [(position: SIMD3<Float>, sigma: Float, opacity: Float, color: SIMD3<Float>)] = [
            (SIMD3(0, 0, -0.2), 0.02, 0.5, SIMD3(0, 0, 1)), (SIMD3(0, 0, -0.05), 0.02, 0.5, SIMD3(1, 0, 0)),
        ]
        let inria = SplatRenderer.render(scene(splats), camera: try testCamera(), options: SplatRenderOptions(mode: .inria))
        // C = 0.5·red + 0.5·0.5·blue (centre: exp(0) = 1).
        #expect(inria[16, 16] == RGBA(UInt8(inriaByte(0.5)), 0, UInt8(inriaByte(0.25))))
        let metal = SplatRenderer.render(scene(splats), camera: try testCamera(), options: SplatRenderOptions(mode: .metalsplatter))
        // Back to front: blue then red over it; the app's bgra8Unorm drawable stores 0.5 and 0.25 as is
        // (round(127.5) = 128 to even, round(63.75) = 64).
        #expect(metal[16, 16] == RGBA(128, 0, 64))
        let srgb = SplatRenderer.render(scene(splats), camera: try testCamera(), options: SplatRenderOptions(mode: .metalsplatter, drawable: .bgra8UnormSRGB))
        #expect(srgb[16, 16] == RGBA(UInt8(srgbByte(0.5)), 0, UInt8(srgbByte(0.25))))
        let reversed = SplatRenderer.render(scene(splats.reversed()), camera: try testCamera(), options: SplatRenderOptions(mode: .inria))
        #expect(reversed == inria)
    }

    @Test func inriaCapsAlphaAndStopsEarlyMetalSplatterDoesNot() throws {
        // Three opaque white splats in front of a red one: inria caps α at 0.99 and stops before T < 1e-4.
        var splats: [(position: SIMD3<Float>, sigma: Float, opacity: Float, color: SIMD3<Float>)] = [(SIMD3(0, 0, -0.3), 0.02, 1, SIMD3(1, 0, 0))]
        for k in 0..<3 { splats.append((SIMD3(0, 0, -0.01 * Float(k)), 0.02, 1, SIMD3(0, 0, 0))) }
        let inria = SplatRenderer.render(scene(splats), camera: try testCamera(), options: SplatRenderOptions(mode: .inria, background: RGBA(255, 255, 255)))
        // After the first black splat T = 1 − 0.99; the second would make T = 0.01·0.01 < 1e-4 (in float32), so
        // the pixel stops there and the white background keeps weight 0.01 → byte 3. The red splat never shows.
        let t = Double(Float(1) - Float(0.99))
        let grey = UInt8(inriaByte(t))
        #expect(grey == 3)
        #expect(inria[16, 16] == RGBA(grey, grey, grey))
        let metal = SplatRenderer.render(scene(splats), camera: try testCamera(), options: SplatRenderOptions(mode: .metalsplatter, background: RGBA(255, 255, 255)))
        #expect(metal[16, 16] == RGBA(0, 0, 0))
    }

    @Test func framesAreIdenticalForAnyWorkSplit() throws {
        let s = SyntheticScene.make(count: 3000, seed: 5, shDegree: 2)
        let model = try ScenePlacement(flipY: true).modelMatrix(for: s, screenWidth: testScreen.width, screenHeight: testScreen.height)
        let camera = try testCamera(head: Vec3(0.05, -0.02, 0.3), width: 97, height: 131, view: .splat)
        for mode in SplatMode.allCases {
            let a = SplatRenderer.render(s, model: model, camera: camera, options: SplatRenderOptions(mode: mode, tilesPerTask: 1, splatsPerChunk: 7))
            let b = SplatRenderer.render(s, model: model, camera: camera, options: SplatRenderOptions(mode: mode, tilesPerTask: 13, splatsPerChunk: 100_000))
            #expect(a == b, "\(mode)")
            #expect(Set(a.pixels).count > 20, "\(mode): the frame has content")
        }
    }

    @Test func offAxisJacobianClampDiffersBetweenModes() throws {
        // A splat near the left edge of the frustum seen from 15 cm right of centre: the inria clamp is centred on
        // the off-axis frustum, MetalSplatter's on the optical axis, so only the latter clamps this splat.
        let s = scene([(SIMD3(-0.033, 0, -0.3), 0.01, 0.8, SIMD3(1, 1, 1))])
        let offAxis = try testCamera(head: Vec3(0.15, 0, 0.35))
        let onAxis = try testCamera()
        func covariance(_ mode: SplatMode, _ camera: SplatCamera) -> (Double, Double, Double) {
            FrameSetup(scene: s, model: .identity, camera: camera, options: SplatRenderOptions(mode: mode), tilesX: 3, tilesY: 3)
                .screenCovariance(splat: 0)!
        }
        let centred = (covariance(.inria, onAxis), covariance(.metalsplatter, onAxis))
        #expect(centred.0 == centred.1)
        let (inria, metal) = (covariance(.inria, offAxis), covariance(.metalsplatter, offAxis))
        #expect(abs(inria.0 - metal.0) / inria.0 > 0.05, "x variance inria \(inria.0) vs metalsplatter \(metal.0)")
    }

    @Test func metalSplatterDropsSplatsNearTheEyeWithTheOpenGLMatrix() throws {
        // 1.5·near from the eye: inside the OpenGL volume, outside Metal's [0, w].
        let s = scene([(SIMD3(0, 0, Float(0.35 - 0.0015)), 0.0005, 1, SIMD3(1, 1, 1))])
        let camera = try testCamera()
        #expect(SplatRenderer.render(s, camera: camera, options: SplatRenderOptions(mode: .inria))[16, 16] != RGBA(0, 0, 0))
        #expect(SplatRenderer.render(s, camera: camera, options: SplatRenderOptions(mode: .metalsplatter))[16, 16] == RGBA(0, 0, 0))
    }

    @Test func sphericalHarmonicsMatchHandComputedValues() {
        var s = SplatScene(shDegree: 3)
        var coefficients = [Float](repeating: 0, count: 48)
        for k in 0..<16 { coefficients[3 * k] = Float(k + 1) * 0.1; coefficients[3 * k + 1] = k == 0 ? 1 : 0; coefficients[3 * k + 2] = k == 3 ? 1 : 0 }
        s.append(position: .zero, scale: SIMD3(repeating: 1), rotation: SIMD4(1, 0, 0, 0), opacity: 1, coefficients: coefficients)
        // Along +x: Y1 = −C1·y = 0, Y2 = C1·z = 0, Y3 = −C1·x; Y8 = C2[4]·(xx − yy); Y13 = −0.4570…·x·(−1); Y15 = −0.5900…·x.
        let x = SphericalHarmonics.evaluate(s, splat: 0, direction: SIMD3(1, 0, 0))
        let c0 = 0.28209479177387814, c1 = 0.4886025119029199
        let expectedRed = 0.1 * c0 + 0.4 * (-c1) + 0.9 * 0.5462742152960396 + 0.7 * 0.3153915652525200 * -1
            + 1.4 * (-0.4570457994644658 * -1) + 1.6 * (-0.5900435899266435)
        #expect(abs(x.x - expectedRed) < 1e-6)
        #expect(abs(x.y - c0) < 1e-6)
        #expect(abs(x.z - (-c1)) < 1e-6)
        // Along +z: Y2 = C1, Y6 = 0.3154·2, Y12 = 0.3732·2.
        let z = SphericalHarmonics.evaluate(s, splat: 0, direction: SIMD3(0, 0, 1))
        #expect(abs(z.x - (0.1 * c0 + 0.3 * c1 + 0.7 * 0.31539156525252005 * 2 + 1.3 * 0.3731763325901154 * 2)) < 1e-6)
        // A diagonal: every term.
        let d = 1 / 3.0.squareRoot()
        let v = SphericalHarmonics.evaluate(s, splat: 0, direction: SIMD3(d, d, d))
        let (xx, xy) = (d * d, d * d)
        let terms: [Double] = [c0, -c1 * d, c1 * d, -c1 * d,
                               1.0925484305920792 * xy, -1.0925484305920792 * xy, 0.31539156525252005 * 0, -1.0925484305920792 * xy, 0,
                               -0.5900435899266435 * d * 2 * xx, 2.890611442640554 * d * d * d, -0.4570457994644658 * d * 2 * xx,
                               0.3731763325901154 * d * (-4 * xx), -0.4570457994644658 * d * 2 * xx, 0, -0.5900435899266435 * d * (-2 * xx)]
        let expected = terms.enumerated().reduce(0) { $0 + $1.element * Double($1.offset + 1) * 0.1 }
        #expect(abs(v.x - Double(Float(expected))) < 1e-6)
    }
}
