import ArgumentParser
import Foundation
import Tuning

struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Combine the parts of a sharded 'parallax tune' into the full result.",
        discussion: """
            Every part i/n of one sweep (same setup, same traces) must be given exactly once; the result — Pareto fronts, recommendation and, for multi-parameter filters, the Nelder–Mead refinement (which re-reads the trace files named in the parts) — is byte for byte the unsharded run's tune.json. tune.html is written beside it.

            Example:
              parallax merge parts/tune.part-*.json -o tune.json
            """
    )

    @Argument(help: "Part files written by 'parallax tune --shard i/n'.")
    var parts: [String]

    @Option(name: [.short, .long], help: "Output JSON.")
    var output = "tune.json"

    @Flag(name: .long, help: "Print the result JSON to stdout instead of the text summary.")
    var json = false

    func validate() throws {
        guard !parts.isEmpty else { throw ValidationError("expected part files (tune --shard i/n outputs), found none") }
    }

    func run() throws {
        try report(try Tuner.merge(partFiles: parts, output: output), json: json)
    }
}
