import Foundation
import Geometry
import Imaging
import Projection
import Testing
import CSplatKernel
@testable import Splatting

/// The `metalsplatter` rasterizer's early stop (`MetalEarlyStop`) against the app's full back-to-front blend
/// (`metalEarlyStop: false`, every splat of every pixel), and the tabulated fragment exp against `Foundation.exp`.
@Suite struct MetalEarlyStopTests {
    @Test func gaussianTableEqualsExpForEveryFloat16UpToNine() {
        // Every float16 m in [0, 9] (bit patterns 0 … 0x4880), zero and the subnormals included.
        var checked = 0
        for bits in UInt16(0)...UInt16(0x4880) {
            let m = Float(Float16(bitPattern: bits))
            #expect(MetalSplatterSemantics.gaussian(m).bitPattern == Foundation.exp(-0.5 * m).bitPattern, "m = \(m)")
            checked += 1
        }
        #expect(checked == 0x4881)
        #expect(MetalSplatterSemantics.gaussian(9) == Foundation.exp(Float(-4.5)))
    }

    @Test func thresholdIsHalfALevelOverTheLargestColourAndTheEncodingSlope() {
        #expect(MetalEarlyStop.threshold(largestColour: 1, drawable: .bgra8Unorm) == Float(0.5 / 255))
        #expect(MetalEarlyStop.threshold(largestColour: 2, drawable: .bgra8Unorm) == Float(0.25 / 255))
        #expect(abs(MetalEarlyStop.threshold(largestColour: 1, drawable: .bgra8UnormSRGB) - Float(0.5 / 255 / 12.92)) < 1e-9)
        #expect(MetalEarlyStop.threshold(largestColour: .infinity, drawable: .bgra8Unorm) == 0)
        #expect(MetalEarlyStop.threshold(largestColour: .nan, drawable: .bgra8Unorm) == 0)
    }

    /// A dense scene (3,000 splats with every σ ×3, SH degree 2: most pixels are covered many times over, so
    /// the walk stops early almost everywhere) from three poses, float16 and float32, both drawables: the frame
    /// with the early stop differs from the full back-to-front blend by at most one level (what is dropped is
    /// under half a level, so a channel flips where its value lies near a rounding boundary: about 2 % of them
    /// here) — no channel reaches the golden tolerance's 2 levels.
    @Test(arguments: [true, false])
    func earlyStopDiffersFromTheFullBlendByAtMostOneLevel(halfPrecision: Bool) throws {
        let s = SyntheticScene.make(count: 3000, seed: 5, shDegree: 2, sizeScale: 3)
        let model = try ScenePlacement(flipY: true).modelMatrix(for: s, screenWidth: testScreen.width, screenHeight: testScreen.height)
        var compared = 0, differing = 0
        for head in [Vec3(0, 0, 0.35), Vec3(0.05, -0.02, 0.3), Vec3(-0.08, 0.04, 0.45)] {
            let camera = try testCamera(head: head, width: 97, height: 131, view: .translate)
            for drawable in SplatDrawableFormat.allCases {
                var options = SplatRenderOptions(mode: .metalsplatter, background: RGBA(40, 90, 200), halfPrecision: halfPrecision,
                                                 drawable: drawable)
                let fast = SplatRenderer.render(s, model: model, camera: camera, options: options)
                options.metalEarlyStop = false
                let full = SplatRenderer.render(s, model: model, camera: camera, options: options)
                #expect(Set(full.pixels).count > 50, "the frame has content")
                for (a, b) in zip(fast.pixels, full.pixels) {
                    let d = abs(Int(a) - Int(b))
                    #expect(d <= 1, "\(head) \(drawable)")
                    if d > 0 { differing += 1 }
                    compared += 1
                }
            }
        }
        #expect(Double(differing) / Double(compared) < 0.05, "\(differing) of \(compared) channels differ")
    }

    /// An opaque splat (α = 1 at its centre: the remaining transmittance is exactly 0) in front of a bright one:
    /// the walk stops at the front splat and the frame equals the full blend.
    @Test func anOpaqueFrontSplatHidesWhatIsBehindExactly() throws {
        let splats: [(position: SIMD3<Float>, sigma: Float, opacity: Float, color: SIMD3<Float>)] = [
            (SIMD3(0, 0, -0.3), 0.02, 1, SIMD3(1, 1, 1)), (SIMD3(0, 0, -0.01), 0.02, 1, SIMD3(0.2, 0.4, 0.6)),
        ]
        var options = SplatRenderOptions(mode: .metalsplatter)
        let fast = SplatRenderer.render(scene(splats), camera: try testCamera(), options: options)
        options.metalEarlyStop = false
        let full = SplatRenderer.render(scene(splats), camera: try testCamera(), options: options)
        #expect(fast == full)
        let front = MetalSplatterSemantics.vertexColor(
            coefficients: [SplatScene.dcCoefficient(color: 0.2), SplatScene.dcCoefficient(color: 0.4), SplatScene.dcCoefficient(color: 0.6)],
            degree: 0, direction: SIMD3(0, 0, -1), halfPrecision: true)
        #expect(fast[16, 16] == RGBA(MetalSplatterSemantics.unorm8(front.x), MetalSplatterSemantics.unorm8(front.y),
                                     MetalSplatterSemantics.unorm8(front.z)))
    }
}

