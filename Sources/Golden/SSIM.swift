import Dispatch
import Foundation
import Imaging
import Plumbing

/// Structural similarity (Wang, Bovik, Sheikh & Simoncelli 2004) on BT.601 luma
/// (Y = 0.299 R + 0.587 G + 0.114 B, range 0…255), 11×11 Gaussian window with σ = 1.5 normalised to sum 1,
/// K1 = 0.01, K2 = 0.03, L = 255, population (not sample) statistics.
///
/// Border convention: "valid" windows only, as in Wang's MATLAB `ssim_index` (`filter2(…, 'valid')`): the
/// map has (W − 10) × (H − 10) entries, one per window lying wholly inside the image, and map entry (i, j)
/// belongs to image pixel (i + 5, j + 5). The mean equals scikit-image's
/// `structural_similarity(gaussian_weights=True, sigma=1.5, use_sample_covariance=False, data_range=255)`,
/// which also averages only over windows clear of its padding. Images smaller than 11×11 have no SSIM.
///
/// Computation: separable filtering on `Float` rows centred on 128 (for precision), in fixed bands of 64
/// map rows processed in parallel; each band's sum (Double) and minimum are merged in band order, so the
/// result does not depend on the number of threads.
public enum SSIM {
    public static let windowSize = 11
    public static let sigma = 1.5
    public static let k1 = 0.01
    public static let k2 = 0.03
    public static let dataRange = 255.0
    static let bandRows = 64

    public struct Result: Sendable, Equatable {
        /// Mean of the SSIM map.
        public var mean: Double
        /// Smallest value of the SSIM map (a local regression shows here even when the mean is diluted).
        public var minimum: Double
        /// Image pixel at the centre of the window with the smallest value (x, y; row 0 = top).
        public var minimumAt: PixelPoint
        /// Size of the map: (W − 10) × (H − 10).
        public var mapWidth: Int
        public var mapHeight: Int
    }

    /// The normalised 11-tap Gaussian (σ = 1.5); the 2-D window is its outer product.
    public static let kernel: [Float] = {
        let weights = (0..<windowSize).map { i -> Double in
            let d = Double(i - windowSize / 2)
            return exp(-d * d / (2 * sigma * sigma))
        }
        let total = weights.reduce(0, +)
        return weights.map { Float($0 / total) }
    }()

    /// SSIM between the luma of two images of the same size; nil when smaller than 11×11.
    public static func compute(_ a: RGBAImage, _ b: RGBAImage) -> Result? {
        precondition(a.width == b.width && a.height == b.height, "SSIM needs images of the same size")
        return a.pixels.withUnsafeBufferPointer { sa in
            b.pixels.withUnsafeBufferPointer { sb in
                let width = a.width
                return compute(width: a.width, height: a.height) { row, outA, outB in
                    lumaRow(sa.baseAddress! + row * width * 4, width: width, into: outA)
                    lumaRow(sb.baseAddress! + row * width * 4, width: width, into: outB)
                }
            }
        }
    }

    /// SSIM between two luma planes (row-major, `width × height`, values on the 0…255 scale).
    public static func compute(lumaA: [Float], lumaB: [Float], width: Int, height: Int) -> Result? {
        precondition(lumaA.count == width * height && lumaB.count == width * height, "luma planes must hold width × height values")
        return lumaA.withUnsafeBufferPointer { sa in
            lumaB.withUnsafeBufferPointer { sb in
                return compute(width: width, height: height) { row, outA, outB in
                    for x in 0..<width {
                        outA[x] = sa[row * width + x] - 128
                        outB[x] = sb[row * width + x] - 128
                    }
                }
            }
        }
    }

    /// BT.601 luma of one RGBA row, minus 128.
    @inline(__always)
    static func lumaRow(_ rgba: UnsafePointer<UInt8>, width: Int, into out: UnsafeMutablePointer<Float>) {
        for x in 0..<width {
            let r = Float(rgba[4 * x]), g = Float(rgba[4 * x + 1]), b = Float(rgba[4 * x + 2])
            out[x] = (0.299 * r + 0.587 * g + 0.114 * b) - 128
        }
    }

    private struct BandResult {
        var sum = 0.0
        var minimum = Float.infinity
        var minimumX = 0
        var minimumY = 0
    }

    /// `rows(y, a, b)` writes luma − 128 of input row y of both images.
    private static func compute(width: Int, height: Int,
                                rows: (Int, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>) -> Void) -> Result? {
        guard width >= windowSize, height >= windowSize else { return nil }
        let mapWidth = width - windowSize + 1, mapHeight = height - windowSize + 1
        let bandCount = (mapHeight + bandRows - 1) / bandRows
        var results = [BandResult](repeating: BandResult(), count: bandCount)
        results.withUnsafeMutableBufferPointer { slots in
            Parallel.forEachBand(of: mapHeight, size: bandRows) { mapRows in
                slots[mapRows.lowerBound / bandRows] = computeBand(mapRows: mapRows, width: width, mapWidth: mapWidth, rows: rows)
            }
        }
        var total = 0.0
        var best = BandResult()
        for result in results {
            total += result.sum
            if result.minimum < best.minimum { best = result }
        }
        return Result(mean: total / Double(mapWidth * mapHeight), minimum: Double(best.minimum),
                      minimumAt: PixelPoint(x: best.minimumX + windowSize / 2, y: best.minimumY + windowSize / 2),
                      mapWidth: mapWidth, mapHeight: mapHeight)
    }

