import ArgumentParser
import Foundation
import Smoothing
import Tracking

struct SmoothCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "smooth",
        abstract: "Run a smoother over a trace and write the filtered trace.",
        discussion: """
            Writes t,x,y,z with the filtered positions (meters), plus the tracked column, the ground-truth columns and any extra columns of the input, unchanged. The output is written atomically; on any error nothing is written. A '# smoother: …' metadata line records the full spec (appended with '|' when the input was already smoothed: smoothing twice is the chain of both).

            Smoother specs: stage|stage…, each name:param=value,…; omitted parameters take the defaults shown.
            \(SmootherSpec.helpText)

            Examples:
              parallax smooth Traces/sway.csv --smoother ema:alpha=0.25 -o /tmp/sway-ema.csv
              parallax smooth in.csv --smoother 'one-euro:mincutoff=1,beta=10|predict:horizon=0.03' -o out.csv
            """
    )

    @Argument(help: "Input trace CSV.")
    var input: String

    @Option(name: .long, help: "Smoother spec, e.g. one-euro:mincutoff=1,beta=10,dcutoff=1 (see below).", transform: SmootherSpec.init(parsing:))
    var smoother: SmootherSpec

    @Option(name: [.short, .long], help: "Output CSV path (written atomically).")
    var output: String

    func run() throws {
        try TraceCSVWriter.write(smoother.smooth(try TraceCSVReader.read(contentsOf: input)), to: output)
    }
}
