import Geometry
import Imaging
import Plumbing

/// A software Gaussian-splat renderer with two semantics (`SplatMode`). Both project every splat the same
/// way:
///
/// - world position p = M·x (M = the placement's model matrix), eye-space t = V·p, view depth z = −t.z;
/// - 3D covariance Σ = R S Sᵀ Rᵀ (scene axes), eye-space W Σ Wᵀ with W the 3×3 part of V·M;
/// - EWA: Σ₂ = J W Σ Wᵀ Jᵀ with the perspective Jacobian J of the pixel mapping
///   u = W/2·(1 + P00·tx/z − P02), v = H/2·(1 − P11·ty/z + P12) (pixel centres at i + ½, row 0 on top),
///   where tx/z and ty/z inside J are clamped to ±1.3 × the frustum's half extent (1/P00, 1/P11) — around the
///   off-axis frustum's centre (P02/P00, P12/P11) in `inria` mode, around the optical axis (0, 0) in
///   `metalsplatter` mode (the app's bug);
/// - +0.3 px² on the diagonal of Σ₂.
///
/// `inria`: near/far culling by the clip convention; radius ceil(3·√λmax); 16×16 tiles; splats sorted by view
/// depth (stable: ties by index) and binned per tile; per pixel front to back α = min(0.99, o·e^power),
/// skipped when α < 1/255, stop before T < 1e-4; colour = SH(dir, degree ≤ 3) + 0.5 clamped at 0 with dir the
/// unit vector from the eye to the splat in the scene's axes; out = C + T·background; byte = x·255 + 0.5
/// truncated, clamped.
///
/// `metalsplatter`: a splat is dropped when its centre's clip z is outside Metal's [0, w] (whatever matrix
/// convention was passed — with the app's OpenGL matrix this drops splats within ≈ 2·near of the eye);
/// the 2D covariance is split by MetalSplatter's eigen rule (λ = mean ± max(0.1, √(mean² − det)),
/// e₁ = normalise(b, d − λ₂)) into a 3σ quad; a pixel inside has α = o·exp(−½|ρ|²) with ρ its coordinates in
/// σ units along e₁, e₂, and none outside |ρ| ≤ 3; all splats sorted back to front by squared distance to the
/// eye (ties by index) and blended "over" with premultiplied colour: colour = max(SH(dir) + 0.5, 0)^2.2 with SH of
/// degree ≤ 3 (`MetalSplatterSemantics.vertexColor`), no α cap, no skip, no early stop; splats whose centre lies
/// outside the ±1.2·w guard band are dropped; the result is stored as the drawable format says (`bgra8Unorm`:
/// as is; `_srgb`: sRGB-encoded). With `halfPrecision`, storage, quad axes, fragment α and blending are float16
/// (`rasterMetal`). The rasterizer finds front to back where each pixel's remaining transmittance can no longer
/// move its stored byte by half a level (`MetalEarlyStop`), keeping the fragments it met, and blends them back to
/// front (`CSplatKernel`). `sortEye` orders the splats by an earlier pose's distances (a stale asynchronous sort);
/// a `SplatOrder` computed once does the same for every frame that uses it.
///
/// Work is split over cores in fixed tiles; every pixel's value depends only on the sorted splat list, so
/// frames are byte-identical for any thread count.
package enum SplatRenderer {
    package static let tileSize = 16


    /// `order`: `metalsplatter` only, a sort computed earlier for this scene and `model` (a frame of a sequence
    /// that reuses the asynchronous sort's order); it replaces `options.sortEye` and this frame's own sort.
    package static func render(_ scene: SplatScene, model: Mat4 = .identity, camera: SplatCamera,
                              options: SplatRenderOptions = SplatRenderOptions(), order: SplatOrder? = nil) -> RGBAImage {
        render(scene, model: model, camera: camera, options: options, order: order, stats: nil)
    }

    package static func render(_ scene: SplatScene, model: Mat4, camera: SplatCamera, options: SplatRenderOptions,
                              order presorted: SplatOrder? = nil, stats: UnsafeMutablePointer<SplatRenderStats>?) -> RGBAImage {
        precondition(presorted.map { $0.count == scene.count && $0.model == model } ?? true,
                     "a splat order serves only the scene and placement it was computed for")
        let width = camera.width, height = camera.height
        let tilesX = (width + tileSize - 1) / tileSize, tilesY = (height + tileSize - 1) / tileSize
        let n = scene.count
        var projected: [Projected] = []
        var keys = [UInt64](repeating: 0, count: n)
        var visibleFlags = [Bool](repeating: false, count: n)
        let setup = FrameSetup(scene: scene, model: model, camera: camera, options: options, tilesX: tilesX, tilesY: tilesY)
        // 1. Project every splat (parallel over fixed chunks; each slot written by exactly one task).
        let chunk = max(1, options.splatsPerChunk)
        var all = [Projected](repeating: Projected(mx: 0, my: 0, q0: 0, q1: 0, q2: 0, q3: 0, opacity: 0, r: 0, g: 0, b: 0,
                                                   ex: 0, ey: 0, tx0: 0, tx1: 0, ty0: 0, ty1: 0), count: n)
        all.withUnsafeMutableBufferPointer { out in
            keys.withUnsafeMutableBufferPointer { keyOut in
                visibleFlags.withUnsafeMutableBufferPointer { flagOut in
                    scene.positions.withUnsafeBufferPointer { _ in
                        Parallel.forEachBand(of: n, size: chunk) { range in
                            setup.project(range: range, out: out, keys: keyOut, visible: flagOut)
                        }
                    }
                }
            }
        }
        // 2. Keep the visible splats; order them (depth front to back, or distance back to front), or take them
        //    in a given order.
        if let presorted, options.mode == .metalsplatter {
            projected.reserveCapacity(n)
            for i in presorted.indices where visibleFlags[Int(i)] { projected.append(all[Int(i)]) }
        } else {
            var order = [UInt64]()
            order.reserveCapacity(n)
            for i in 0..<n where visibleFlags[i] { order.append(keys[i]) }
            SplatKeySort.sort(&order)
            projected.reserveCapacity(order.count)
            for key in order { projected.append(all[Int(key & 0xFFFF_FFFF)]) }
        }
        visibleFlags = []
        keys = []
        all = []
        // 3. Bin into tiles in that order (each tile's list is therefore sorted, stably).
        let tileCount = tilesX * tilesY
        var offsets = [Int](repeating: 0, count: tileCount + 1)
        for p in projected {
            for ty in Int(p.ty0)..<Int(p.ty1) {
                for tx in Int(p.tx0)..<Int(p.tx1) { offsets[ty * tilesX + tx + 1] += 1 }
            }
        }
        for t in 0..<tileCount { offsets[t + 1] += offsets[t] }
        var lists = [UInt32](repeating: 0, count: offsets[tileCount])
        var cursor = Array(offsets[0..<tileCount])
        for (index, p) in projected.enumerated() {
            for ty in Int(p.ty0)..<Int(p.ty1) {
                for tx in Int(p.tx0)..<Int(p.tx1) {
                    let t = ty * tilesX + tx
                    lists[cursor[t]] = UInt32(index)
                    cursor[t] += 1
                }
            }
        }
        cursor = []
        stats?.pointee = SplatRenderStats(splats: n, visible: projected.count, tileEntries: lists.count)
        // 4. Rasterise tiles in parallel.
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let perTask = max(1, options.tilesPerTask)
        let mode = options.mode
        let bg = options.background
        let drawable = options.drawable, halfPrecision = options.halfPrecision, earlyStop = options.metalEarlyStop
        pixels.withUnsafeMutableBufferPointer { pixelBuffer in
            MetalSplatterSemantics.gaussianTable.withUnsafeBufferPointer { gaussian in
            projected.withUnsafeBufferPointer { splats in
                lists.withUnsafeBufferPointer { lists in
                    offsets.withUnsafeBufferPointer { offsets in
                        Parallel.forEachBand(of: tileCount, size: perTask) { tiles in
                            for t in tiles {
                                let x0 = (t % tilesX) * tileSize, y0 = (t / tilesX) * tileSize
                                let tile = TileRect(x0: x0, y0: y0, x1: min(width, x0 + tileSize), y1: min(height, y0 + tileSize))
                                let entries = UnsafeBufferPointer(rebasing: lists[offsets[t]..<offsets[t + 1]])
                                switch mode {
                                case .inria: rasterInria(tile: tile, entries: entries, splats: splats, background: bg, width: width, pixels: pixelBuffer)
                                case .metalsplatter: rasterMetal(tile: tile, entries: entries, splats: splats, background: bg, drawable: drawable,
                                                                 halfPrecision: halfPrecision, earlyStop: earlyStop, width: width,
                                                                 gaussian: gaussian, pixels: pixelBuffer)
                                }
                            }
                        }
                    }
                }
            }
            }
        }
        var image = RGBAImage(width: width, height: height)
        image.pixels = pixels
        return image
    }
}

