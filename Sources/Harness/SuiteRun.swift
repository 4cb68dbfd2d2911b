import Analysis
import Foundation
import Golden
import Plumbing
import Projection
import Reporting
import Smoothing
import TestedApp
import Tracking
import Tuning
import Vocabulary

/// Runs a suite end to end and writes its report folder. A regression, budget breach, missing golden or gated
/// audit failure is the outcome's `failure` (exit 1); bad input is thrown (`SuiteError`, `FieldError`: exit 2).
/// The report folder is replaced whole: every stage writes into a staging folder beside it (`StagedDirectory`),
/// swapped in at the end, so a run that stops or is killed leaves the previous report as it was.
package struct SuiteRun {
    package struct Options {
        package var suitePath: String
        package var output: String?
        package var record = false
        package var only: String?
        package var baseline: String?
        /// With a baseline: a metric worse beyond its noise band fails the run (exit 1).
        package var failOnRegression = true
        /// With a baseline: compare even when the two runs measured different traces, smoothers, screens or scales.
        package var allowDifferentSetup = false
        /// Attachment paths in junit.xml relative to this folder (default: absolute paths).
        package var junitRoot: String?
        /// A JSON-lines file: the run's headline metrics are appended and the report draws their trends.
        package var history: String?
        /// The date written into the history.
        package var now = Date()
        /// Run only shard i of n and write a part (`runShard`); `merge-reports` makes the report of the parts.
        package var shard: ShardInfo?
        /// With `shard`: an earlier report (folder, or its report.json) whose timings.json balances the shards.
        package var durations: String?
        package var environment = ProcessInfo.processInfo.environment
        package var progress: (String) -> Void = { _ in }

        package init(suitePath: String) { self.suitePath = suitePath }
    }

    package struct Outcome {
        package var report: SuiteReport
        package var directory: String
        /// Set when a check failed; the summary printed from `report` says which.
        package var failure: CheckFailure?
    }

    /// The suite as read, with its inputs loaded, the options it runs with, and the two folders of a run: the one
    /// every stage writes into (a staging folder) and the one the report is read from once swapped in (junit.xml's
    /// paths, the outcome). A run, a shard and a merge of parts each make one and call its stages.
    let suite: Suite
    let loader: SuiteLoader
    let inputs: SuiteInputs
    /// The app under test, made once for the run (`SuiteApp.make`).
    let app: SuiteApp
    let options: Options
    let outputDirectory: String
    let destination: String

    package static func run(_ options: Options) throws -> Outcome {
        let loader = try SuiteLoader(path: options.suitePath)
        let suite = try loader.load()
        if options.record && ContinuousIntegration.isActive(in: options.environment) {
            throw SuiteError(file: options.suitePath, line: nil, message: "refusing to record goldens: the CI environment variable is set (goldens are recorded only at a desk, never in CI)")
        }
        let destination = options.output ?? suite.output
        try ReportFolder.checkReplaceable(destination, suitePath: options.suitePath)
        // A malformed known-failures file stops the run before any stage.
        if let audit = suite.audit { _ = try SuiteAudit.knownFailures(audit, loader: loader) }
        let app = try SuiteApp.make(suite, loader: loader)
        let (outcome, afterPublishing) = try StagedDirectory.replace(destination) { staging in
            let inputs = try SuiteInputs.load(suite, loader: loader, progress: options.progress)
            let run = SuiteRun(suite: suite, loader: loader, inputs: inputs, app: app, options: options, outputDirectory: staging, destination: destination)
            let frameRunner = run.frameRunner()
            var timings: [SuiteUnit: Double] = [:]
            let results = try run.stages(jobs: try frameRunner.jobs(), frameRunner: frameRunner, timings: &timings)
            return try run.finish(results, timings: timings)
        }
        try afterPublishing()
        return outcome
    }

    /// The suite's goldens; a missing one names the command that records it, with the suite file as `suitePath` names it.
    static func store(_ suite: Suite, loader: SuiteLoader, suitePath: String) -> GoldenStore {
        let numbers = suite.numbers?.golden
        return GoldenStore(root: loader.resolve(suite.goldens)) { name in
            Remedy.record(suite: suitePath, only: name == numbers ? nil : name)
        }
    }

    func frameRunner() -> FrameRunner {
        FrameRunner(loader: loader, suite: suite, traces: inputs.tracesByName, appReplay: app.replay, store: Self.store(suite, loader: loader, suitePath: options.suitePath),
                    framesDirectory: (outputDirectory as NSString).appendingPathComponent("frames"),
                    record: options.record, only: options.only, environment: options.environment)
    }

    /// The stages that do the work — scenarios, frames, the tuning sweep, the audit — for the units `includes`
    /// accepts (all of them, or one shard's), each unit's time in `timings`.
    func stages(jobs: [FrameRunner.Job], frameRunner: FrameRunner, includes: (SuiteUnit) -> Bool = { _ in true },
                timings: inout [SuiteUnit: Double]) throws -> SuiteStageResults {
        let traces = inputs.traces
        let scales = app.movementScales(of: suite)
        var scenarios = ScenarioRunner(traces: traces, smoothers: suite.smoothers, screens: suite.screens, movementScales: scales)
        scenarios.app = app
        scenarios.comparisonScreen = SuiteHeadline.screen(of: suite)?.value ?? .appDefault
        var results = SuiteStageResults(setup: RunSetup(traces: Dictionary(traces.map { ($0.name, SuiteBaseline.fingerprint($0.trace)) }) { a, _ in a },
                                                        smoothers: suite.smoothers.map(\.value.description)
                                                            + (app.hasOwnScenarios ? [Budget.Scope.appName] : []),
                                                        screens: suite.screens.map(\.text), movementScales: scales))
        results.app = app.identity
        // Scenarios (the app's own among them when it is code).
        let measured = try scenarios.run(including: includes, progress: options.progress, timings: &timings)
        results.scenarios = measured.scenarios
        results.appComparisons = app.hasOwnScenarios ? measured.appComparisons : nil

        // Frames.
        let (frames, matrices) = try frameRunner.run(jobs.filter { includes(.frame($0.name)) }, progress: options.progress)
        results.frames = frames
        results.frameNumbers = SuiteNumbers.values(matrices: matrices)
        for frame in frames { timings[.frame(frame.name)] = frame.seconds }

        // Tuning sweep.
        if let spec = suite.tune, includes(.tune) {
            options.progress("[tune 1/1] \(spec.smoother.text) × s \(spec.movementScale.text)")
            let started = ContinuousClock.now
            let tune = try SuiteTune.run(spec, traces: traces, loader: loader, outputDirectory: outputDirectory)
            timings[.tune] = started.duration(to: .now).seconds
            results.tune = tune.summary
            results.tuneSections = tune.sections
        }

        // The app audit's cases (aggregated over all of them by `finish`).
        if let spec = suite.audit {
            options.progress("[audit 1/1] the app audit's cases")
            results.auditEvaluations = try SuiteAudit.evaluate(spec, traces: traces, loader: loader, appReplay: app.replay, including: includes, timings: &timings)
        }
        return results
    }

    /// The end of a run (or of a merge of parts): the audit aggregated over its cases, budgets, the numeric golden,
    /// the report and timings.json in `outputDirectory`, then `publish`.
    func finish(_ results: SuiteStageResults, timings: [SuiteUnit: Double]) throws -> (Outcome, afterPublishing: () throws -> Void) {
        // The app audit (its section comes first among the extra sections).
        let audit = try suite.audit.map { spec in
            try SuiteAudit.finish(spec, suiteName: suite.name, traces: inputs.traces, loader: loader, appReplay: app.replay,
                                  evaluations: results.auditEvaluations ?? [], bands: suite.baselineBands, outputDirectory: outputDirectory)
        }
        let budgets = SuiteBudgets.evaluate(suite.budgets, on: results.scenarios, appSmoother: app.scenarios, loader: loader)
        let numbers = try suite.numbers.map { spec in
            try SuiteNumbers.compare(scenarios: results.scenarios, frameNumbers: results.frameNumbers, spec: spec,
                                     store: Self.store(suite, loader: loader, suitePath: options.suitePath), options: options, outputDirectory: outputDirectory)
        }
        // junit.xml's times.
        let frames = results.frames.map { frame in
            var frame = frame
            frame.seconds = timings[.frame(frame.name)]
            return frame
        }
        var report = SuiteReport(suite: suite.name, suiteFile: options.suitePath, environment: Self.environment(),
                                 budgets: budgets, scenarios: results.scenarios, frames: frames, numbers: numbers)
        report.tune = results.tune
        report.setup = results.setup
        report.audit = audit?.summary
        if audit?.failsRun == true { report.passed = false }
        report.headline = SuiteHeadline.make(report, suite: suite, app: app,
                                             comparison: AppComparison.combining((results.appComparisons ?? []).map(\.comparison)))
        try SuiteTimings(timings).write(to: outputDirectory)
        let afterPublishing = try publish(&report, extraSections: (audit?.motion.map { [$0] } ?? []) + (audit?.sections ?? []) + results.tuneSections)
        return (Outcome(report: report, directory: destination,
                        failure: report.passed && !(audit?.failsRun ?? false) ? nil : CheckFailure()), afterPublishing)
    }
}

extension SuiteRun {
    static func environment() -> SuiteReport.Environment {
        let commit = (try? Self.shell("git", ["rev-parse", "--short", "HEAD"])) ?? "unknown"
        var system = utsname()
        uname(&system)
        let machine = withUnsafeBytes(of: &system.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let os = withUnsafeBytes(of: &system.sysname) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return SuiteReport.Environment(version: ParallaxVersion.string, commit: commit.isEmpty ? "unknown" : commit,
                                       machine: "\(os) \(machine)", cores: ProcessInfo.processInfo.activeProcessorCount)
    }

    static func shell(_ command: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [command] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return "" }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
