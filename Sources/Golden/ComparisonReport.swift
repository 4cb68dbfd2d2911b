import Foundation
import Plumbing
import Vocabulary

/// Text and JSON renderings of a `FrameComparison`; both show every limit that applied.
public enum ComparisonReport {
    /// A few aligned lines: the verdict, each metric with its limit and verdict, then the regions.
    public static func text(_ c: FrameComparison, golden: String, actual: String) -> String {
        var lines: [String] = []
        lines.append("\(c.passed ? "PASS" : "FAIL") \(actual) vs golden \(golden) (\(c.width)×\(c.height))")
        lines.append("  tolerance: \(c.tolerance)")
        func check(_ limit: String) -> String {
            guard let check = c.checks.first(where: { $0.limit == limit }) else { return "limit \(limit) off" }
            let symbol = check.relation.symbol
            var text = "limit \(limit) \(symbol) \(NumberText.format(check.bound))  \(check.passed ? "ok" : "FAIL")"
            if let note = check.note { text += " (\(note))" }
            return text
        }
        func row(_ name: String, _ value: String, _ limit: String) {
            let padded = name.padding(toLength: 26, withPad: " ", startingAt: 0)
            let shown = value.padding(toLength: max(value.count, 34), withPad: " ", startingAt: 0)
            lines.append("  \(padded)\(shown)\(limit)")
        }
        let fraction = String(format: "%.6f", c.overToleranceFraction)
        row("over-tolerance pixels", "\(c.overTolerancePixels) of \(c.width * c.height) (d > \(c.tolerance.maxChannelDiff))",
            check("max-over-pixels"))
        row("over-tolerance fraction", fraction, check("max-over-fraction"))
        if let ssim = c.ssim {
            row("ssim mean", String(format: "%.6f", ssim.mean), check("min-ssim"))
            row("ssim min", String(format: "%.6f at %@", ssim.minimum, ssim.minimumAt.description), check("min-ssim-local"))
        } else {
            row("ssim", "n/a (smaller than 11×11)", check("min-ssim"))
        }
        row("psnr", c.psnr.map { String(format: "%.3f dB", $0) } ?? "inf (identical RGB)", check("min-psnr"))
        row("max channel diff", "\(c.maxChannelDiff)", "per-pixel threshold max-channel-diff = \(c.tolerance.maxChannelDiff)")
        row("mean abs error (RGB)", String(format: "%.6f", c.meanAbsoluteError), "")
        row("differing pixels (d > 0)", "\(c.differingPixels)", c.identical ? "identical" : "")
        if c.regionCount > 0 {
            lines.append("  regions over tolerance: \(c.regionCount)\(c.regionCount > c.regions.count ? " (largest \(c.regions.count) listed)" : "")")
            for region in c.regions { lines.append("    \(region)") }
        }
        return lines.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }.joined(separator: "\n")
    }

    /// The JSON document (`schema` 1) with every metric under self-explaining keys.
    public static func json(_ c: FrameComparison, golden: String, actual: String, diffImage: String? = nil,
                            stripImage: String? = nil) throws -> String {
        let document = Document(
            schema: 1, golden: golden, actual: actual, width: c.width, height: c.height, passed: c.passed,
            identical: c.identical, maxChannelDiff: c.maxChannelDiff,
            maxChannelDiffHistogram: Array(c.histogram.prefix(c.maxChannelDiff + 1)),
            differingPixels: c.differingPixels, overTolerancePixels: c.overTolerancePixels,
            overToleranceFraction: c.overToleranceFraction, meanAbsoluteError: c.meanAbsoluteError,
            meanSquaredError: c.meanSquaredError, psnrDb: c.psnr, ssimMean: c.ssim?.mean, ssimMin: c.ssim?.minimum,
            ssimMinAt: c.ssim?.minimumAt, regions: c.regions, regionsTotal: c.regionCount,
            tolerance: c.tolerance,
            checks: c.checks.map { CheckDocument(limit: $0.limit, metric: $0.metric, value: $0.value, bound: $0.bound,
                                                 relation: $0.relation, passed: $0.passed, note: $0.note) },
            diffImage: diffImage, stripImage: stripImage)
        let encoder = JSONEncoder.deterministic(nonFinite: .text)
        return String(decoding: try encoder.encode(document), as: UTF8.self)
    }

    struct CheckDocument: Encodable {
        var limit: String
        var metric: String
        var value: Double?
        var bound: Double
        var relation: Relation
        var passed: Bool
        var note: String?

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(limit, forKey: .limit)
            try container.encode(metric, forKey: .metric)
            try container.encode(value, forKey: .value)  // null when not available
            try container.encode(bound, forKey: .bound)
            try container.encode(relation, forKey: .relation)
            try container.encode(passed, forKey: .passed)
            try container.encodeIfPresent(note, forKey: .note)
        }
        enum CodingKeys: String, CodingKey { case limit, metric, value, bound, relation, passed, note }
    }

    struct Document: Encodable {
        var schema: Int
        var golden: String
        var actual: String
        var width: Int
        var height: Int
        var passed: Bool
        var identical: Bool
        var maxChannelDiff: Int
        var maxChannelDiffHistogram: [Int]
        var differingPixels: Int
        var overTolerancePixels: Int
        var overToleranceFraction: Double
        var meanAbsoluteError: Double
        var meanSquaredError: Double
        var psnrDb: Double?
        var ssimMean: Double?
        var ssimMin: Double?
        var ssimMinAt: PixelPoint?
        var regions: [DiffRegion]
        var regionsTotal: Int
        var tolerance: Tolerance
        var checks: [CheckDocument]
        var diffImage: String?
        var stripImage: String?

        enum CodingKeys: String, CodingKey {
            case schema, golden, actual, width, height, passed, identical, regions, tolerance, checks
            case maxChannelDiff = "max_channel_diff"
            case maxChannelDiffHistogram = "max_channel_diff_histogram"
            case differingPixels = "differing_pixels"
            case overTolerancePixels = "over_tolerance_pixels"
            case overToleranceFraction = "over_tolerance_fraction"
            case meanAbsoluteError = "mean_absolute_error"
            case meanSquaredError = "mean_squared_error"
            case psnrDb = "psnr_db"
            case ssimMean = "ssim_mean"
            case ssimMin = "ssim_min"
            case ssimMinAt = "ssim_min_at"
            case regionsTotal = "regions_total"
            case diffImage = "diff_image"
            case stripImage = "strip_image"
        }

        // Metrics that can be unavailable are written as null (psnr_db null = infinite), never omitted.
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(schema, forKey: .schema); try c.encode(golden, forKey: .golden); try c.encode(actual, forKey: .actual)
            try c.encode(width, forKey: .width); try c.encode(height, forKey: .height); try c.encode(passed, forKey: .passed)
            try c.encode(identical, forKey: .identical); try c.encode(maxChannelDiff, forKey: .maxChannelDiff)
            try c.encode(maxChannelDiffHistogram, forKey: .maxChannelDiffHistogram)
            try c.encode(differingPixels, forKey: .differingPixels); try c.encode(overTolerancePixels, forKey: .overTolerancePixels)
            try c.encode(overToleranceFraction, forKey: .overToleranceFraction)
            try c.encode(meanAbsoluteError, forKey: .meanAbsoluteError); try c.encode(meanSquaredError, forKey: .meanSquaredError)
            try c.encode(psnrDb, forKey: .psnrDb); try c.encode(ssimMean, forKey: .ssimMean); try c.encode(ssimMin, forKey: .ssimMin)
            try c.encode(ssimMinAt, forKey: .ssimMinAt); try c.encode(regions, forKey: .regions)
            try c.encode(regionsTotal, forKey: .regionsTotal); try c.encode(tolerance, forKey: .tolerance)
            try c.encode(checks, forKey: .checks)
            try c.encodeIfPresent(diffImage, forKey: .diffImage); try c.encodeIfPresent(stripImage, forKey: .stripImage)
        }
    }
}
