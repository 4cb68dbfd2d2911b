import AppReplay
import Audit
import AuditOutput
import AuditVariants
import DeviceFacts
import Foundation
import Plumbing
import Reporting
import TestedApp
import Tracking
import Vocabulary

/// The suite's audit (`audit:`) on the suite's traces, in two steps so that a sharded run can split it by case:
/// `evaluate` (each case — screen × mode × trace — is a unit, `SuiteUnit` kind `audit`), then `finish` (the checks
/// aggregated over every case, audit.json and the frames of failing checks beside the report, the report section,
/// whether the run must fail). A bad value is located at `audit:` in the suite.
struct SuiteAudit {
    var sections: [ReportPage.Section]
    var failsRun: Bool
    /// The verdict in counts, for the report's verdict line (`RunStatus`).
    var summary: SuiteReport.AuditSummary
    /// The scrubber over a few seconds of one trace (index.html), nil when `audit.motion` is off.
    var motion: ReportPage.Section?

    /// The known-failures file the checks are held against: `audit.known_failures`, else `parallax-known-failures.yml`
    /// beside the suite when there is one; nil without. A malformed file stops the run (`file:line: field: …`).
    static func knownFailures(_ spec: AuditSpec, loader: SuiteLoader) throws -> (named: String, list: KnownFailures)? {
        if let named = spec.knownFailures {
            guard FileManager.default.fileExists(atPath: loader.resolve(named)) else {
                throw loader.error("audit.known_failures: no such file '\(named)' (looked for \(loader.resolve(named)))", at: [.key("audit"), .key("known_failures")])
            }
            return (named, try KnownFailures.read(loader.resolve(named)))
        }
        let beside = loader.resolve(KnownFailures.fileName)
        guard FileManager.default.fileExists(atPath: beside) else { return nil }
        return (KnownFailures.fileName, try KnownFailures.read(beside))
    }

    /// The recording's trace and what it measured (`audit.recording`), nil without one.
    static func recorded(_ spec: AuditSpec, loader: SuiteLoader) throws -> (name: String, trace: HeadTrace, measured: MeasuredARKitFrame)? {
        guard let path = spec.recording else { return nil }
        return try located(loader) {
            let recorded = try RecordedTrace.read(contentsOf: loader.resolve(path))
            // RecordedTrace refuses an undecided recording, so both are there.
            let measured = MeasuredARKitFrame(decision: recorded.decision, frame: recorded.decision.frame!, axes: recorded.decision.screenAxes!, file: path)
            return (((path as NSString).lastPathComponent as NSString).deletingPathExtension, recorded.trace, measured)
        }
    }

    /// The device probe the platform is measured by (`audit.probe`), nil without one.
    static func probe(_ spec: AuditSpec, loader: SuiteLoader) throws -> MeasuredPlatform? {
        guard let path = spec.probe else { return nil }
        var measured = try MeasuredPlatform(probe: loader.resolve(path))
        measured.file = path
        return measured
    }

    /// The audit's options and cases. The shipped side is the code of `audit.app_source`, else the suite's app's code
    /// (`appReplay`, `SuiteApp.replay`: built once for the run), else the model.
    static func prepare(_ spec: AuditSpec, traces: [(name: String, trace: HeadTrace)], loader: SuiteLoader,
                        appReplay: AppReplay?) throws -> (AuditOptions, [AuditCase]) {
        if let unknown = spec.traces?.first(where: { name in !traces.contains { $0.name == name } }) {
            throw loader.error("audit.traces: '\(unknown)' is not a trace of the suite (\(traces.map(\.name).joined(separator: ", ")))", at: [.key("audit"), .key("traces")])
        }
        let recording = try recorded(spec, loader: loader)
        return try located(loader) {
            var pipeline = AppPipeline.shipped
            pipeline.arkitFrame = try recording.map { $0.measured.value } ?? ARKitFrame(parsing: spec.arkitFrame)
            let audited = traces.filter { spec.traces?.contains($0.name) ?? true } + (recording.map { [($0.name, $0.trace)] } ?? [])
            var options = AuditOptions(traces: audited,
                                       screens: spec.screens,
                                       scope: try AuditOptions.scope(parsing: spec.mode), fixes: try AuditOptions.fixes(parsing: spec.fix), pipeline: pipeline)
            options.appReplay = try spec.appSource.map { try AppReplay(appSource: loader.resolve($0), platform: appReplay?.platform ?? .default) } ?? appReplay
            if let measured = try probe(spec, loader: loader), measured.platform != .default {
                guard options.appReplay != nil else {
                    throw FieldError("probe", expected: "the app's code (app: or audit.app_source): the probe departs from the defaults (\(measured.platform.assumptions.joined(separator: ", ")))", found: "'\(measured.file)'")
                }
                options.appReplay?.platform = measured.platform
            }
            if spec.sensitivity, options.appReplay == nil {
                throw FieldError("sensitivity", expected: "the app's code (app: or audit.app_source): the platform's alternatives run it", found: "true")
            }
            return (options, try AppAudit.cases(options))
        }
    }

