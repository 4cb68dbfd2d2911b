import Dispatch
import Imaging
import Plumbing

/// Diff images for people: the golden dimmed to grey, with differences painted over it.
///
/// - grey: 48 + 3/8 · luma(golden) (48…143), so the scene stays recognisable but never competes with red;
/// - red (R = 128…255 by magnitude: 128 + 127·min(d, 128)/128, G = B = 0): d > the per-pixel threshold;
/// - blue tint (grey with B + 48): 0 < d ≤ threshold (differs within tolerance).
/// The strip puts golden | actual | diff side by side, separated by 8-pixel dark bars.
public enum DiffImage {
    public static let separatorWidth = 8

    public static func make(golden: RGBAImage, actual: RGBAImage, threshold: Int) -> RGBAImage {
        precondition(golden.width == actual.width && golden.height == actual.height, "diff needs images of the same size")
        let width = golden.width, height = golden.height
        var out = RGBAImage(width: width, height: height, fill: RGBA(0, 0, 0, 0))
        golden.pixels.withUnsafeBufferPointer { pg in
            actual.pixels.withUnsafeBufferPointer { pa in
                out.pixels.withUnsafeMutableBufferPointer { po in
                    let g = pg.baseAddress!, a = pa.baseAddress!, o = po.baseAddress!
                    Parallel.forEachBand(of: height, size: 64) { rows in
                        let start = rows.lowerBound * width * 4
                        let end = rows.upperBound * width * 4
                        var i = start
                        while i < end {
                            let r = Int(g[i]), gg = Int(g[i + 1]), b = Int(g[i + 2])
                            let d = max(max(abs(r - Int(a[i])), abs(gg - Int(a[i + 1]))),
                                        max(abs(b - Int(a[i + 2])), abs(Int(g[i + 3]) - Int(a[i + 3]))))
                            // Integer BT.601 luma (299, 587, 114 per mille), then 48 + 3/8 of it.
                            let grey = UInt8(48 + (3 * ((299 * r + 587 * gg + 114 * b + 500) / 1000)) / 8)
                            if d > threshold {
                                o[i] = UInt8(128 + (127 * min(d, 128) + 64) / 128); o[i + 1] = 0; o[i + 2] = 0
                            } else if d > 0 {
                                o[i] = grey; o[i + 1] = grey; o[i + 2] = grey + 48
                            } else {
                                o[i] = grey; o[i + 1] = grey; o[i + 2] = grey
                            }
                            o[i + 3] = 255
                            i += 4
                        }
                    }
                }
            }
        }
        return out
    }

    /// golden | actual | diff, side by side with dark separators; alpha is flattened to opaque.
    public static func strip(golden: RGBAImage, actual: RGBAImage, diff: RGBAImage) -> RGBAImage {
        let width = golden.width, height = golden.height, gap = separatorWidth
        var out = RGBAImage(width: 3 * width + 2 * gap, height: height, fill: RGBA(24, 24, 24, 255))
        let rowBytes = width * 4, outRow = out.width * 4
        out.pixels.withUnsafeMutableBufferPointer { o in
            for (index, image) in [golden, actual, diff].enumerated() {
                image.pixels.withUnsafeBufferPointer { p in
                    for y in 0..<height {
                        let destination = y * outRow + index * (width + gap) * 4
                        for i in 0..<rowBytes { o[destination + i] = p[y * rowBytes + i] }
                        for x in 0..<width { o[destination + 4 * x + 3] = 255 }
                    }
                }
            }
        }
        return out
    }
}
