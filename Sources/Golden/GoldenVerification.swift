import Foundation
import Imaging
import Plumbing
import Vocabulary

/// The one way a golden is checked — behind `parallax compare`, suite frames, a suite's numeric golden and
/// `expectFrame`: load the golden (missing: the verdict `missing`; unreadable: `error`), compare within the
/// tolerance (`pass` or `fail`), and for a frame write the artifacts the caller asked for. Two kinds, after
/// swift-snapshot-testing's `Diffing` (a value, a way to compare, a way to show the difference): frames
/// (`RGBAImage`, `FrameComparison`, diff images and regions) and numbers (`NamedNumbers`, `NumberComparison`,
/// the names whose numbers differ).
public struct GoldenVerification {
    /// The images a verification can leave behind for a person to look at.
    public enum Artifact: String, CaseIterable, Sendable {
        case golden, actual, diff, strip
    }

    /// When the artifacts are written: for every frame (reports), or only when it does not pass (tests).
    public enum ArtifactTiming: Sendable {
        case always, unlessPassed
    }

    public struct Outcome: Sendable {
        public var verdict: Verdict
        /// The comparison, when one ran.
        public var comparison: FrameComparison?
        /// The artifacts written, by kind.
        public var artifacts: [Artifact: String]
        /// Why the frame was not compared (missing golden, size mismatch), one line.
        public var message: String?
    }

    public var tolerance: Tolerance
    /// Where each artifact goes; kinds without a path are not written.
    public var artifactPaths: [Artifact: String]
    public var timing: ArtifactTiming
    /// PNG options of the artifacts (RGB for diff and strip images).
    public var artifactOptions: [Artifact: PNGWriteOptions]

    public init(tolerance: Tolerance = Tolerance(), artifactPaths: [Artifact: String] = [:], timing: ArtifactTiming = .always,
                artifactOptions: [Artifact: PNGWriteOptions] = [:]) {
        self.tolerance = tolerance
        self.artifactPaths = artifactPaths
        self.timing = timing
        self.artifactOptions = artifactOptions
    }

    /// Artifact paths `STEM.golden.png`, `STEM.actual.png`, `STEM.diff.png`, `STEM.strip.png`.
    public static func paths(stem: String) -> [Artifact: String] {
        Dictionary(uniqueKeysWithValues: Artifact.allCases.map { ($0, "\(stem).\($0.rawValue).png") })
    }

    /// Verifies `actual` against the golden `loadGolden` returns; `GoldenError.missing` from it is the
    /// verdict `missing`, any other error `error`. Errors writing artifacts are thrown.
    public func verify(_ actual: RGBAImage, golden loadGolden: () throws -> RGBAImage,
                       goldenName: String = "golden", actualName: String = "actual") throws -> Outcome {
        var written: [Artifact: String] = [:]
        func write(_ kind: Artifact, _ image: RGBAImage) throws {
            guard let path = artifactPaths[kind] else { return }
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try PNGCodec.write(image, to: path, options: artifactOptions[kind] ?? PNGWriteOptions())
            written[kind] = path
        }
        if timing == .always { try write(.actual, actual) }
        let golden: RGBAImage
        do {
            golden = try loadGolden()
        } catch {
            if timing == .unlessPassed { try write(.actual, actual) }
            return Outcome(verdict: Self.verdict(loading: error), comparison: nil, artifacts: written, message: "\(error)")
        }
        if timing == .always { try write(.golden, golden) }
        let wantsImages = artifactPaths[.diff] != nil || artifactPaths[.strip] != nil
        var comparison: Result<FrameComparison, Error>?
        var diff: RGBAImage?
        // Reports want the diff of every frame: it is made while the metrics are computed.
        let diffInParallel = timing == .always && wantsImages && golden.width == actual.width && golden.height == actual.height
        Parallel.forEach(diffInParallel ? 2 : 1) { task in
            if task == 0 {
                comparison = Result { try FrameComparator.compare(golden: golden, actual: actual, tolerance: tolerance,
                                                                  goldenName: goldenName, actualName: actualName) }
            } else {
                diff = DiffImage.make(golden: golden, actual: actual, threshold: tolerance.maxChannelDiff)
            }
        }
        let compared: FrameComparison
        do {
            compared = try comparison!.get()
        } catch {
            if timing == .unlessPassed {
                try write(.golden, golden)
                try write(.actual, actual)
            }
            return Outcome(verdict: .error, comparison: nil, artifacts: written, message: "\(error)")
        }
        let verdict = Verdict(passed: compared.passed)
        if timing == .always || verdict != .pass {
            if timing == .unlessPassed {
                try write(.golden, golden)
                try write(.actual, actual)
            }
            if wantsImages {
                let diffImage = diff ?? DiffImage.make(golden: golden, actual: actual, threshold: tolerance.maxChannelDiff)
                try write(.diff, diffImage)
                if artifactPaths[.strip] != nil { try write(.strip, DiffImage.strip(golden: golden, actual: actual, diff: diffImage)) }
            }
        }
        return Outcome(verdict: verdict, comparison: compared, artifacts: written, message: nil)
    }

    /// Numbers against their numeric golden.
    public struct NumbersOutcome: Sendable {
        public var verdict: Verdict
        /// The comparison, when one ran.
        public var comparison: NumberComparison?
        /// Why the numbers were not compared (missing or unreadable golden), one line.
        public var message: String?
    }

    /// Verifies `actual` against the numeric golden `loadGolden` returns, by the frames' rules.
    public static func verify(_ actual: NamedNumbers, golden loadGolden: () throws -> NamedNumbers,
                              tolerance: NumberTolerance) -> NumbersOutcome {
        let golden: NamedNumbers
        do {
            golden = try loadGolden()
        } catch {
            return NumbersOutcome(verdict: verdict(loading: error), comparison: nil, message: "\(error)")
        }
        let comparison = NumberComparison(golden: golden, actual: actual, tolerance: tolerance)
        return NumbersOutcome(verdict: Verdict(passed: comparison.passed), comparison: comparison, message: nil)
    }

    /// A golden that could not be loaded: `missing` when it was never recorded, `error` when it cannot be read.
    static func verdict(loading error: Error) -> Verdict {
        if case .missing? = error as? GoldenError { return .missing }
        return .error
    }
}

extension FrameComparison {
    /// The metrics reports and baselines carry (`MetricCatalog.frame`), under their JSON names.
    public var metrics: [String: Double] {
        var metrics: [MetricDescriptor: Double] = [
            .maxChannelDiff: Double(maxChannelDiff),
            .overTolerancePixels: Double(overTolerancePixels),
            .overToleranceFraction: overToleranceFraction,
            .meanAbsoluteError: meanAbsoluteError,
        ]
        if let psnr { metrics[.psnrDb] = psnr }
        if let ssim {
            metrics[.ssimMean] = ssim.mean
            metrics[.ssimMin] = ssim.minimum
        }
        return Dictionary(uniqueKeysWithValues: metrics.map { ($0.key.name, $0.value) })
    }
}