/// The renderer's radix sort of `high << 32 | index` keys against the standard library's sort.
@Suite struct SplatKeySortTests {
    @Test(arguments: [0, 1, 2, 300, 5000])
    func radixSortEqualsSortForKeysInIndexOrder(count: Int) {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 &+ UInt64(count)
        var keys: [UInt64] = []
        var index: UInt64 = 0
        for _ in 0..<count {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            // Few distinct high parts (many ties, decided by the index), spread over all four bytes.
            let high = (state % 7) * 0x0101_0101 &+ (state >> 60)
            index += 1 + state % 3
            keys.append(high << 32 | index)
        }
        var sorted = keys
        SplatKeySort.sort(&sorted)
        #expect(sorted == keys.sorted())
    }

    @Test func floatDistanceKeysOrderLikeTheirFloats() {
        // Depth keys are Float bit patterns (positive) or their complements (back to front).
        let depths: [Float] = [3.5, 0.25, 1e-3, 7, 0.25, 1e6, 2]
        var keys = depths.enumerated().map { UInt64($0.element.bitPattern) << 32 | UInt64($0.offset) }
        SplatKeySort.sort(&keys)
        #expect(keys.map { Int($0 & 0xFFFF_FFFF) } == [2, 1, 4, 6, 0, 3, 5])
        var back = depths.enumerated().map { UInt64(~$0.element.bitPattern) << 32 | UInt64($0.offset) }
        SplatKeySort.sort(&back)
        #expect(back.map { Int($0 & 0xFFFF_FFFF) } == [5, 3, 0, 6, 1, 4, 2])
    }
}

/// The C tile kernel: the copy built for AVX2 + F16C (dispatched on this CPU when it has them) against the copy
/// built for the baseline target (software float16 conversions), bit for bit.
@Suite struct MetalTileKernelTests {
    @Test(arguments: [(true, Float(0)), (true, Float(0.0016)), (false, Float(0)), (false, Float(0.0016))])
    func dispatchedAndPortableKernelsGiveTheSameBits(halfPrecision: Bool, stopBelow: Float) {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> Float {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Float(state >> 40) / Float(1 << 24)
        }
        // 400 splats over a 13 × 11 edge tile at (32, 48): centres around it, axes from 0.3 to 6 px, some
        // opacities above 1 and colours above 1 (both reach the blend as they are).
        let splats: [SplatRenderer.Projected] = (0..<400).map { _ in
            let angle = 2 * Float.pi * next(), s1 = 0.3 + 5.7 * next(), s2 = 0.3 + 5.7 * next()
            let (c, s) = (Foundation.cos(angle), Foundation.sin(angle))
            return SplatRenderer.Projected(mx: 28 + 22 * next(), my: 44 + 20 * next(), q0: c / s1, q1: s / s1, q2: -s / s2, q3: c / s2,
                                           opacity: 1.1 * next(), r: 1.2 * next(), g: next(), b: next(),
                                           ex: 3.03 * max(s1, s2), ey: 3.03 * max(s1, s2), tx0: 0, tx1: 1, ty0: 0, ty1: 1)
        }
        let entries = [UInt32](0..<400)
        let tile = pxsplat_tile(x0: 32, y0: 48, x1: 45, y1: 59)
        func planes(_ kernel: (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>) -> Void) -> [UInt32] {
            var values = [Float](repeating: halfPrecision ? 0 : 0.25, count: 3 * 256)
            values.withUnsafeMutableBufferPointer { kernel($0.baseAddress!, $0.baseAddress! + 256, $0.baseAddress! + 512) }
            return values.map(\.bitPattern)
        }
        MetalSplatterSemantics.gaussianTable.withUnsafeBufferPointer { gaussian in
            splats.withUnsafeBufferPointer { splats in
                let dispatched = planes { pxsplat_metal_tile(tile, entries, 400, splats.baseAddress, gaussian.baseAddress, halfPrecision ? 1 : 0, stopBelow, $0, $1, $2) }
                let portable = planes { pxsplat_metal_tile_portable(tile, entries, 400, splats.baseAddress, gaussian.baseAddress, halfPrecision ? 1 : 0, stopBelow, $0, $1, $2) }
                #expect(dispatched == portable)
                #expect(Set(dispatched).count > 100, "the tile is blended")
            }
        }
    }
}

/// A sort computed once (`SplatOrder`, what a sequence reuses while the app's asynchronous sort runs) against the
/// frame's own sort for the same eye (`sortEye`): the same frame, bit for bit.
@Suite struct SplatOrderTests {
    @Test func aPrecomputedOrderGivesTheFrameItsOwnSortForTheSameEyeWouldGive() throws {
        let s = SyntheticScene.make(count: 2000, seed: 11, shDegree: 1, sizeScale: 2)
        let model = try ScenePlacement(flipY: true).modelMatrix(for: s, screenWidth: testScreen.width, screenHeight: testScreen.height)
        let camera = try testCamera(head: Vec3(0.03, 0.01, 0.35), width: 61, height: 97, view: .translate)
        var differ = 0
        for sortEye in [Vec3(0.03, 0.01, 0.35), Vec3(-0.2, 0.1, 0.3), Vec3(0.5, -0.4, 0.9)] {
            var options = SplatRenderOptions(mode: .metalsplatter)
            options.sortEye = sortEye
            let own = SplatRenderer.render(s, model: model, camera: camera, options: options)
            let reused = SplatRenderer.render(s, model: model, camera: camera, options: SplatRenderOptions(mode: .metalsplatter),
                                              order: SplatOrder(scene: s, model: model, eye: sortEye))
            #expect(own == reused, "\(sortEye)")
            if own != SplatRenderer.render(s, model: model, camera: camera, options: SplatRenderOptions(mode: .metalsplatter)) { differ += 1 }
        }
        #expect(differ == 2, "the two stale eyes change the frame; the frame's own eye does not")
    }
}
