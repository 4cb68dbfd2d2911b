import ArgumentParser
import Foundation
import Harness
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
            """
    )

    @Argument(help: "Suite file.")
    var suite: String = "parallax.yml"

    @Option(name: .long, help: "Report folder (default: the suite's `output`).")
    var output: String?

    @Option(name: .long, help: "An earlier run's report.json: mark every metric that got worse beyond the noise band.")
    var baseline: String?

    @Option(name: .long, help: "Relative noise band for --baseline (0.05 = 5 %).")
    var noiseBand: Double = 0.05

    @Flag(name: .long, help: "Record goldens (frames and numbers) from this run instead of only comparing; refused when CI is set.")
    var record = false

    func run() throws {
        let outcome = try SuiteCommandSupport.run(suite: suite, output: output, record: record, only: nil, baseline: baseline, noiseBand: noiseBand)
        throw ExitCode(outcome.exitCode)
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
        let outcome = try SuiteCommandSupport.run(suite: suite, output: output, record: true, only: only, baseline: nil, noiseBand: 0.05)
        throw ExitCode(outcome.exitCode)
    }
}

enum SuiteCommandSupport {
    static func run(suite: String, output: String?, record: Bool, only: String?, baseline: String?, noiseBand: Double) throws -> SuiteRun.Outcome {
        var options = SuiteRun.Options(suitePath: suite)
        options.output = output
        options.record = record
        options.only = only
        options.baseline = baseline
        options.noiseBand = noiseBand
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
