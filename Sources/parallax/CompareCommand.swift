import ArgumentParser
import Golden
import Imaging
import Plumbing
import Vocabulary

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
        do { limits = try tolerance.map { try Tolerance(parsing: $0) } ?? Tolerance() } catch let error as FieldError {
            throw error.naming(flags: ["tolerance": "--tolerance"])
        }
        // Both files are decoded at the same time (one core each).
        let images = try Parallel.map(2) { try PNGCodec.read(contentsOf: [golden, actual][$0]) }
        let rgb = PNGWriteOptions(channels: .rgb)
        let verification = GoldenVerification(tolerance: limits, artifactPaths: [.diff: diff, .strip: strip].compactMapValues { $0 },
                                              artifactOptions: [.diff: rgb, .strip: rgb])
        let outcome = try verification.verify(images[1], golden: { images[0] }, goldenName: golden, actualName: actual)
        guard let comparison = outcome.comparison else { throw InputError(outcome.message ?? "not compared") }
        if json {
            print(try ComparisonReport.json(comparison, golden: golden, actual: actual, diffImage: diff, stripImage: strip))
        } else {
            print(ComparisonReport.text(comparison, golden: golden, actual: actual))
        }
        // The comparison printed above shows what is outside the tolerance.
        if !comparison.passed { throw CheckFailure() }
    }
}
