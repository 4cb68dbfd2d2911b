import Dispatch
import Foundation
import Geometry
import Imaging
import Plumbing
import Projection

/// Which rasterizer semantics a frame follows.
public enum SplatMode: String, CaseIterable, Sendable {
    /// The reference 3D Gaussian Splatting rasterizer (the ground truth).
    case inria
    /// What the app's renderer (MetalSplatter 1.0.1) does, hazards included.
    case metalsplatter
}

/// The camera a splat frame is rendered through: view and projection (column-vector convention, see `Mat4`),
/// frame size and the projection's clip convention. The projection must be a frustum matrix
/// (row 3 = (0, 0, −1, 0), no x/y shear between axes), as the app and `OffAxisProjection` build.
public struct SplatCamera: Sendable, Equatable {
    public var view: Mat4
    public var projection: Mat4
    public var width: Int
    public var height: Int
    public var clip: ClipConvention

    public init(view: Mat4, projection: Mat4, width: Int, height: Int, clip: ClipConvention) throws {
        do {
            try FrameLimits.check(width: width, height: height)
        } catch {
            throw SplatError("camera: size: \(error.description)")
        }
        let p = projection
        guard p.isFinite, view.isFinite, p[3, 0] == 0, p[3, 1] == 0, p[3, 2] == -1, p[3, 3] == 0,
              p[0, 1] == 0, p[0, 3] == 0, p[1, 0] == 0, p[1, 3] == 0, p[0, 0] > 0, p[1, 1] > 0 else {
            throw SplatError("camera: projection: expected a finite perspective frustum matrix (last row 0, 0, -1, 0), found \(p.rowArrays)")
        }
        guard view.inverse != nil else { throw SplatError("camera: view: expected an invertible matrix") }
        self.view = view
        self.projection = projection
        self.width = width
        self.height = height
        self.clip = clip
    }

    public init(_ setup: CameraSetup, width: Int, height: Int) throws {
        try self.init(view: setup.view, projection: setup.projection, width: width, height: height, clip: setup.clip)
    }

    /// The eye in world coordinates (inverse view applied to the origin).
    public var eye: Vec3 { view.inverse!.transform(point: .zero).xyz }
}

/// Renderer settings.
public struct SplatRenderOptions: Sendable, Equatable {
    public var mode: SplatMode
    /// Background colour (sRGB-encoded bytes; alpha ignored, frames are opaque).
    public var background: RGBA
    /// `metalsplatter` only: round covariance, colour and opacity to float16 as MetalSplatter stores them, and
    /// emulate the shader's half arithmetic (quad axes, fragment alpha, the multi-stage path's blending).
    public var halfPrecision: Bool
    /// `metalsplatter` only: the drawable's pixel format (the app's is `bgra8Unorm`).
    public var drawable: SplatDrawableFormat
    /// `metalsplatter` only: the eye (world) whose squared distances order the splats — the pose of the newest
    /// completed asynchronous sort. nil: this frame's own eye.
    public var sortEye: Vec3?
    /// Work units: tiles per parallel task and splats per preprocessing chunk. Tuning knobs only: the
    /// frame never depends on them (nor on the number of threads).
    public var tilesPerTask: Int
    public var splatsPerChunk: Int
    /// Centre of the Jacobian clamp: true the off-axis frustum's centre, false the optical axis; nil the mode's
    /// own (`inria` frustum-centred, `metalsplatter` axis-centred). For the audit's jacobian-clamp check.
    public var frustumCentredClamp: Bool? = nil

    public init(mode: SplatMode = .inria, background: RGBA = RGBA(0, 0, 0), halfPrecision: Bool = true,
                tilesPerTask: Int = 4, splatsPerChunk: Int = 8192, drawable: SplatDrawableFormat = .bgra8Unorm, sortEye: Vec3? = nil) {
        self.mode = mode
        self.background = background
        self.halfPrecision = halfPrecision
        self.drawable = drawable
        self.sortEye = sortEye
        self.tilesPerTask = tilesPerTask
        self.splatsPerChunk = splatsPerChunk
    }

    /// What the frame's pixels mean, for its metadata.
    public var blendingDescription: String {
        switch mode {
        case .inria: return "colour values blended as stored (display-referred), written as 8-bit (x·255 + 0.5, clamped)"
        case .metalsplatter:
            let store = drawable == .bgra8Unorm ? "stored as is (bgra8Unorm, no re-encoding)" : "sRGB-encoded (bgra8Unorm_srgb)"
            let precision = halfPrecision ? "; float16 storage, quad axes, alpha and multi-stage blending (from black)" : "; float32 over the clear colour"
            return "colour^2.2 blended, \(store)\(precision)"
        }
    }
}