    private static func computeBand(mapRows: Range<Int>, width: Int, mapWidth: Int,
                                    rows: (Int, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>) -> Void) -> BandResult {
        let n = windowSize
        // Scratch: input rows a, b and their products; a ring of n horizontally filtered rows per quantity.
        let input = UnsafeMutablePointer<Float>.allocate(capacity: 5 * width)
        let ring = UnsafeMutablePointer<Float>.allocate(capacity: 5 * n * mapWidth)
        let out = UnsafeMutablePointer<Float>.allocate(capacity: mapWidth)
        let acc = UnsafeMutablePointer<Float>.allocate(capacity: 5 * mapWidth)
        defer { input.deallocate(); ring.deallocate(); out.deallocate(); acc.deallocate() }
        let a = input, b = input + width, aa = input + 2 * width, bb = input + 3 * width, ab = input + 4 * width
        let k = kernel
        let c1 = Float((k1 * dataRange) * (k1 * dataRange)), c2 = Float((k2 * dataRange) * (k2 * dataRange))
        var result = BandResult()

        for y in mapRows.lowerBound..<(mapRows.upperBound + n - 1) {
            rows(y, a, b)
            for x in 0..<width {
                aa[x] = a[x] * a[x]; bb[x] = b[x] * b[x]; ab[x] = a[x] * b[x]
            }
            let slot = (y - mapRows.lowerBound) % n
            for q in 0..<5 {
                horizontal(input + q * width, into: ring + (q * n + slot) * mapWidth, count: mapWidth, k)
            }
            let mapY = y - (n - 1)
            guard mapY >= mapRows.lowerBound else { continue }
            // Vertical pass over the ring: window rows mapY ... mapY + 10 sit in slots (mapY - first + t) % n.
            var slots = [Int](repeating: 0, count: n)
            for t in 0..<n { slots[t] = (mapY - mapRows.lowerBound + t) % n }
            ssimRow(ring: ring, slots: slots, mapWidth: mapWidth, k: k, c1: c1, c2: c2, acc: acc, out: out)
            var rowSum = 0.0
            for x in 0..<mapWidth {
                let value = out[x]
                rowSum += Double(value)
                if value < result.minimum { result.minimum = value; result.minimumX = x; result.minimumY = mapY }
            }
            result.sum += rowSum
        }
        return result
    }

    /// out[x] = Σ_t k[t]·in[x + t], using the kernel's symmetry (k[t] = k[10 − t]).
    @inline(__always)
    private static func horizontal(_ input: UnsafeMutablePointer<Float>, into out: UnsafeMutablePointer<Float>, count: Int, _ k: [Float]) {
        let k0 = k[0], k1 = k[1], k2 = k[2], k3 = k[3], k4 = k[4], k5 = k[5]
        for x in 0..<count {
            let p = input + x
            var s = k5 * p[5]
            s += k0 * (p[0] + p[10])
            s += k1 * (p[1] + p[9])
            s += k2 * (p[2] + p[8])
            s += k3 * (p[3] + p[7])
            s += k4 * (p[4] + p[6])
            out[x] = s
        }
    }

    /// Vertical pass for each of the five quantities into `acc`, then the SSIM formula per map column.
    private static func ssimRow(ring: UnsafeMutablePointer<Float>, slots: [Int], mapWidth: Int, k: [Float],
                                c1: Float, c2: Float, acc: UnsafeMutablePointer<Float>, out: UnsafeMutablePointer<Float>) {
        let n = windowSize
        let k0 = k[0], k1 = k[1], k2 = k[2], k3 = k[3], k4 = k[4], k5 = k[5]
        for q in 0..<5 {
            let base = ring + q * n * mapWidth
            let r0 = base + slots[0] * mapWidth, r1 = base + slots[1] * mapWidth, r2 = base + slots[2] * mapWidth
            let r3 = base + slots[3] * mapWidth, r4 = base + slots[4] * mapWidth, r5 = base + slots[5] * mapWidth
            let r6 = base + slots[6] * mapWidth, r7 = base + slots[7] * mapWidth, r8 = base + slots[8] * mapWidth
            let r9 = base + slots[9] * mapWidth, r10 = base + slots[10] * mapWidth
            let dst = acc + q * mapWidth
            for x in 0..<mapWidth {
                var v = k5 * r5[x]
                v += k0 * (r0[x] + r10[x])
                v += k1 * (r1[x] + r9[x])
                v += k2 * (r2[x] + r8[x])
                v += k3 * (r3[x] + r7[x])
                v += k4 * (r4[x] + r6[x])
                dst[x] = v
            }
        }
        let fa = acc, fb = acc + mapWidth, faa = acc + 2 * mapWidth, fbb = acc + 3 * mapWidth, fab = acc + 4 * mapWidth
        for x in 0..<mapWidth {
            let ma = fa[x], mb = fb[x]
            let va = faa[x] - ma * ma, vb = fbb[x] - mb * mb, cov = fab[x] - ma * mb
            let mua = ma + 128, mub = mb + 128
            let numerator = (2 * mua * mub + c1) * (2 * cov + c2)
            let denominator = (mua * mua + mub * mub + c1) * (va + vb + c2)
            out[x] = numerator / denominator
        }
    }
}

/// A pixel position (x = column, y = row; row 0 = top).
public struct PixelPoint: Sendable, Equatable, Codable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public init(x: Int, y: Int) { self.x = x; self.y = y }
    public var description: String { "(\(x), \(y))" }
}
