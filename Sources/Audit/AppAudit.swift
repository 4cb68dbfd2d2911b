import Foundation
import Plumbing
import Projection
import Scientific
import Tracking

/// What to audit: traces × screens × modes, the app's configuration and the fixes turned on.
public struct AuditOptions: Sendable {
    public var traces: [(name: String, trace: HeadTrace)]
    public var screens: [ScreenModel]
    public var modes: [AppMode]
    public var fixes: Set<AuditCheckID>
    public var pipeline: AppPipeline

    public init(traces: [(name: String, trace: HeadTrace)], screens: [ScreenModel], modes: [AppMode] = AppMode.allCases,
                fixes: Set<AuditCheckID> = [], pipeline: AppPipeline = .shipped) {
        self.traces = traces
        self.screens = screens
        self.modes = modes
        self.fixes = fixes
        self.pipeline = pipeline
    }

    /// `screens` values: device names/slugs/identifiers, or `all` for every TrueDepth iPhone of the display
    /// table (every row has a notch or a Dynamic Island, i.e. a TrueDepth camera).
    public static func screens(parsing texts: [String]) throws -> [ScreenModel] {
        var screens: [ScreenModel] = []
        for (index, text) in texts.enumerated() {
            if text.lowercased() == "all" {
                screens += try DisplayTable.records.map { try ScreenModel.device($0) }
            } else {
                let screen = try ScreenModel.parse(text)
                guard screen.source == .displayTable else {
                    throw FieldError(FieldPath([.key("screens"), .index(index)]), expected: "a display-table iPhone (the audit compares the app's table with the true active area itself)", found: "'\(text)'")
                }
                screens.append(screen)
            }
        }
        return screens
    }

    /// `mode`: `cube`, `splat` or `both`.
    public static func modes(parsing text: String) throws -> [AppMode] {
        if text == "both" { return AppMode.allCases }
        guard let mode = AppMode(rawValue: text) else { throw FieldError("mode", expected: "cube, splat or both", found: "'\(text)'") }
        return [mode]
    }

    /// `fix` values: check ids or `all`.
    public static func fixes(parsing texts: [String]) throws -> Set<AuditCheckID> {
        try texts.reduce(into: Set<AuditCheckID>()) { set, text in
            if text.lowercased() == "all" { set.formUnion(AuditCheckID.allCases) } else { set.insert(try AuditCheckID(parsing: text)) }
        }
    }
}

/// The app audit: models the app's head-to-pixel pipeline and measures each of its divergences from a
/// true window as a named check over the traces, screens and modes.
public enum AppAudit {
    /// With `framesDirectory`, each failing image-shift check's frames at its worst instant (the app's, a true
    /// window's, their difference) are written there as `<check>.png` (`AuditFrames`).
    public static func run(_ options: AuditOptions, framesDirectory: String? = nil) throws -> AuditResult {
        let cases = try cases(options)
        return try aggregate(options, cases: cases, evaluations: try evaluate(options, cases: cases), framesDirectory: framesDirectory)
    }

    /// The audit's cases: every screen × mode × trace, in that order.
    public static func cases(_ options: AuditOptions) throws -> [AuditCase] {
        guard !options.traces.isEmpty else { throw FieldError("traces", expected: "at least one trace", found: "none") }
        guard !options.screens.isEmpty else { throw FieldError("screens", expected: "at least one screen", found: "none") }
        var cases: [AuditCase] = []
        for screen in options.screens {
            for mode in options.modes {
                for (name, trace) in options.traces {
                    guard trace.count > 1 else { throw FieldError(FieldPath([.key("trace \(name)")]), expected: "at least 2 samples", found: "\(trace.count)") }
                    cases.append(try AuditCase(traceName: name, trace: trace, screen: screen, mode: mode))
                }
            }
        }
        return cases
    }

