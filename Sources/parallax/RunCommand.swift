import ArgumentParser
import Foundation
import Harness
import Plumbing
import Reporting

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a suite: traces × smoothers × screens × scales, frames against goldens, budgets; write the report.",
        discussion: """
            Writes Reports/<name>/ (the suite's `output`, or --output): index.html (opens from disk), \
            report.json (schema 1), junit.xml, summary.md (for $GITHUB_STEP_SUMMARY) and frames/. Exit status: \
            0 every comparison and budget holds, 1 a regression, budget breach or missing golden, 2 bad input.

            Examples:
              parallax run                                  # parallax.yml → Reports/latest/
              parallax run ci.yml --output Reports/pr-123 --baseline Reports/main/report.json
              parallax run --baseline old/report.json --no-fail-on-regression   # only mark the changes
            """
    )

    @Argument(help: "Suite file.")
    var suite: String = "parallax.yml"

    @Option(name: .long, help: "Report folder (default: the suite's `output`).")
    var output: String?

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

    @Flag(name: .long, help: "Record goldens (frames and numbers) from this run instead of only comparing; refused when CI is set.")
    var record = false

    func run() throws {
        var options = SuiteRun.Options(suitePath: suite)
        options.output = output
        options.record = record
        options.baseline = baseline
        options.failOnRegression = failOnRegression
        options.allowDifferentSetup = allowDifferentSetup
        options.junitRoot = junitRoot
        options.history = history
        let outcome = try SuiteCommandSupport.run(options)
        if let failure = outcome.failure { throw failure }
    }
}

struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Write the goldens of a suite (frames and the numeric golden) from a run. Refused when CI is set.",
        discussion: """
            Look at the frames first (Reports/latest/frames/*.actual.png): a golden is evidence only once a person \
            has checked it. Writes are atomic, each PNG with a sidecar JSON of the parameters that produced it.

            Examples:
              parallax record                          # every golden of parallax.yml
              parallax record parallax.yml --only cube/center
            """
    )

    @Argument(help: "Suite file.")
    var suite: String = "parallax.yml"

    @Option(name: .long, help: "Only frames whose name starts with this (the numeric golden is then left alone).")
    var only: String?

    @Option(name: .long, help: "Report folder (default: the suite's `output`).")
    var output: String?

    func run() throws {
        var options = SuiteRun.Options(suitePath: suite)
        options.output = output
        options.record = true
        options.only = only
        let outcome = try SuiteCommandSupport.run(options)
        if let failure = outcome.failure { throw failure }
    }
}

enum SuiteCommandSupport {
    static func run(_ options: SuiteRun.Options) throws -> SuiteRun.Outcome {
        var options = options
        let terminal = isatty(STDERR_FILENO) == 1
        var step = 0
        options.progress = { message in
            step += 1
            if terminal {
                FileHandle.standardError.write(Data("\r\u{1B}[K[\(step)] \(message.prefix(100))".utf8))
            } else {
                FileHandle.standardError.write(Data("[\(step)] \(message)\n".utf8))
            }
        }
        let outcome: SuiteRun.Outcome
        do {
            outcome = try SuiteRun.run(options)
        } catch {
            if terminal { FileHandle.standardError.write(Data("\n".utf8)) }
            throw error
        }
        if terminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        print(outcome.summary(githubActions: ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] != nil), terminator: "")
        return outcome
    }
}
