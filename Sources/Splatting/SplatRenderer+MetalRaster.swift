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
    /// Π|1 − α| is under `MetalEarlyStop.threshold` (what lies behind cannot move the stored byte by half a
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
                    let threshold = MetalEarlyStop.threshold(largestColour: largest, drawable: drawable)
                    transmittance.initialize(repeating: 1, count: count)
                    var done = 0
                    var j = entries.count - 1
                    while j >= 0 && done < count {
                        let p = splats[Int(entries[j])]
                        if let (xa, xb, ya, yb) = span(p, tile) {
                            for y in ya..<yb {
                                let dy = Float(y) - p.my
                                let row = (y - tile.y0) * tw - tile.x0
                                for x in xa..<xb {
                                    let k = row + x
                                    let t = transmittance[k]
                                    if t < 0 { continue }
                                    guard let alpha = fragmentAlpha(p, dx: Float(x) - p.mx, dy: dy, halfPrecision: halfPrecision) else { continue }
                                    let keep = abs(halfPrecision ? h(1 - alpha) : 1 - alpha)
                                    let next = t * keep
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
                    for y in ya..<yb {
                        let dy = Float(y) - p.my
                        let row = (y - tile.y0) * tw - tile.x0
                        for x in xa..<xb {
                            let k = row + x
                            if index < first[k] { continue }
                            guard let alpha = fragmentAlpha(p, dx: Float(x) - p.mx, dy: dy, halfPrecision: halfPrecision) else { continue }
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

    /// A fragment's α at offset (dx, dy) from the splat's centre, nil outside the 3σ ellipse (|ρ|² > 9). With
    /// `halfPrecision`, ρ, |ρ|² and α are float16 and exp comes from `MetalSplatterSemantics.gaussian` (the same
    /// float32 exp of every float16 |ρ|², tabulated).
    @inline(__always)
    static func fragmentAlpha(_ p: Projected, dx: Float, dy: Float, halfPrecision: Bool) -> Float? {
        let r1 = p.q0 * dx + p.q1 * dy
        let r2 = p.q2 * dx + p.q3 * dy
        let rough = r1 * r1 + r2 * r2
        if halfPrecision {
            // Rounding to float16 changes |ρ|² by less than 0.3 % (four roundings of relative 2⁻¹¹), so beyond
            // 9.1 the float16 |ρ|² is above 9 too: decided without the roundings.
            if !(rough <= 9.1) { return rough.isNaN ? halfAlpha(p, r1, r2) : nil }
            return halfAlpha(p, r1, r2)
        }
        if rough > 9 { return nil }
        return Foundation.exp(-0.5 * rough) * p.opacity
    }

    /// Float16 rounding (`MetalSplatterSemantics.half`), called directly so that it inlines (a function value
    /// of it does not: a third of the frame's time went to the call).
    @inline(__always) static func h(_ v: Float) -> Float { MetalSplatterSemantics.half(v) }

    @inline(__always)
    static func halfAlpha(_ p: Projected, _ r1: Float, _ r2: Float) -> Float? {
        let a = h(r1), b = h(r2)
        let m = h(h(a * a) + h(b * b))
        if m > 9 { return nil }
        return h(MetalSplatterSemantics.gaussian(m) * p.opacity)
    }
}
