import Dispatch
import Foundation
import Imaging
import Plumbing
import Vocabulary

/// The result of comparing an actual frame with its golden: every metric, the limits that applied and
/// whether each passed.
///
/// - Per-pixel difference d = max over R, G, B, A of |golden − actual| (0…255). `histogram[d]` counts pixels.
/// - A pixel is *over tolerance* when d > `tolerance.maxChannelDiff`; regions and the diff image use the same test.
/// - Mean absolute error, MSE and PSNR are over the R, G, B channels (alpha excluded); PSNR uses data range
///   255 and is nil (infinite) when the RGB channels are identical.
/// - SSIM: see `SSIM` (luma, 11×11 Gaussian, valid windows); nil for images smaller than 11×11.
public struct FrameComparison: Sendable {
    public var width: Int
    public var height: Int
    public var tolerance: Tolerance
    public var identical: Bool
    public var maxChannelDiff: Int
    /// Pixels per difference d (index 0…255).
    public var histogram: [Int]
    /// Pixels with d > 0.
    public var differingPixels: Int
    public var overTolerancePixels: Int
    public var overToleranceFraction: Double
    public var meanAbsoluteError: Double
    public var meanSquaredError: Double
    /// PSNR in dB; nil means infinite (identical RGB).
    public var psnr: Double?
    public var ssim: SSIM.Result?
    /// Bounding boxes of the over-tolerance regions, largest first (at most `DiffRegions.maximumReported`).
    public var regions: [DiffRegion]
    /// Number of regions found (may exceed `regions.count`).
    public var regionCount: Int
    public var checks: [Check]

    public var passed: Bool { checks.allSatisfy(\.passed) }

    /// One limit applied to one metric.
    public struct Check: Sendable, Equatable {
        /// The tolerance key, e.g. `max-over-fraction`.
        public var limit: String
        /// The metric it applies to, e.g. `over_tolerance_fraction`.
        public var metric: String
        /// The measured value (nil: not available, e.g. SSIM of an image smaller than 11×11, or infinite PSNR).
        public var value: Double?
        public var bound: Double
        public var relation: Relation
        public var passed: Bool
        public var note: String?
    }
}

public enum FrameComparator {
    static let bandRows = 64  // a multiple of DiffRegions.cellSize, so each band owns whole grid rows

    /// Compares `actual` with `golden`. Sizes must match (else a `FieldError` about the size, before any comparing).
    public static func compare(golden: RGBAImage, actual: RGBAImage, tolerance: Tolerance = Tolerance(),
                               goldenName: String = "golden", actualName: String = "actual") throws -> FrameComparison {
        guard golden.width == actual.width && golden.height == actual.height else {
            throw FieldError("size", expected: "the size of \(goldenName), \(golden.width)×\(golden.height)",
                             found: "\(actual.width)×\(actual.height) (a size mismatch)", file: actualName)
        }
        let width = golden.width, height = golden.height
        let threshold = tolerance.maxChannelDiff
        let grid = DiffGrid(width: width, height: height)
        let bandCount = max(1, (height + bandRows - 1) / bandRows)
        var bands = [BandStats](repeating: BandStats(), count: bandCount)
        golden.pixels.withUnsafeBufferPointer { g in
            actual.pixels.withUnsafeBufferPointer { a in
                bands.withUnsafeMutableBufferPointer { slots in
                    Parallel.forEachBand(of: height, size: bandRows) { rows in
                        slots[rows.lowerBound / bandRows] = scan(g.baseAddress!, a.baseAddress!, width: width, rows: rows, threshold: threshold, grid: grid)
                    }
                }
            }
        }
        var total = BandStats()
        for band in bands { total.add(band) }
        let pixels = width * height
        let samples = Double(pixels * 3)
        let mse = pixels == 0 ? 0 : Double(total.sumSquared) / samples
        let ssim = SSIM.compute(golden, actual)
        let (regions, regionCount) = grid.regions()
        var comparison = FrameComparison(
            width: width, height: height, tolerance: tolerance,
            identical: total.differing == 0,
            maxChannelDiff: total.histogram.lastIndex(where: { $0 > 0 }) ?? 0,
            histogram: total.histogram,
            differingPixels: total.differing,
            overTolerancePixels: total.over,
            overToleranceFraction: pixels == 0 ? 0 : Double(total.over) / Double(pixels),
            meanAbsoluteError: pixels == 0 ? 0 : Double(total.sumAbsolute) / samples,
            meanSquaredError: mse,
            psnr: mse == 0 ? nil : 10 * log10(255.0 * 255.0 / mse),
            ssim: ssim, regions: regions, regionCount: regionCount, checks: [])
        comparison.checks = checks(for: comparison)
        return comparison
    }

