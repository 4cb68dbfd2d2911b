import Foundation
import Imaging

extension SplatRenderer {
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
