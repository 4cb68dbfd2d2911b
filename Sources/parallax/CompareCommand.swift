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
        guard goldenImage.width == actualImage.width && goldenImage.height == actualImage.height else {
            throw InputError("size mismatch: \(golden) is \(goldenImage.width)×\(goldenImage.height), \(actual) is \(actualImage.width)×\(actualImage.height); expected the same size")
        }
        // The metrics and the diff PNG (when asked for) are computed at the same time.
        var comparisonResult: Result<FrameComparison, Error> = .failure(InputError("not compared"))
        var imagesResult: Result<Void, Error> = .success(())
        let (diffPath, stripPath) = (diff, strip)
        withUnsafeMutablePointer(to: &comparisonResult) { comparisonSlot in
            withUnsafeMutablePointer(to: &imagesResult) { imagesSlot in
                nonisolated(unsafe) let comparisonOut = comparisonSlot, imagesOut = imagesSlot
                DispatchQueue.concurrentPerform(iterations: 2) { task in
                    if task == 0 {
                        comparisonOut.pointee = Result {
                            try FrameComparator.compare(golden: goldenImage, actual: actualImage, tolerance: limits,
                                                        goldenName: golden, actualName: actual)
                        }
                    } else if diffPath != nil || stripPath != nil {
                        imagesOut.pointee = Result {
                            let diffImage = DiffImage.make(golden: goldenImage, actual: actualImage, threshold: limits.maxChannelDiff)
                            let rgb = PNGWriteOptions(channels: .rgb)
                            if let diffPath { try PNGCodec.write(diffImage, to: diffPath, options: rgb) }
                            if let stripPath {
                                try PNGCodec.write(DiffImage.strip(golden: goldenImage, actual: actualImage, diff: diffImage), to: stripPath, options: rgb)
                            }
                        }
                    }
                }
            }
        }
        let comparison: FrameComparison
        do {
            comparison = try comparisonResult.get()
            try imagesResult.get()
        } catch let error as ComparisonError {
            throw InputError(error.description)
        } catch let error as ImagingError {
            throw InputError(error.description)
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