    static func checks(for c: FrameComparison) -> [FrameComparison.Check] {
        let t = c.tolerance
        var checks: [FrameComparison.Check] = []
        if let bound = t.maxOverFraction {
            checks.append(.init(limit: "max-over-fraction", metric: MetricDescriptor.overToleranceFraction.name, value: c.overToleranceFraction,
                                bound: bound, relation: .atMost, passed: c.overToleranceFraction <= bound, note: nil))
        }
        if let bound = t.maxOverPixels {
            checks.append(.init(limit: "max-over-pixels", metric: MetricDescriptor.overTolerancePixels.name, value: Double(c.overTolerancePixels),
                                bound: Double(bound), relation: .atMost, passed: c.overTolerancePixels <= bound, note: nil))
        }
        let smallNote = "not applicable: image smaller than 11×11"
        if let bound = t.minSSIM {
            checks.append(.init(limit: "min-ssim", metric: MetricDescriptor.ssimMean.name, value: c.ssim?.mean, bound: bound, relation: .atLeast,
                                passed: c.ssim.map { $0.mean >= bound } ?? true, note: c.ssim == nil ? smallNote : nil))
        }
        if let bound = t.minSSIMLocal {
            checks.append(.init(limit: "min-ssim-local", metric: MetricDescriptor.ssimMin.name, value: c.ssim?.minimum, bound: bound, relation: .atLeast,
                                passed: c.ssim.map { $0.minimum >= bound } ?? true, note: c.ssim == nil ? smallNote : nil))
        }
        if let bound = t.minPSNR {
            checks.append(.init(limit: "min-psnr", metric: MetricDescriptor.psnrDb.name, value: c.psnr, bound: bound, relation: .atLeast,
                                passed: c.psnr.map { $0 >= bound } ?? true, note: c.psnr == nil ? "PSNR infinite (identical RGB)" : nil))
        }
        return checks
    }

    struct BandStats {
        var histogram = [Int](repeating: 0, count: 256)
        var sumAbsolute = 0
        var sumSquared = 0
        var over = 0
        var differing = 0

        mutating func add(_ other: BandStats) {
            for i in 0..<256 { histogram[i] += other.histogram[i] }
            sumAbsolute += other.sumAbsolute
            sumSquared += other.sumSquared
            over += other.over
            differing += other.differing
        }
    }

    private static func scan(_ g: UnsafePointer<UInt8>, _ a: UnsafePointer<UInt8>, width: Int, rows: Range<Int>,
                             threshold: Int, grid: DiffGrid) -> BandStats {
        var stats = BandStats()
        var histogram = [Int](repeating: 0, count: 256)
        var sumAbsolute = 0, sumSquared = 0, over = 0
        histogram.withUnsafeMutableBufferPointer { hist in
            for y in rows {
                let rowStart = y * width * 4
                // Fast path: identical rows contribute only to histogram[0].
                if memcmp(g + rowStart, a + rowStart, width * 4) == 0 {
                    hist[0] += width
                    continue
                }
                for x in 0..<width {
                    let i = rowStart + 4 * x
                    let dr = Int(g[i]) &- Int(a[i]), dg = Int(g[i + 1]) &- Int(a[i + 1])
                    let db = Int(g[i + 2]) &- Int(a[i + 2]), da = Int(g[i + 3]) &- Int(a[i + 3])
                    let ar = abs(dr), ag = abs(dg), ab = abs(db), aa = abs(da)
                    let d = max(max(ar, ag), max(ab, aa))
                    hist[d] += 1
                    sumAbsolute += ar + ag + ab
                    sumSquared += dr * dr + dg * dg + db * db
                    if d > threshold {
                        over += 1
                        grid.mark(x: x, y: y, difference: d)
                    }
                }
            }
        }
        stats.histogram = histogram
        stats.sumAbsolute = sumAbsolute
        stats.sumSquared = sumSquared
        stats.over = over
        stats.differing = width * rows.count - histogram[0]
        return stats
    }
}
