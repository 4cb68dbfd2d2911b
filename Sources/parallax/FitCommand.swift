import Analysis
import ArgumentParser
import Foundation

struct FitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fit",
        abstract: "Fit the synthetic sensor model to a recording (no ground truth needed) and write a synthesis spec.",
        discussion: """
            Fits the rate, timing jitter, dropped frames, per-axis noise σ at the recording's median distance (with
            the distance exponent when the recording spans enough depth), outlier rate and size, and dropout
            rate and length; prints them with 95 % intervals. The sensor latency is not observable without
            ground truth: it is kept at --latency. Writes a TraceSpec (YAML) that 'parallax synth --spec' reads:
            the fitted noise with a motion plan of 10 s still then sway over the recording's lateral extent.

            Examples:
              parallax fit rec.csv -o device.yml
              parallax synth --spec device.yml -o device-synth.csv
            """
    )

    @Argument(help: "Trace CSV (e.g. from 'parallax import').")
    var input: String

    @Option(name: .shortAndLong, help: "Output spec (YAML).")
    var output: String

    @Option(name: .long, help: "Sensor latency to write into the spec, s (not observable; default 0).")
    var latency: Double = 0

    @Option(name: .long, help: "Seed of the written spec.")
    var seed: UInt64 = 1

    func validate() throws {
        guard latency.isFinite && latency >= 0 && latency <= 1 else { throw ValidationError("--latency: expected a latency in [0, 1] s, found \(latency)") }
    }

    func run() throws {
        let fit = try NoiseFit.fit(contentsOf: input, latency: latency, seed: seed, writingSpecTo: output)
        print(input)
        for line in fit.summaryLines { print("  " + line) }
        print("  → \(output)")
    }
}
