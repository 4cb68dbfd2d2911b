import Analysis
import Foundation
import Golden
import Plumbing
import Projection
import Reporting
import Smoothing
import Tracking
import Tuning

/// Runs a suite end to end and writes its report folder. A regression, budget breach, missing golden or gated
/// audit failure is the outcome's `failure` (exit 1); bad input is thrown (`SuiteError`, `FieldError`: exit 2).
/// The report folder is replaced whole: every stage writes into a staging folder beside it (`StagedDirectory`),
/// swapped in at the end, so a run that stops or is killed leaves the previous report as it was.
public struct SuiteRun {
    public struct Options {
        public var suitePath: String
        public var output: String?
        public var record = false
        public var only: String?
        public var baseline: String?
        /// With a baseline: a metric worse beyond its noise band fails the run (exit 1).
        public var failOnRegression = true
        /// With a baseline: compare even when the two runs measured different traces, smoothers, screens or scales.
        public var allowDifferentSetup = false
        /// Attachment paths in junit.xml relative to this folder (default: absolute paths).
        public var junitRoot: String?
        /// A JSON-lines file: the run's headline metrics are appended and the report draws their trends.
        public var history: String?
        /// The date written into the history.
        public var now = Date()
        public var environment = ProcessInfo.processInfo.environment
        public var progress: (String) -> Void = { _ in }

        public init(suitePath: String) { self.suitePath = suitePath }
    }

    public struct Outcome {
        public var report: SuiteReport
        public var directory: String
        /// Set when a check failed; the summary printed from `report` says which.
        public var failure: CheckFailure?
    }

    public static func run(_ options: Options) throws -> Outcome {
        let loader = try SuiteLoader(path: options.suitePath)
        let suite = try loader.load()
        if options.record && ContinuousIntegration.isActive(in: options.environment) {
            throw SuiteError(file: options.suitePath, line: nil, message: "refusing to record goldens: the CI environment variable is set (goldens are recorded only at a desk, never in CI)")
        }
        let destination = options.output ?? suite.output
        try ReportFolder.checkReplaceable(destination, suitePath: options.suitePath)
        let staging = try StagedDirectory(destination: destination)
        do {
            let (outcome, afterPublishing) = try run(suite, loader: loader, options: options, into: staging.path, publishedAt: destination)
            try staging.commit()
            try afterPublishing()
            return outcome
        } catch {
            staging.discard()
            throw error
        }
    }

    /// The run's stages, writing the report into `outputDirectory` (the staging folder); `destination` is where it
    /// will be read from (junit.xml's paths, the outcome).
    private static func run(_ suite: Suite, loader: SuiteLoader, options: Options, into outputDirectory: String,
                            publishedAt destination: String) throws -> (Outcome, afterPublishing: () throws -> Void) {
        let suitePath = options.suitePath
        let store = GoldenStore(root: loader.resolve(suite.goldens)) { name in "parallax record \(suitePath) --only \(name)" }

        let inputs = try SuiteInputs.load(suite, loader: loader, progress: options.progress)
        let traces = inputs.traces

        // Scenarios and budgets.
        let scenarios = try ScenarioRunner(traces: traces, smoothers: inputs.smoothers.map { ($0.text, $0.spec) }, screens: inputs.screens.map { ($0.text, $0.model) }, movementScales: suite.movementScales)
            .run(progress: options.progress)
        let budgets = try SuiteBudgets.evaluate(suite.budgets, on: scenarios, loader: loader)

        // Frames.
        let frameRunner = FrameRunner(loader: loader, suite: suite, traces: inputs.tracesByName,
                                      store: store, framesDirectory: (outputDirectory as NSString).appendingPathComponent("frames"),
                                      record: options.record, only: options.only, environment: options.environment)
        let (frames, matrices) = try frameRunner.run(try frameRunner.jobs(), progress: options.progress)

        // Numbers.
        let numbers = try suite.numbers.map { tolerance in
            try SuiteNumbers.compare(scenarios: scenarios, matrices: matrices, tolerance: tolerance, store: store, options: options,
                                     outputDirectory: outputDirectory)
        }

        // Tuning sweep.
        let tune = try suite.tune.map { spec in
            options.progress("tune \(spec.smoother) × s \(spec.movementScale)")
            return try SuiteTune.run(spec, traces: traces, loader: loader, outputDirectory: outputDirectory)
        }

        // The app audit (its section comes first among the extra sections).
        let audit = try suite.audit.map { spec in
            options.progress("audit")
            return try SuiteAudit.run(spec, traces: traces, loader: loader, outputDirectory: outputDirectory)
        }

        var report = SuiteReport(suite: suite.name, suiteFile: options.suitePath, environment: Self.environment(),
                                 budgets: budgets, scenarios: scenarios, frames: frames, numbers: numbers)
        report.tune = tune?.summary
        report.setup = RunSetup(traces: Dictionary(traces.map { ($0.name, SuiteBaseline.fingerprint($0.trace)) }) { a, _ in a },
                                smoothers: inputs.smoothers.map { $0.spec.description }, screens: suite.screens, movementScales: suite.movementScales)
        let afterPublishing = try SuiteRun.publish(&report, extraSections: (audit?.sections ?? []) + (tune?.sections ?? []), baselineBands: suite.baselineBands,
                             options: options, to: outputDirectory, publishedAt: destination)
        return (Outcome(report: report, directory: destination,
                        failure: report.passed && !(audit?.failsRun ?? false) ? nil : CheckFailure()), afterPublishing)
    }
}
