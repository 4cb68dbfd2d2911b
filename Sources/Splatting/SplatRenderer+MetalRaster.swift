import CSplatKernel
import Foundation
import Imaging

extension SplatRenderer {
    /// One tile of the `metalsplatter` mode: for each splat back to front, ρ = (q0·dx + q1·dy, q2·dx + q3·dy) is
    /// the pixel's position in the quad's relative coordinates (3σ = 3), α = o·exp(−½|ρ|²) inside |ρ|² ≤ 9, and
    /// the premultiplied colour is blended "over" (`multiStageSplatFragmentShader`). With `halfPrecision` the
    /// interpolated ρ, |ρ|², α and every blend step are rounded to float16 and the image block starts at 0
    /// (`initializeFragmentStore`: the clear colour never shows); without, float32 over the clear colour.
    ///
    /// Early stop (`MetalEarlyStop`, on unless `earlyStop` is false): a first pass walks the tile's splats front
    /// to back and finds, per pixel, the splat from which on the remaining transmittance Π|keep| (keep = 1 − α as
    /// the blend rounds it) is under 0.9 × `MetalEarlyStop.threshold`: what lies behind cannot move the stored
    /// byte by half a level. The blend then runs back to front from there with exactly the app's arithmetic. A
    /// pixel that never gets there blends every splat, as the app does.
    ///
    /// The loops run in C (`pxsplat_metal_tile`), eight pixels of a tile row at a time with hardware float16
    /// conversion; the walk keeps each row's α and the blend replays them backwards (no α is computed twice).
    static func rasterMetal(tile: TileRect, entries: UnsafeBufferPointer<UInt32>, splats: UnsafeBufferPointer<Projected>,
                            background: RGBA, drawable: SplatDrawableFormat, halfPrecision: Bool, earlyStop: Bool, width: Int,
                            gaussian: UnsafeBufferPointer<Float>, pixels: UnsafeMutableBufferPointer<UInt8>) {
        let side = Int(PXSPLAT_TILE_SIDE), plane = side * side
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 3 * plane) { planes in
            let red = planes.baseAddress!, green = red + plane, blue = green + plane
            let start = halfPrecision ? (Float(0), Float(0), Float(0))
                : (drawable.clearValue(background.r), drawable.clearValue(background.g), drawable.clearValue(background.b))
            red.initialize(repeating: start.0, count: plane)
            green.initialize(repeating: start.1, count: plane)
            blue.initialize(repeating: start.2, count: plane)
            var threshold: Float = 0
            if earlyStop {
                var largest = max(start.0, start.1, start.2)
                for e in entries {
                    let p = splats[Int(e)]
                    largest = max(largest, p.r, p.g, p.b)
                }
                // 0.9×: room for the float16 roundings of the remaining blend steps.
                threshold = 0.9 * MetalEarlyStop.threshold(largestColour: largest, drawable: drawable)
            }
            pxsplat_metal_tile(pxsplat_tile(x0: Int32(tile.x0), y0: Int32(tile.y0), x1: Int32(tile.x1), y1: Int32(tile.y1)),
                               entries.baseAddress, entries.count, splats.baseAddress, gaussian.baseAddress,
                               halfPrecision ? 1 : 0, threshold, red, green, blue)
            for y in tile.y0..<tile.y1 {
                for x in tile.x0..<tile.x1 {
                    let k = (y - tile.y0) * side + (x - tile.x0)
                    let o = 4 * (y * width + x)
                    pixels[o] = drawable.store(red[k])
                    pixels[o + 1] = drawable.store(green[k])
                    pixels[o + 2] = drawable.store(blue[k])
                    pixels[o + 3] = 255
                }
            }
        }
    }
}
