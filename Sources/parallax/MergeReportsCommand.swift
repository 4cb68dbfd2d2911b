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

    @OptionGroup var publish: PublishOptions

    func validate() throws {
        guard !parts.isEmpty else { throw ValidationError("expected part folders (parallax run --shard i/n outputs), found none") }
    }

    func run() throws {
        var options = SuiteRun.Options(suitePath: "")
        options.output = output
        publish.apply(to: &options)
        options.progress = SuiteCommandSupport.progress()
        let outcome = try SuiteCommandSupport.report { try SuiteRun.mergeReports(parts, options: options) }
        if let failure = outcome.failure { throw failure }
    }
}
