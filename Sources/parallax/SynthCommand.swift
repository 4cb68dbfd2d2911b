import ArgumentParser
import Foundation
import Geometry
import Plumbing
import Tracking

struct SynthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synth",
        abstract: "Synthesize a noisy head trace with ground truth (seeded, reproducible).",
        discussion: """
            Either one motion model from flags, or a spec file (YAML or JSON) with a sequence of segments.
            Flags given with --spec override the spec's values. Same spec + seed → byte-identical CSV.

            Models: \(MotionModel.allCases.map(\.rawValue).joined(separator: ", ")).
            Noise defaults are estimates (Apple publishes no TrueDepth head-position noise figure); see
            Traces/README.md.

            Examples:
              parallax synth --model sway --duration 30 --seed 7 -o Traces/sway.csv
              parallax synth --spec Traces/glance.yml -o /tmp/glance.csv
              parallax synth --model still --duration 10 --no-noise --print-spec
            """
    )

    @Option(name: .long, help: "Motion model for a single-segment trace.")
    var model: MotionModel?

    @Option(name: .long, help: "Spec file (.yml/.yaml or .json).")
    var spec: String?

    @Option(name: .long, help: "Duration in seconds (default 30 for --model).")
    var duration: Double?

    @Option(name: .long, help: "Random seed.")
    var seed: UInt64?

    @Option(name: .long, help: "Update rate in Hz (default 60).")
    var rate: Double?

    @Option(name: .long, help: "Start position x,y,z in meters (default 0,0,0.35).", transform: Vec3.init(parsing:))
    var start: Vec3?

    @Flag(name: .long, help: "No sensor noise, dropouts or timing jitter: measured = truth.")
    var noNoise = false

    @Option(name: .long, help: "Gaussian noise σ per axis at 0.35 m, x,y,z in meters.", transform: Vec3.init(parsing:))
    var sigma: Vec3?

    @Option(name: .long, help: "Sensor latency in seconds.")
    var latency: Double?

    @Option(name: .long, help: "Dropout bursts per second.")
    var dropoutRate: Double?

    @Option(name: .long, help: "σ of the timestamp jitter in seconds.")
    var timingJitter: Double?

    @Option(name: .long, help: "Systematic depth scale error as a fraction (0.03 = +3 %).")
    var depthScaleError: Double?

    @Option(name: [.short, .long], help: "Output CSV path (written atomically).")
    var output: String?

    @Flag(name: .long, help: "Print the effective spec as JSON and exit.")
    var printSpec = false

    func validate() throws {
        if model == nil && spec == nil { throw ValidationError("give --model NAME or --spec FILE") }
        if model != nil && spec != nil { throw ValidationError("give either --model or --spec, not both") }
        if output == nil && !printSpec { throw ValidationError("give -o FILE (or --print-spec)") }
    }

    func run() throws {
        let overrides = TraceSpecOverrides(duration: duration, seed: seed, rate: rate, start: start, noNoise: noNoise, sigma: sigma,
                                           latency: latency, dropoutRate: dropoutRate, timingJitter: timingJitter,
                                           depthScaleError: depthScaleError)
        let given = try spec.map { try SpecFile.load(TraceSpec.self, from: $0) } ?? TraceSpec(motion: [MotionSegment(model: model!, duration: 30)], device: DeviceMotionSpec(), head: HeadOrientationSpec())
        let traceSpec = try given.applying(overrides)
        if printSpec {
            print(try traceSpec.json())
        } else {
            try TraceSynthesizer.synthesize(traceSpec, to: output!)
        }
    }
}

extension MotionModel: ExpressibleByArgument {}
