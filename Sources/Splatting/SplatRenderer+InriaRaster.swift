import Foundation
import Imaging

extension SplatRenderer {
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
}
