import ArgumentParser
import Dispatch
import Foundation
import Golden
import Imaging

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare a frame with its golden PNG: over-tolerance pixels, SSIM, PSNR, regions, diff image.",
        discussion: """
            A pixel differs when its largest channel difference (R, G, B or A) exceeds max-channel-diff.
            Limits not named in --tolerance keep their defaults: \(Tolerance())
            (`off` disables a limit; min-ssim applies to the SSIM mean, min-ssim-local to the SSIM map minimum).
            Exit status: 0 within tolerance, 1 outside, 2 bad input (unreadable/corrupt PNG, size mismatch, bad spec).
            The diff image (golden dimmed to grey, over-tolerance pixels red by magnitude, within-tolerance
            differences blue-tinted) is written only when --diff is given; --strip writes golden | actual | diff.

            Examples:
              parallax compare Tests/Goldens/cube/center.png /tmp/center.png
              parallax compare golden.png actual.png --tolerance 'max-channel-diff=2,max-over-fraction=0.0005,min-ssim=0.98' --diff /tmp/diff.png --json
            """
    )

    @Argument(help: "Golden PNG.")
    var golden: String

    @Argument(help: "Actual PNG.")
    var actual: String

    @Option(name: .long, help: "Tolerance spec, e.g. 'max-channel-diff=2,max-over-fraction=0.0005,min-ssim=0.98'.")
    var tolerance: String?

    @Option(name: .long, help: "Write the diff image (PNG) here.")
    var diff: String?

    @Option(name: .long, help: "Write a golden | actual | diff strip (PNG) here.")
    var strip: String?

    @Flag(name: .long, help: "Print the result as JSON.")
    var json = false

    func run() throws {
        let limits: Tolerance
        do {
            limits = try tolerance.map { try Tolerance(parsing: $0) } ?? Tolerance()
        } catch let error as ToleranceError {
            throw InputError("--tolerance: \(error)")
        }
        let (goldenImage, actualImage) = try decodeBoth()
        let comparison: FrameComparison
        do {
            comparison = try FrameComparator.compare(golden: goldenImage, actual: actualImage, tolerance: limits,
                                                     goldenName: golden, actualName: actual)
        } catch let error as ComparisonError {
            throw InputError(error.description)
        }
        if diff != nil || strip != nil {
            let diffImage = DiffImage.make(golden: goldenImage, actual: actualImage, threshold: limits.maxChannelDiff)
            let rgb = PNGWriteOptions(channels: .rgb)
            if let diff { try PNGCodec.write(diffImage, to: diff, options: rgb) }
            if let strip {
                try PNGCodec.write(DiffImage.strip(golden: goldenImage, actual: actualImage, diff: diffImage), to: strip, options: rgb)
            }
        }
        if json {
            print(try ComparisonReport.json(comparison, golden: golden, actual: actual, diffImage: diff, stripImage: strip))
        } else {
            print(ComparisonReport.text(comparison, golden: golden, actual: actual))
        }
        if !comparison.passed { throw ExitCode(1) }
    }

    /// Both files are decoded at the same time (one core each).
    private func decodeBoth() throws -> (RGBAImage, RGBAImage) {
        var results: [Result<RGBAImage, Error>] = [.failure(InputError("not decoded")), .failure(InputError("not decoded"))]
        let paths = [golden, actual]
        results.withUnsafeMutableBufferPointer { slots in
            nonisolated(unsafe) let output = slots
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                output[index] = Result { try PNGCodec.read(contentsOf: paths[index]) }
            }
        }
        do {
            return (try results[0].get(), try results[1].get())
        } catch let error as ImagingError {
            throw InputError(error.description)
        }
    }
}
