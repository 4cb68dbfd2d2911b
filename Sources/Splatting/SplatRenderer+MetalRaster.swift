import Foundation
import Imaging

extension SplatRenderer {
    /// One tile of the `metalsplatter` mode: for each splat back to front, ρ = (q0·dx + q1·dy, q2·dx + q3·dy) is
    /// the pixel's position in the quad's relative coordinates (3σ = 3), α = o·exp(−½|ρ|²) inside |ρ|² ≤ 9, and
    /// the premultiplied colour is blended "over" (`multiStageSplatFragmentShader`). With `halfPrecision` the
    /// interpolated ρ, |ρ|², α and every blend step are rounded to float16 and the image block starts at 0
    /// (`initializeFragmentStore`: the clear colour never shows); without, float32 over the clear colour.
    ///
    /// Early stop (`MetalEarlyStop`, on unless `options.metalEarlyStop` is false): a first pass walks the tile's
    /// splats front to back and finds, per pixel, the nearest splat index below which the remaining transmittance
    /// Π|1 − α| (float32 α of the fragments surely inside the 3σ ellipse: never below the blend's own product,
    /// up to the float16 rounding of α) is under 0.9 × `MetalEarlyStop.threshold` (what lies behind cannot move the stored byte by half a
    /// level); the blend then runs back to front over only the splats from there on, with exactly the app's
    /// arithmetic. A pixel that never gets there blends every splat, as the app does.
    static func rasterMetal(tile: TileRect, entries: UnsafeBufferPointer<UInt32>, splats: UnsafeBufferPointer<Projected>,
                            background: RGBA, drawable: SplatDrawableFormat, halfPrecision: Bool, earlyStop: Bool, width: Int,
                            pixels: UnsafeMutableBufferPointer<UInt8>) {
        let tw = tile.x1 - tile.x0, th = tile.y1 - tile.y0, count = tw * th
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 4 * tileSize * tileSize) { buffer in
            let color = buffer.baseAddress!, transmittance = color + 3 * tileSize * tileSize
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: tileSize * tileSize) { firstBuffer in
                let first = firstBuffer.baseAddress!
                first.initialize(repeating: 0, count: count)
                let start = halfPrecision ? (Float(0), Float(0), Float(0))
                    : (drawable.clearValue(background.r), drawable.clearValue(background.g), drawable.clearValue(background.b))
                for k in 0..<count {
                    color[3 * k] = start.0; color[3 * k + 1] = start.1; color[3 * k + 2] = start.2
                }
                // 1. Front to back: the first splat (in blend order) each pixel needs.
                var from = 0
                if earlyStop && entries.count > 1 {
                    var largest = max(start.0, start.1, start.2)
                    for e in entries {
                        let p = splats[Int(e)]
                        largest = max(largest, p.r, p.g, p.b)
                    }
                    // 0.9×: room for the float16 rounding of the α the blend uses (relative 2⁻¹¹ each).
                    let threshold = 0.9 * MetalEarlyStop.threshold(largestColour: largest, drawable: drawable)
                    transmittance.initialize(repeating: 1, count: count)
                    var done = 0
                    var j = entries.count - 1
                    while j >= 0 && done < count {
                        let p = splats[Int(entries[j])]
                        if let (xa, xb, ya, yb) = span(p, tile) {
                            let ellipse = RowSpans(p)
                            for y in ya..<yb {
                                let dy = Float(y) - p.my
                                let row = (y - tile.y0) * tw - tile.x0
                                let (ra, rb) = ellipse.columns(dy: dy, mx: p.mx, within: xa, xb)
                                for x in ra..<rb {
                                    let k = row + x
                                    let t = transmittance[k]
                                    if t < 0 { continue }
                                    let dx = Float(x) - p.mx
                                    let r1 = p.q0 * dx + p.q1 * dy, r2 = p.q2 * dx + p.q3 * dy
                                    let rough = r1 * r1 + r2 * r2
                                    // Only fragments surely inside (|ρ|² ≤ 8.97 stays ≤ 9 after the float16
                                    // roundings) lower T, with float32 α: T is never below the blend's.
                                    if !(rough <= 8.97) { continue }
                                    let next = t * abs(1 - Foundation.exp(-0.5 * rough) * p.opacity)
                                    if next < threshold {
                                        transmittance[k] = -1
                                        first[k] = Int32(j)
                                        done += 1
                                    } else {
                                        transmittance[k] = next
                                    }
                                }
                            }
                        }
                        j -= 1
                    }
                    // Splats below every pixel's first are never blended.
                    from = done == count ? Int(first[0]) : 0
                    if done == count { for k in 1..<count { from = min(from, Int(first[k])) } }
                }
                // 2. Back to front, each pixel from its first splat on: the app's blend.
                for j in from..<entries.count {
                    let p = splats[Int(entries[j])]
                    guard let (xa, xb, ya, yb) = span(p, tile) else { continue }
                    let index = Int32(j)
                    let ellipse = RowSpans(p)
                    for y in ya..<yb {
                        let dy = Float(y) - p.my
                        let row = (y - tile.y0) * tw - tile.x0
                        let (ra, rb) = ellipse.columns(dy: dy, mx: p.mx, within: xa, xb)
                        for x in ra..<rb {
                            let k = row + x
                            if index < first[k] { continue }
                            let alpha = fragmentAlpha(p, dx: Float(x) - p.mx, dy: dy, halfPrecision: halfPrecision)
                            if alpha < 0 { continue }
                            let c = 3 * k
                            if halfPrecision {
                                let keep = h(1 - alpha)
                                color[c] = h(h(color[c] * keep) + h(p.r * alpha))
                                color[c + 1] = h(h(color[c + 1] * keep) + h(p.g * alpha))
                                color[c + 2] = h(h(color[c + 2] * keep) + h(p.b * alpha))
                            } else {
                                let keep = 1 - alpha
                                color[c] = min(1, alpha * p.r) + keep * color[c]
                                color[c + 1] = min(1, alpha * p.g) + keep * color[c + 1]
                                color[c + 2] = min(1, alpha * p.b) + keep * color[c + 2]
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

    /// A fragment's α at offset (dx, dy) from the splat's centre, −1 outside the 3σ ellipse (|ρ|² > 9). With
    /// `halfPrecision`, ρ, |ρ|² and α are float16 and exp comes from `MetalSplatterSemantics.gaussian` (the same
    /// float32 exp of every float16 |ρ|², tabulated). NaN stays NaN (blended, as the GPU would).
    @inline(__always)
    static func fragmentAlpha(_ p: Projected, dx: Float, dy: Float, halfPrecision: Bool) -> Float {
        let r1 = p.q0 * dx + p.q1 * dy
        let r2 = p.q2 * dx + p.q3 * dy
        let rough = r1 * r1 + r2 * r2
        if halfPrecision {
            // Rounding to float16 changes |ρ|² by less than 0.3 % (four roundings of relative 2⁻¹¹), so beyond
            // 9.1 the float16 |ρ|² is above 9 too: decided without the roundings.
            if rough > 9.1 { return -1 }
            let a = h(r1), b = h(r2)
            let m = h(h(a * a) + h(b * b))
            if m > 9 { return -1 }
            return h(MetalSplatterSemantics.gaussian(m) * p.opacity)
        }
        if rough > 9 { return -1 }
        return Foundation.exp(-0.5 * rough) * p.opacity
    }

    /// Per row, the columns where a splat's |ρ|² can be ≤ 9 (float16 or not): |ρ|² = A·dx² + 2B·dx·dy + C·dy²
    /// ≤ 9.2 solved for dx (a 2 % margin over the float16 roundings and `fragmentAlpha`'s 9.1 cut), widened by a
    /// pixel each side and kept inside the tile span. Pixels outside have |ρ|² > 9.1 and no fragment, so the
    /// spans change no pixel; a splat whose quadratic is degenerate keeps the whole span.
    struct RowSpans {
        let a: Float, b: Float, det2: Float
        let usable: Bool

        @inline(__always) init(_ p: Projected) {
            a = p.q0 * p.q0 + p.q2 * p.q2
            b = p.q0 * p.q1 + p.q2 * p.q3
            // A·C − B² = det(Q)², computed directly (no cancellation).
            let det = p.q0 * p.q3 - p.q1 * p.q2
            det2 = det * det
            usable = a > 0 && a.isFinite && b.isFinite && det2.isFinite
        }

        @inline(__always) func columns(dy: Float, mx: Float, within xa: Int, _ xb: Int) -> (Int, Int) {
            guard usable else { return (xa, xb) }
            let bdy = b * dy
            // (B·dy)² − A·(C·dy² − 9.2) = 9.2·A − (A·C − B²)·dy².
            let disc = 9.2 * a - det2 * dy * dy
            if disc < 0 { return (xa, xa) }
            guard disc.isFinite else { return (xa, xb) }
            let root = disc.squareRoot()
            let lo = mx + (-bdy - root) / a, hi = mx + (-bdy + root) / a
            let from = max(xa, pixelIndex(lo.rounded(.down) - 1, in: xa, xb))
            let to = min(xb, pixelIndex(hi.rounded(.up) + 2, in: xa, xb))
            return from < to ? (from, to) : (xa, xa)
        }
    }

    /// Float16 rounding (`MetalSplatterSemantics.half`), called directly so that it inlines (a function value
    /// of it does not: a third of the frame's time went to the call).
    @inline(__always) static func h(_ v: Float) -> Float { MetalSplatterSemantics.half(v) }

}