/// Statistics of one render.
public struct SplatRenderStats: Sendable, Equatable {
    public var splats: Int
    public var visible: Int
    public var tileEntries: Int

    public init(splats: Int = 0, visible: Int = 0, tileEntries: Int = 0) {
        self.splats = splats
        self.visible = visible
        self.tileEntries = tileEntries
    }
}

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
/// (`rasterMetal`). `sortEye` orders the splats by an earlier pose's distances (a stale asynchronous sort).
///
/// Work is split over cores in fixed tiles; every pixel's value depends only on the sorted splat list, so
/// frames are byte-identical for any thread count.
public enum SplatRenderer {
    public static let tileSize = 16

    /// One splat after projection (pixel-index units: pixel i's centre is at i).
    struct Projected {
        var mx: Float, my: Float
        // inria: conic (a, b, c) of the inverse covariance. metalsplatter: e1 (x, y), 1/√λ1, 1/√λ2.
        var q0: Float, q1: Float, q2: Float, q3: Float
        var opacity: Float
        var r: Float, g: Float, b: Float
        // Pixel-space half extents of the region where the splat can contribute.
        var ex: Float, ey: Float
        // Tile rectangle [tx0, tx1) × [ty0, ty1).
        var tx0: Int32, tx1: Int32, ty0: Int32, ty1: Int32
    }

    public static func render(_ scene: SplatScene, model: Mat4 = .identity, camera: SplatCamera,
                              options: SplatRenderOptions = SplatRenderOptions()) -> RGBAImage {
        render(scene, model: model, camera: camera, options: options, stats: nil)
    }

    public static func render(_ scene: SplatScene, model: Mat4, camera: SplatCamera, options: SplatRenderOptions,
                              stats: UnsafeMutablePointer<SplatRenderStats>?) -> RGBAImage {
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
        // 2. Keep the visible splats; order them (depth front to back, or distance back to front).
        var order = [UInt64]()
        order.reserveCapacity(n)
        for i in 0..<n where visibleFlags[i] { order.append(keys[i]) }
        visibleFlags = []
        keys = []
        order.sort()
        projected.reserveCapacity(order.count)
        for key in order { projected.append(all[Int(key & 0xFFFF_FFFF)]) }
        all = []
        order = []
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
        let drawable = options.drawable, halfPrecision = options.halfPrecision
        pixels.withUnsafeMutableBufferPointer { pixelBuffer in
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
                                                                 halfPrecision: halfPrecision, width: width, pixels: pixelBuffer)
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

    static func rasterInria(tile: TileRect, entries: UnsafeBufferPointer<UInt32>, splats: UnsafeBufferPointer<Projected>,
                            background: RGBA, width: Int, pixels: UnsafeMutableBufferPointer<UInt8>) {
        let tw = tile.x1 - tile.x0, th = tile.y1 - tile.y0, count = tw * th
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 4 * tileSize * tileSize) { buffer in
            let transmittance = buffer.baseAddress!, color = transmittance + tileSize * tileSize
            transmittance.initialize(repeating: 1, count: count)
            color.initialize(repeating: 0, count: 3 * count)
            var done = 0
            // A pixel is finished when its transmittance is set to −1.
            for e in entries {
                let p = splats[Int(e)]
                guard let (xa, xb, ya, yb) = span(p, tile) else { continue }
                // power below ln(1/(255·o)) means α < 1/255 (skipped); with a margin, decided without exp.
                let hopeless = -Foundation.log(255 * p.opacity) - 0.01
                for y in ya..<yb {
                    let dy = p.my - Float(y)
                    let row = (y - tile.y0) * tw - tile.x0
                    for x in xa..<xb {
                        let k = row + x
                        let t = transmittance[k]
                        if t < 0 { continue }
                        let dx = p.mx - Float(x)
                        let power = -0.5 * (p.q0 * dx * dx + p.q2 * dy * dy) - p.q1 * dx * dy
                        if power > 0 || power < hopeless { continue }
                        let alpha = min(0.99, p.opacity * Foundation.exp(power))
                        if alpha < 1 / 255 { continue }
                        let test = t * (1 - alpha)
                        if test < 0.0001 {
                            transmittance[k] = -1 - t
                            done += 1
                            continue
                        }
                        let w = alpha * t
                        color[3 * k] += p.r * w
                        color[3 * k + 1] += p.g * w
                        color[3 * k + 2] += p.b * w
                        transmittance[k] = test
                    }
                }
                if done == count { break }
            }
            let bg = SIMD3<Float>(Float(background.r), Float(background.g), Float(background.b)) / 255
            for y in tile.y0..<tile.y1 {
                for x in tile.x0..<tile.x1 {
                    let k = (y - tile.y0) * tw + (x - tile.x0)
                    var t = transmittance[k]
                    if t < 0 { t = -1 - t }
                    let o = 4 * (y * width + x)
                    pixels[o] = byte(color[3 * k] + t * bg.x)
                    pixels[o + 1] = byte(color[3 * k + 1] + t * bg.y)
                    pixels[o + 2] = byte(color[3 * k + 2] + t * bg.z)
                    pixels[o + 3] = 255
                }
            }
        }
    }