    /// Every check's values on the cases `includes` accepts (by index in `cases`) — all of them, or a shard's of a
    /// suite (`parallax run --shard`). A check whose values do not depend on the case is evaluated on the first case
    /// of its modes only.
    public static func evaluate(_ options: AuditOptions, cases: [AuditCase], including includes: (Int) -> Bool = { _ in true }) throws -> [CaseEvaluation] {
        let configured = options.pipeline.fixing(options.fixes)
        var evaluations: [CaseEvaluation] = []
        for caseIndex in cases.indices where includes(caseIndex) {
            for check in AuditCheckID.allCases {
                let registration = check.registration
                guard registration.modes.contains(cases[caseIndex].mode) else { continue }
                if !registration.dependsOnCase, cases.firstIndex(where: { registration.modes.contains($0.mode) }) != caseIndex { continue }
                let evaluation = try registration.evaluate(cases[caseIndex], configured: configured)
                evaluations.append(CaseEvaluation(check: check, caseIndex: caseIndex, samples: evaluation.samples, notes: evaluation.notes,
                                                  limit: evaluation.limit))
            }
        }
        return evaluations
    }

    /// The checks' results from the evaluations of every case (`evaluate`, in one run or gathered from the shards
    /// of a suite), in the order the checks and cases have: the same result whichever split evaluated them.
    public static func aggregate(_ options: AuditOptions, cases: [AuditCase], evaluations: [CaseEvaluation],
                                 framesDirectory: String? = nil) throws -> AuditResult {
        let configured = options.pipeline.fixing(options.fixes)
        var byCase: [AuditCheckID: [Int: CaseEvaluation]] = [:]
        for evaluation in evaluations { byCase[evaluation.check, default: [:]][evaluation.caseIndex] = evaluation }
        var checks: [CheckResult] = []
        var deviceWorst: [String: Double] = [:]
        for check in AuditCheckID.allCases {
            let registration = check.registration
            let relevant = cases.indices.filter { registration.modes.contains(cases[$0].mode) }
            guard let first = relevant.first else { continue }
            var samples: [CheckSample] = [], notes: [String] = [], limits: [Double] = []
            // A check whose values do not depend on the case runs once, its places unlabelled.
            let labelled = registration.dependsOnCase && (options.screens.count > 1 || options.modes.count > 1)
            for caseIndex in registration.dependsOnCase ? relevant : [first] {
                let audit = cases[caseIndex]
                guard let evaluation = byCase[check]?[caseIndex] else {
                    throw FieldError(FieldPath([.key("check \(check.rawValue)")]), expected: "its values on case \(caseIndex + 1) (\(audit.traceName), \(audit.screen.name), \(audit.mode.rawValue))", found: "none")
                }
                let prefix = labelled ? "\(audit.screen.name) \(audit.mode.rawValue): " : ""
                samples += evaluation.samples.map { sample in
                    var frame = sample.frame
                    frame?.caseIndex = caseIndex
                    return CheckSample(value: sample.value, place: prefix + sample.place, frame: frame)
                }
                for note in evaluation.notes where !notes.contains(note) { notes.append(note) }
                if let limit = evaluation.limit { limits.append(limit) }
                if registration.isGated, registration.unit == .pixels, let worst = evaluation.samples.map(\.value).max() {
                    deviceWorst[audit.screen.name] = max(deviceWorst[audit.screen.name] ?? 0, worst)
                }
            }
            let limit = limits.min() ?? check.defaultLimit
            var result = CheckResult(check, samples: samples, limit: limit, notes: notes)
            if let framesDirectory, !result.passed, let pose = result.worstFrame {
                let (variant, reference) = IsolatedShift.pipelines(check, configured: configured)
                result.frame = try AuditFrames.write(check, case: cases[pose.caseIndex], app: (variant, pose.appEye),
                                                     reference: (reference, pose.referenceEye), to: framesDirectory)
            }
            checks.append(result)
        }
        let ranking = deviceWorst.map { DeviceRank(screen: $0.key, worstPx: $0.value) }
            .sorted { $0.worstPx != $1.worstPx ? $0.worstPx > $1.worstPx : $0.screen < $1.screen }
        return AuditResult(traces: options.traces.map(\.name), screens: options.screens.map(\.name), modes: options.modes,
                           fixes: options.fixes.sorted(), checks: checks, ranking: ranking)
    }
}