extension SplatRenderer {
    /// A tile's pixels: columns x0..<x1, rows y0..<y1.
    struct TileRect {
        var x0: Int, y0: Int, x1: Int, y1: Int
    }

    /// The pixel range of a splat's region inside a tile.
    @inline(__always)
    static func span(_ p: Projected, _ tile: TileRect) -> (Int, Int, Int, Int)? {
        let xa = pixelIndex((p.mx - p.ex).rounded(.down) - 1, in: tile.x0, tile.x1)
        let xb = pixelIndex((p.mx + p.ex).rounded(.up) + 2, in: tile.x0, tile.x1)
        let ya = pixelIndex((p.my - p.ey).rounded(.down) - 1, in: tile.y0, tile.y1)
        let yb = pixelIndex((p.my + p.ey).rounded(.up) + 2, in: tile.y0, tile.y1)
        return xa < xb && ya < yb ? (xa, xb, ya, yb) : nil
    }

    /// `v` clamped to lo…hi as an index. Compared as a float first, so that a huge, infinite or NaN value
    /// (NaN gives lo) never reaches `Int(_:)`, which would trap.
    @inline(__always)
    static func pixelIndex(_ v: Float, in lo: Int, _ hi: Int) -> Int {
        if !(v > Float(lo)) { return lo }
        if !(v < Float(hi)) { return hi }
        return Int(v)
    }
}
