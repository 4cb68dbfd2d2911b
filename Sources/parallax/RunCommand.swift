import ArgumentParser
import Foundation
import Harness
import Reporting
import Tuning
import Vocabulary

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

            --baseline compares every scenario metric, frame metric and audit check (per trace). A gated audit \
            (audit: {gate: true}) with parallax-known-failures.yml beside the suite fails only on new failures and \
            those worse than their recorded value; a fixed one is reported better (remove it from the file).

            Sharding (a CI matrix): --shard i/n runs a deterministic part of the suite's units (each trace × smoother, \
            frame, the tuning sweep, each audit case; a frame with `versus:` runs with the frame it is compared with) and \
            writes a part folder (default: the output with -part-i-of-n), exit 0 once written. Balanced by the units' \
            measured times in an earlier report's timings.json with --durations REPORT (greedy longest-first), by count \
            otherwise. 'parallax merge-reports PARTS… --output DIR' writes the one report and exits with the verdict.
              parallax run --shard 2/3 --durations baseline/ --output parts/2
            """
    )

    @Argument(help: "Suite file.")
    var suite: String = "parallax.yml"

    @Option(name: .long, help: "Report folder (default: the suite's `output`).")
    var output: String?

    @OptionGroup var publish: PublishOptions

    @Flag(name: .long, help: "Record goldens (frames and numbers) from this run instead of only comparing; refused when CI is set.")
    var record = false

    @Option(name: .long, help: "Run shard i of n (1-based) of the suite's units and write a part for merge-reports.", transform: ShardInfo.init(parsing:))
    var shard: ShardInfo?

    @Option(name: .long, help: "With --shard: an earlier report (folder or report.json) whose timings.json balances the shards.")
    var durations: String?

    func validate() throws {
        if durations != nil && shard == nil { throw ValidationError("--durations balances shards: give it with --shard i/n") }
        if shard != nil {
            if let flag = (publish.given + (record ? ["--record"] : [])).first {
                throw ValidationError("\(flag) applies to the whole suite: give it to merge-reports, not to a --shard run")
            }
        }
    }

    func run() throws {
        if let shard {
            var options = SuiteRun.Options(suitePath: suite)
            options.output = output
            options.shard = shard
            options.durations = durations
            options.progress = SuiteCommandSupport.progress()
            let part: SuiteRun.PartOutcome
            do { part = try SuiteRun.runShard(options) } catch let error as FieldError {
                throw error.naming(flags: ["durations": "--durations"])
            }
            SuiteCommandSupport.endProgress()
            print(part.summary + "the suite's verdict comes from: parallax merge-reports PARTS… --output DIR", terminator: "\n")
            return
        }
        var options = SuiteRun.Options(suitePath: suite)
        options.output = output
        options.record = record
        publish.apply(to: &options)
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
        try report { var options = options; options.progress = progress(); return try SuiteRun.run(options) }
    }

    /// Runs `body` (a run or a merge) and prints its outcome's summary.
    static func report(_ body: () throws -> SuiteRun.Outcome) throws -> SuiteRun.Outcome {
        let outcome: SuiteRun.Outcome
        do {
            outcome = try body()
        } catch {
            if isatty(STDERR_FILENO) == 1 { FileHandle.standardError.write(Data("\n".utf8)) }
            throw error
        }
        endProgress()
        print(outcome.summary(githubActions: ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] != nil), terminator: "")
        return outcome
    }

    /// Progress lines on stderr: one line rewritten in a terminal, numbered lines otherwise.
    static func progress() -> (String) -> Void {
        let terminal = isatty(STDERR_FILENO) == 1
        // Each stage numbers its own steps ("[frames 3/15] NAME").
        return { message in
            if terminal {
                FileHandle.standardError.write(Data("\r\u{1B}[K\(message.prefix(100))".utf8))
            } else {
                FileHandle.standardError.write(Data("\(message)\n".utf8))
            }
        }
    }

    static func endProgress() {
        if isatty(STDERR_FILENO) == 1 { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