    /// The unit of a case: `audit SCREEN MODE TRACE`.
    static func unit(_ audit: AuditCase) -> SuiteUnit {
        SuiteUnit(kind: .audit, name: "\(audit.screen.name) \(audit.mode.rawValue) \(audit.traceName)")
    }

    /// The checks' values on the cases whose units `includes` accepts, each case's time in `timings`.
    static func evaluate(_ spec: AuditSpec, traces: [(name: String, trace: HeadTrace)], loader: SuiteLoader, appReplay: AppReplay?,
                         including includes: (SuiteUnit) -> Bool, timings: inout [SuiteUnit: Double]) throws -> [CaseEvaluation] {
        let (options, cases) = try prepare(spec, traces: traces, loader: loader, appReplay: appReplay)
        var evaluations: [CaseEvaluation] = []
        for k in cases.indices where includes(unit(cases[k])) {
            let started = ContinuousClock.now
            evaluations += try located(loader) { try AppAudit.evaluate(options, cases: cases, including: { $0 == k }) }
            timings[unit(cases[k])] = started.duration(to: .now).seconds
        }
        return evaluations
    }

    /// The audit's result from every case's evaluations; writes audit.json, audit.html and audit/ into `outputDirectory`.
    static func finish(_ spec: AuditSpec, suiteName: String, traces: [(name: String, trace: HeadTrace)], loader: SuiteLoader, appReplay: AppReplay?,
                       evaluations: [CaseEvaluation], bands: [String: NoiseBand], outputDirectory: String) throws -> SuiteAudit {
        let (options, cases) = try prepare(spec, traces: traces, loader: loader, appReplay: appReplay)
        let framesDirectory = (outputDirectory as NSString).appendingPathComponent(AuditReport.framesFolder)
        try? FileManager.default.removeItem(atPath: framesDirectory)
        var result = try located(loader) {
            var result = try AppAudit.aggregate(options, cases: cases, evaluations: evaluations)
            try AuditFrames.draw(&result, options: options, cases: cases, to: framesDirectory)
            return result
        }
        result.recording = try recorded(spec, loader: loader)?.measured
        if let measured = try located(loader, { try probe(spec, loader: loader) }) { result.settle(by: measured) }
        if spec.sensitivity { try located(loader) { try result.measureSensitivity(options) } }
        try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        try AtomicFile.write(try result.jsonData(), to: (outputDirectory as NSString).appendingPathComponent("audit.json"))
        let known = try knownFailures(spec, loader: loader)
        let summary = SuiteReport.AuditSummary(failing: result.failing.count, checks: result.checks.filter(\.countsInVerdict).count, informational: !spec.gate,
                                               checkValues: KnownFailureGate.summaries(result, known: known?.list, bands: bands),
                                               knownFailures: known?.named, appCode: result.appCode?.line)
        let sections = AuditReport.sections(result, informational: !spec.gate)
        // The audit's own page beside index.html, as tune.html is: the same section with the checks' pictures and plots,
        // the suite's report a click away.
        let page = ReportPage.document(title: "ParallaxLab app audit — \(suiteName)",
                                       subtitle: "\(summary.text) · the suite's report: index.html · data: \(summary.file)",
                                       sections: AuditReport.sections(result, informational: !spec.gate, pictures: true))
        try AtomicFile.write(Data(page.utf8), to: (outputDirectory as NSString).appendingPathComponent(summary.page))
        let motion = try located(loader) { try Self.motion(spec, options: options, cases: cases, outputDirectory: outputDirectory) }
        return SuiteAudit(sections: sections, failsRun: spec.gate && summary.failsGate, summary: summary, motion: motion)
    }

    /// The scrubber's frames (`motion/`) and its section for index.html (`audit.motion`), on the audit's first screen.
    static func motion(_ spec: AuditSpec, options: AuditOptions, cases: [AuditCase], outputDirectory: String) throws -> ReportPage.Section? {
        guard spec.motion.enabled else { return nil }
        let names = options.traces.map(\.name)
        let trace = spec.motion.trace ?? (names.contains(MotionSpec.defaultTrace) ? MotionSpec.defaultTrace : names[0])
        guard let audit = cases.first(where: { $0.traceName == trace && $0.mode == .cube }) ?? cases.first(where: { $0.traceName == trace }) else {
            throw FieldError(FieldPath([.key("motion"), .key("trace")]), expected: "an audited trace (\(names.joined(separator: ", ")))", found: "'\(trace)'")
        }
        let configured = options.pipeline.fixing(options.fixes)
        let frames = try AuditMotion.write(audit, configured: configured, from: spec.motion.from, seconds: spec.motion.seconds, to: outputDirectory)
        guard !frames.isEmpty else {
            throw FieldError(FieldPath([.key("motion"), .key("from")]), expected: "an instant within \(trace)", found: "\(spec.motion.from) s")
        }
        let size = try AuditFrames.pictureSize(of: audit.screen)
        return AuditMotion.section(trace: trace, frames: frames, frameWidth: size.width, frameHeight: size.height)
    }

    private static func located<T>(_ loader: SuiteLoader, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as FieldError {
            throw loader.located(error, under: FieldPath("audit"))
        } catch {
            throw loader.error("audit: \(error)", at: [.key("audit")])
        }
    }
}