    /// x·255 + 0.5 truncated, clamped to 0…255 (the reference's image writer).
    @inline(__always) static func byte(_ v: Float) -> UInt8 {
        let c = v * 255 + 0.5
        // Written so that NaN gives 0 instead of reaching UInt8(_:).
        return c >= 255 ? 255 : (c > 0 ? UInt8(c) : 0)
    }

    /// One tile of the `metalsplatter` mode: for each splat back to front, ρ = (q0·dx + q1·dy, q2·dx + q3·dy) is
    /// the pixel's position in the quad's relative coordinates (3σ = 3), α = o·exp(−½|ρ|²) inside |ρ|² ≤ 9, and
    /// the premultiplied colour is blended "over" (`multiStageSplatFragmentShader`). With `halfPrecision` the
    /// interpolated ρ, |ρ|², α and every blend step are rounded to float16 and the image block starts at 0
    /// (`initializeFragmentStore`: the clear colour never shows); without, float32 over the clear colour.
    static func rasterMetal(tile: TileRect, entries: UnsafeBufferPointer<UInt32>, splats: UnsafeBufferPointer<Projected>,
                            background: RGBA, drawable: SplatDrawableFormat, halfPrecision: Bool, width: Int,
                            pixels: UnsafeMutableBufferPointer<UInt8>) {
        let tw = tile.x1 - tile.x0, th = tile.y1 - tile.y0, count = tw * th
        let h = MetalSplatterSemantics.half as (Float) -> Float
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 3 * tileSize * tileSize) { buffer in
            let color = buffer.baseAddress!
            let start = halfPrecision ? (Float(0), Float(0), Float(0))
                : (drawable.clearValue(background.r), drawable.clearValue(background.g), drawable.clearValue(background.b))
            for k in 0..<count {
                color[3 * k] = start.0; color[3 * k + 1] = start.1; color[3 * k + 2] = start.2
            }
            for e in entries {
                let p = splats[Int(e)]
                guard let (xa, xb, ya, yb) = span(p, tile) else { continue }
                for y in ya..<yb {
                    let dy = Float(y) - p.my
                    let row = (y - tile.y0) * tw - tile.x0
                    for x in xa..<xb {
                        let dx = Float(x) - p.mx
                        let r1 = p.q0 * dx + p.q1 * dy
                        let r2 = p.q2 * dx + p.q3 * dy
                        let k = 3 * (row + x)
                        if halfPrecision {
                            let a = h(r1), b = h(r2)
                            let m = h(h(a * a) + h(b * b))
                            if m > 9 { continue }
                            let alpha = h(Foundation.exp(-0.5 * m) * p.opacity)
                            let keep = h(1 - alpha)
                            color[k] = h(h(color[k] * keep) + h(p.r * alpha))
                            color[k + 1] = h(h(color[k + 1] * keep) + h(p.g * alpha))
                            color[k + 2] = h(h(color[k + 2] * keep) + h(p.b * alpha))
                        } else {
                            let m = r1 * r1 + r2 * r2
                            if m > 9 { continue }
                            let alpha = Foundation.exp(-0.5 * m) * p.opacity
                            let keep = 1 - alpha
                            color[k] = min(1, alpha * p.r) + keep * color[k]
                            color[k + 1] = min(1, alpha * p.g) + keep * color[k + 1]
                            color[k + 2] = min(1, alpha * p.b) + keep * color[k + 2]
                        }
                    }
                }
            }
            for y in tile.y0..<tile.y1 {
                for x in tile.x0..<tile.x1 {
                    let k = 3 * ((y - tile.y0) * tw + (x - tile.x0))
                    let o = 4 * (y * width + x)
                    pixels[o] = drawable.store(color[k])
                    pixels[o + 1] = drawable.store(color[k + 1])
                    pixels[o + 2] = drawable.store(color[k + 2])
                    pixels[o + 3] = 255
                }
            }
        }
    }
}
