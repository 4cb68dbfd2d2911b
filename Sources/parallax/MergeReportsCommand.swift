import ArgumentParser
import Foundation
import Harness

struct MergeReportsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-reports",
        abstract: "Merge the parts of a sharded 'parallax run --shard i/n' into the suite's one report.",
        discussion: """
            Every part i/n of one suite at one commit must be given exactly once. Writes the report folder the \
            unsharded run writes (index.html, report.json — byte for byte the unsharded run's, run id included —, \
            junit.xml, summary.md, frames/, audit/, tune.json, tune.html, numbers.actual.json, timings.json), \
            with the budgets, the numeric golden and --baseline evaluated over the whole suite. Exit status: the \
            suite's verdict — 0 pass, 1 a regression, budget breach or missing golden, 2 bad input (parts of \
            different suites or commits, a shard missing or given twice).

            Example:
              parallax merge-reports parts/*/ --output Reports/latest --baseline baseline/report.json
            """
    )

    @Argument(help: "Part folders written by 'parallax run --shard i/n'.")
    var parts: [String]

    @Option(name: .long, help: "The merged report's folder.")
    var output: String

    @Option(name: .long, help: "An earlier run's report.json: compare every scenario and frame metric (worse, better, same, new, gone).")
    var baseline: String?

    @Flag(name: .long, inversion: .prefixedNo, help: "With --baseline: exit 1 when a metric got worse beyond its noise band (suite: baseline_bands).")
    var failOnRegression = true

    @Flag(name: .long, help: "With --baseline: compare even when the runs used different traces, smoothers, screens or scales.")
    var allowDifferentSetup = false

    @Option(name: .long, help: "Write junit.xml's attachment paths relative to this folder (default: absolute).")
    var junitRoot: String?

    @Option(name: .long, help: "Append the run's headline metrics (with commit and date) to this JSON-lines file; the report draws their trends.")
    var history: String?

    func validate() throws {
        guard !parts.isEmpty else { throw ValidationError("expected part folders (parallax run --shard i/n outputs), found none") }
    }

    func run() throws {
        var options = SuiteRun.Options(suitePath: "")
        options.output = output
        options.baseline = baseline
        options.failOnRegression = failOnRegression
        options.allowDifferentSetup = allowDifferentSetup
        options.junitRoot = junitRoot
        options.history = history
        options.progress = SuiteCommandSupport.progress()
        let outcome = try SuiteCommandSupport.report { try SuiteRun.mergeReports(parts, options: options) }
        if let failure = outcome.failure { throw failure }
    }
}
