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
        if options.record && options.environment["CI"] != nil {
            throw SuiteError(file: options.suitePath, line: nil, message: "refusing to record goldens: the CI environment variable is set (goldens are recorded only at a desk, never in CI)")
        }
        let outputDirectory = options.output ?? suite.output
        let suitePath = options.suitePath
        let store = GoldenStore(root: loader.resolve(suite.goldens)) { name in "parallax record \(suitePath) --only \(name)" }

        // Traces, smoothers, screens and scales: a bad value is a `FieldError` located at its suite entry.
        var traces: [(name: String, trace: HeadTrace)] = []
        for (i, source) in suite.traces.enumerated() {
            options.progress("trace \(source.name)")
            let entry = FieldPath([.key("traces"), .index(i)])
            if let file = source.file, let importSpec = source.importSpec {
                let importOptions = try loader.value(at: entry.appending(FieldPath("import"))) { try importSpec.options() }
                traces.append((source.name, try TraceImporter.read(contentsOf: loader.resolve(file), options: importOptions).trace))
            } else if let file = source.file {
                traces.append((source.name, try TraceCSVReader.read(contentsOf: loader.resolve(file))))
            } else {
                // A spec's values belong to the spec file, as its decoding errors do.
                let specPath = loader.resolve(source.spec!)
                let spec = try SpecFile.load(TraceSpec.self, from: specPath)
                do { traces.append((source.name, try TraceSynthesizer.synthesize(spec))) } catch let error as FieldError {
                    throw error.located(file: specPath)
                }
            }
        }
        let smoothers = try suite.smoothers.enumerated().map { i, text in
            (text, try loader.value(at: FieldPath([.key("smoothers"), .index(i)])) { try SmootherSpec(text) })
        }
        let screens = try suite.screens.enumerated().map { i, text in
            (text, try loader.value(at: FieldPath([.key("screens"), .index(i)])) { try ScreenModel.parse(text) })
        }
        for (i, scale) in suite.movementScales.enumerated() where !(scale.isFinite && scale > 0 && scale <= 10) {
            throw loader.located(FieldError(FieldPath(), expected: "a scale in (0, 10]", found: "\(scale)"),
                                 under: FieldPath([.key("movement_scales"), .index(i)]))
        }

        // Scenarios and budgets.
        let scenarios = try ScenarioRunner(traces: traces, smoothers: smoothers, screens: screens, movementScales: suite.movementScales)
            .run(progress: options.progress)
        // Budgets name smoothers as written in the suite; scenarios carry the canonical spec.
        let canonicalBudgets = try suite.budgets.enumerated().map { i, budget -> Budget in
            var budget = budget
            budget.smoothers = try budget.smoothers?.enumerated().map { j, text in
                try loader.value(at: FieldPath([.key("budgets"), .index(i), .key("smoothers"), .index(j)])) { try SmootherSpec(text).description }
            }
            return budget
        }
        let budgets = Self.evaluate(canonicalBudgets, on: scenarios,
                                    lines: canonicalBudgets.indices.map { loader.line(at: [.key("budgets"), .index($0)]) })

        // Frames.
        try? FileManager.default.removeItem(atPath: (outputDirectory as NSString).appendingPathComponent("frames"))
        let frameRunner = FrameRunner(loader: loader, suite: suite, traces: Dictionary(traces.map { ($0.name, $0.trace) }) { a, _ in a },
                                      store: store, framesDirectory: (outputDirectory as NSString).appendingPathComponent("frames"),
                                      record: options.record, only: options.only, environment: options.environment)
        let (frames, matrices) = try frameRunner.run(try frameRunner.jobs(), progress: options.progress)

        // Numbers.
        var numbers: NumbersResult?
        if let tolerance = suite.numbers {
            let path = try store.numbersPath(for: tolerance.golden)
            let values = NumberGolden.values(scenarios: scenarios, matrices: matrices)
            // Kept beside the report so that `parallax accept` can promote it without running again.
            try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
            try AtomicFile.write(try NumberGolden.encode(values), to: (outputDirectory as NSString).appendingPathComponent(GoldenAcceptance.numbersFile))
            if options.record && options.only == nil {
                let recorded = try store.recordNumbers([UInt8](try NumberGolden.encode(values)), name: tolerance.golden, environment: options.environment)
                options.progress("recorded \(recorded)")
            }
            numbers = NumberGolden.compare(actual: values, path: path, tolerance: tolerance, recordCommand: "parallax record \(options.suitePath)")
        }

        // Tuning sweep.
        let tune = try suite.tune.map { spec in
            options.progress("tune \(spec.smoother) × s \(spec.movementScale)")
            return try SuiteTune.run(spec, traces: traces, loader: loader, outputDirectory: outputDirectory)
        }
        var tuneSections = tune?.sections ?? []

        // The app audit (its section comes first among the extra sections).
        let audit = try suite.audit.map { spec in
            options.progress("audit")
            return try SuiteAudit.run(spec, traces: traces, loader: loader, outputDirectory: outputDirectory)
        }

        var report = SuiteReport(suite: suite.name, suiteFile: options.suitePath, environment: Self.environment(),
                                 budgets: budgets, scenarios: scenarios, frames: frames, numbers: numbers)
        report.tune = tune?.summary
        report.setup = RunSetup(traces: Dictionary(traces.map { ($0.name, Self.fingerprint($0.trace)) }) { a, _ in a },
                                smoothers: smoothers.map { $0.1.description }, screens: suite.screens, movementScales: suite.movementScales)
        if let baseline = options.baseline {
            report.baseline = try Self.compare(report, baselinePath: baseline, bands: suite.baselineBands,
                                               allowDifferentSetup: options.allowDifferentSetup)
            if options.failOnRegression && report.baseline!.contains(where: \.worse) { report.passed = false }
        }
        var history: [RunHistory.Entry] = []
        if let path = options.history {
            history = try RunHistory.read(path) + [RunHistory.entry(for: report, date: options.now)]
            tuneSections.append(RunHistory.section(history.filter { $0.suite == report.suite }))
        }
        try ReportWriter.write(report, to: outputDirectory, extraSections: (audit?.sections ?? []) + tuneSections, junitRoot: options.junitRoot)
        if let path = options.history { try RunHistory.write(history, to: path) }
        if let summaryFile = options.environment["GITHUB_STEP_SUMMARY"], !summaryFile.isEmpty {
            try StepSummary.append(MarkdownSummary.render(report), to: summaryFile)
        }
        return Outcome(report: report, directory: outputDirectory,
                       failure: report.passed && !(audit?.failsRun ?? false) ? nil : CheckFailure())
    }

    static func evaluate(_ budgets: [Budget], on scenarios: [ScenarioResult], lines: [Int?] = []) -> [BudgetResult] {
        var results: [BudgetResult] = []
        for (index, budget) in budgets.enumerated() {
            for scenario in scenarios where budget.applies(to: scenario.trace, smoother: scenario.smootherSpec) {
                let value = scenario.metrics[metric: budget.metric]
                let passed = value.map { v in budget.max.map { v <= $0 } ?? (v >= budget.min!) } ?? false
                results.append(BudgetResult(metric: budget.metric.name, unit: budget.metric.unit.symbol, limit: budget.limitDescription,
                                            scenario: scenario.id, value: value, passed: passed,
                                            note: value == nil ? "not computed for this scenario (see its notes)" : nil,
                                            line: index < lines.count ? lines[index] : nil))
            }
        }
        return results
    }

    static func compare(_ report: SuiteReport, baselinePath: String, bands: [String: NoiseBand], allowDifferentSetup: Bool) throws -> [BaselineDelta] {
        let baseline: SuiteReport
        do { baseline = try ReportWriter.decode(Data(try FileContents.read(baselinePath))) } catch let error as FileError {
            throw SuiteError(file: baselinePath, line: nil, message: "cannot read the baseline report: \(error)")
        } catch {
            throw SuiteError(file: baselinePath, line: nil, message: "not a ParallaxLab report.json (schema 1): \(error)")
        }
        if !allowDifferentSetup {
            var mine = report.setup ?? Self.setup(of: report)
            if baseline.setup == nil { mine.traces = mine.traces.mapValues { _ in "" } }  // an older report: names only
            let lines = mine.differences(from: baseline.setup ?? Self.setup(of: baseline))
            if !lines.isEmpty {
                throw SuiteError(file: baselinePath, line: nil,
                                 message: "the baseline measured a different setup (\(lines.joined(separator: "; "))); compare anyway only by allowing a different setup")
            }
        }
        return BaselineComparison.compare(report, with: baseline, overrides: bands)
    }

    /// The setup a report's scenarios show (for reports written before `setup` was recorded: no fingerprints).
    static func setup(of report: SuiteReport) -> RunSetup {
        func ordered<T: Hashable>(_ values: [T]) -> [T] { var seen = Set<T>(); return values.filter { seen.insert($0).inserted } }
        return RunSetup(traces: Dictionary(report.scenarios.map { ($0.trace, "") }) { a, _ in a },
                        smoothers: ordered(report.scenarios.map(\.smootherSpec)), screens: ordered(report.scenarios.map(\.screen)),
                        movementScales: ordered(report.scenarios.map(\.movementScale)))
    }

    /// FNV-1a over the samples' bit patterns (t, x, y, z, tracked).
    static func fingerprint(_ trace: HeadTrace) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(trace.samples.count * 33)
        for sample in trace.samples {
            for value in [sample.t, sample.position.x, sample.position.y, sample.position.z] {
                withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes += $0 }
            }
            bytes.append(sample.tracked ? 1 : 0)
        }
        return RunSetup.fingerprint(bytes)
    }

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
