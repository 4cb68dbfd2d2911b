import AppReplay
import Foundation
import Imaging
import Projection
import Scientific
import TestedApp
import Tracking
import Vocabulary

/// Which of the app's modes an audit covers, and whether code the shipped app cannot reach gates its verdict.
package enum AuditScope: String, CaseIterable, Codable, Sendable {
    /// What the shipped app shows: the cube, gated; the splat-only checks evaluated and listed as unreachable,
    /// never failing the verdict (the default).
    case shipped
    case cube, splat, both

    package var modes: [AppMode] {
        switch self {
        case .shipped, .both: return AppMode.allCases
        case .cube: return [.cube]
        case .splat: return [.splat]
        }
    }

    /// Whether the checks of code the shipped app cannot reach count in the verdict (asked for by the mode).
    package var gatesUnreachable: Bool { self == .splat || self == .both }

    /// The modes `check` is evaluated in: in the shipped scope a reachable check only where the app shows it.
    package func modes(of check: AuditCheck) -> Set<AppMode> {
        let modes = check.modes.intersection(self.modes)
        return self == .shipped && check.reachable ? modes.intersection([.cube]) : modes
    }
}

/// What to audit: traces × screens × modes, the app's configuration and the fixes turned on.
package struct AuditOptions: Sendable {
    package var traces: [(name: String, trace: HeadTrace)]
    package var screens: [ScreenModel]
    package var scope: AuditScope
    package var fixes: Set<AuditCheckID>
    package var pipeline: AppPipeline
    /// Run every check again under the other ARKit hypothesis and say which verdicts flip.
    package var comparesHypotheses: Bool
    /// The app's own code (`--app-source`): the shipped side of the checks that run the whole shipped pipeline.
    package var appReplay: AppReplay?
    /// What each check is measured against (`AuditBaseline`): as shipped unless asked.
    package var baseline = AuditBaseline.asShipped
    /// The checks the audit runs, in report order.
    package var checks = AuditCheck.all

    package init(traces: [(name: String, trace: HeadTrace)], screens: [ScreenModel], scope: AuditScope = .shipped,
                fixes: Set<AuditCheckID> = [], pipeline: AppPipeline = .shipped, comparesHypotheses: Bool = true) {
        self.traces = traces
        self.screens = screens
        self.scope = scope
        self.fixes = fixes
        self.pipeline = pipeline
        self.comparesHypotheses = comparesHypotheses
    }

    /// Explicit modes: every check of them gates (the shipped app's reach is still reported).
    package init(traces: [(name: String, trace: HeadTrace)], screens: [ScreenModel], modes: [AppMode],
                fixes: Set<AuditCheckID> = [], pipeline: AppPipeline = .shipped, comparesHypotheses: Bool = true) {
        let scope: AuditScope = Set(modes) == [.cube] ? .cube : Set(modes) == [.splat] ? .splat : .both
        self.init(traces: traces, screens: screens, scope: scope, fixes: fixes, pipeline: pipeline, comparesHypotheses: comparesHypotheses)
    }

    package var modes: [AppMode] { scope.modes }

    /// `screens` values: device names/slugs/identifiers, or `all` for every TrueDepth iPhone of the display
    /// table (every row has a notch or a Dynamic Island, i.e. a TrueDepth camera).
    package static func screens(parsing texts: [String]) throws -> [ScreenModel] {
        var screens: [ScreenModel] = []
        for (index, text) in texts.enumerated() {
            if text.lowercased() == "all" {
                screens += try DisplayTable.records.map { try ScreenModel.device($0) }
            } else {
                let screen = try ScreenModel(parsing: text)
                guard screen.source == .displayTable else {
                    throw FieldError(FieldPath([.key("screens"), .index(index)]), expected: "a display-table iPhone (the audit compares the app's table with the true active area itself)", found: "'\(text)'")
                }
                screens.append(screen)
            }
        }
        return screens
    }

    /// `mode`: `shipped` (the default), `cube`, `splat` or `both`.
    package static func scope(parsing text: String) throws -> AuditScope {
        guard let scope = AuditScope(rawValue: text) else { throw FieldError("mode", expected: "shipped, cube, splat or both", found: "'\(text)'") }
        return scope
    }

    /// `fix` values: check ids or `all`.
    package static func fixes(parsing texts: [String]) throws -> Set<AuditCheckID> {
        try texts.reduce(into: Set<AuditCheckID>()) { set, text in
            if text.lowercased() == "all" { set.formUnion(AuditCheckID.allCases) } else { set.insert(try AuditCheckID(parsing: text)) }
        }
    }
}

/// The app audit: models the app's head-to-pixel pipeline and measures each of its divergences from a
/// true window as a named check over the traces, screens and modes.
package enum AppAudit {
    package static func run(_ options: AuditOptions) throws -> AuditResult {
        let cases = try cases(options)
        return try aggregate(options, cases: cases, evaluations: try evaluate(options, cases: cases))
    }

    /// The audit's cases: every screen × mode × trace, in that order.
    package static func cases(_ options: AuditOptions) throws -> [AuditCase] {
        guard !options.traces.isEmpty else { throw FieldError("traces", expected: "at least one trace", found: "none") }
        guard !options.screens.isEmpty else { throw FieldError("screens", expected: "at least one screen", found: "none") }
        var cases: [AuditCase] = []
        for screen in options.screens {
            for mode in options.modes {
                for (name, trace) in options.traces {
                    guard trace.count > 1 else { throw FieldError(FieldPath([.key("trace \(name)")]), expected: "at least 2 samples", found: "\(trace.count)") }
                    var audit = try AuditCase(traceName: name, trace: trace, screen: screen, mode: mode)
                    audit.baseline = options.baseline
                    cases.append(audit)
                }
            }
        }
        if let replay = options.appReplay { try AppCodeAudit.attach(replay, to: &cases, hypotheses: hypotheses(options), eyes: options.pipeline.eyeModel) }
        return cases
    }

    /// The ARKit hypotheses an audit evaluates: the configured one, then the other when verdicts are compared.
    static func hypotheses(_ options: AuditOptions) -> [ARKitFrame] {
        let primary = options.pipeline.arkitFrame
        return options.comparesHypotheses ? [primary, primary.other] : [primary]
    }

    /// Every check's values on the cases `includes` accepts (by index in `cases`) — all of them, or a shard's of a
    /// suite (`parallax run --shard`) — under each hypothesis. A check whose values do not depend on the case is
    /// evaluated on the first case of its modes only.
    package static func evaluate(_ options: AuditOptions, cases: [AuditCase], including includes: (Int) -> Bool = { _ in true }) throws -> [CaseEvaluation] {
        var evaluations: [CaseEvaluation] = []
        for frame in hypotheses(options) {
            var configured = options.pipeline.fixing(options.fixes)
            configured.arkitFrame = frame
            for caseIndex in cases.indices where includes(caseIndex) {
                for check in options.checks {
                    let modes = options.scope.modes(of: check)
                    guard modes.contains(cases[caseIndex].mode) else { continue }
                    if !check.dependsOnCase, cases.firstIndex(where: { modes.contains($0.mode) }) != caseIndex { continue }
                    let evaluation = try check.evaluate(cases[caseIndex], configured: configured)
                    // The same case with the reset button pressed once, at the first second (`after_reset`).
                    let afterReset = try check.evaluate(cases[caseIndex].pressingReset(), configured: configured)
                    evaluations.append(CaseEvaluation(check: check.id, caseIndex: caseIndex, arkitFrame: frame, samples: cases[caseIndex].timed(evaluation.samples),
                                                      afterReset: cases[caseIndex].timed(afterReset.samples), notes: evaluation.notes, limit: evaluation.limit,
                                                      measuredOnCode: evaluation.measuredOnCode && afterReset.measuredOnCode,
                                                      resetViewAngles: afterReset.viewAngles,
                                                      viewAngles: evaluation.viewAngleTimes.isEmpty ? [] : evaluation.viewAngles,
                                                      viewAngleTimes: evaluation.viewAngleTimes, resetViewAngleTimes: afterReset.viewAngleTimes,
                                                      mechanism: evaluation.mechanism))
                }
            }
        }
        return evaluations
    }

    /// The checks' results from the evaluations of every case (`evaluate`, in one run or gathered from the shards
    /// of a suite), in the order the checks and cases have: the same result whichever split evaluated them.
    package static func aggregate(_ options: AuditOptions, cases: [AuditCase], evaluations: [CaseEvaluation]) throws -> AuditResult {
        let configured = options.pipeline.fixing(options.fixes)
        var (checks, devices) = try aggregate(options, cases: cases, evaluations: evaluations, configured: configured)
        if options.comparesHypotheses {
            var other = configured
            other.arkitFrame = configured.arkitFrame.other
            let (alternative, _) = try aggregate(options, cases: cases, evaluations: evaluations, configured: other)
            for i in checks.indices {
                guard let twin = alternative.first(where: { $0.id == checks[i].id }) else { continue }
                checks[i].underOtherFrame = HypothesisVerdict(arkitFrame: other.arkitFrame, p95: twin.p95, passed: twin.passed)
                // Found by evaluating under the other hypothesis: a verdict that flips rests on it.
                if twin.passed != checks[i].passed, !checks[i].restsOn.contains(.arkitFrame) {
                    checks[i].restsOn = (checks[i].restsOn + [.arkitFrame]).sorted()
                }
            }
        }
        var result = AuditResult(traces: options.traces.map { TraceSource(trace: $0.name, source: $0.trace.metadata("source")) },
                                 screens: options.screens.map(\.name), scope: options.scope, modes: options.modes, arkitFrame: configured.arkitFrame,
                                 fixes: options.fixes.sorted(), checks: checks, devices: devices,
                                 baseline: options.baseline)
        result.timelines = cases.reduce(into: [TraceTimeline]()) { list, audit in
            if !list.contains(where: { $0.trace == audit.traceName }) { list.append(TraceTimeline(audit)) }
        }
        if let replay = options.appReplay {
            result.appCode = AppCodeAudit.conformance(replay, cases: cases)
            for i in result.checks.indices {
                // From the code when every case of the check was measured on it (the hypothesis the verdict uses).
                let own = evaluations.filter { $0.check == result.checks[i].id && $0.arkitFrame == configured.arkitFrame }
                result.checks[i].shippedFrom = !own.isEmpty && own.allSatisfy(\.measuredOnCode) ? .appCode : .model
            }
        }
        return result
    }

    /// The results under `configured`'s hypothesis.
    private static func aggregate(_ options: AuditOptions, cases: [AuditCase], evaluations: [CaseEvaluation], configured: AppPipeline) throws -> ([CheckResult], [DeviceRank]) {
        var byCase: [AuditCheckID: [Int: CaseEvaluation]] = [:]
        for evaluation in evaluations where evaluation.arkitFrame == configured.arkitFrame {
            byCase[evaluation.check, default: [:]][evaluation.caseIndex] = evaluation
        }
        var checks: [CheckResult] = []
        var deviceWorst: [String: Double] = [:]
        for check in options.checks {
            let modes = options.scope.modes(of: check)
            let relevant = cases.indices.filter { modes.contains(cases[$0].mode) }
            guard let first = relevant.first else { continue }
            var samples: [TracedSample] = [], afterReset: [TracedSample] = [], notes: [String] = [], limits: [Double] = [], assumptions: [String] = []
            var resetViewAngles: [Double] = [], mechanisms: [String] = []
            // Per trace, the view-angle errors per instant (latency's plot), as shipped and after the Reset.
            var timedAngles: [(trace: String, shipped: [(time: Double, value: Double)], reset: [(time: Double, value: Double)])] = []
            // A check whose values do not depend on the case runs once, its places unlabelled.
            let labelled = check.dependsOnCase && (options.screens.count > 1 || modes.count > 1)
            let countsInVerdict = check.reachable || options.scope.gatesUnreachable
            for caseIndex in check.dependsOnCase ? relevant : [first] {
                let audit = cases[caseIndex]
                guard let evaluation = byCase[check.id]?[caseIndex] else {
                    throw FieldError(FieldPath([.key("check \(check.id.rawValue)")]), expected: "its values on case \(caseIndex + 1) (\(audit.traceName), \(audit.screen.name), \(audit.mode.rawValue), ARKit frame \(configured.arkitFrame.rawValue))", found: "none")
                }
                let prefix = labelled ? "\(audit.screen.name) \(audit.mode.rawValue): " : ""
                samples += evaluation.samples.map { sample in
                    var labelled = sample
                    labelled.frame?.caseIndex = caseIndex
                    labelled.place = prefix + sample.place
                    return TracedSample(trace: audit.traceName, sample: labelled)
                }
                afterReset += evaluation.afterReset.map { sample in
                    var labelled = sample
                    labelled.frame?.caseIndex = caseIndex
                    labelled.place = prefix + sample.place
                    return TracedSample(trace: audit.traceName, sample: labelled)
                }
                resetViewAngles += evaluation.resetViewAngles
                if !evaluation.viewAngleTimes.isEmpty {
                    timedAngles.append((audit.traceName, Array(zip(evaluation.viewAngleTimes, evaluation.viewAngles)).map { ($0, $1) },
                                        Array(zip(evaluation.resetViewAngleTimes, evaluation.resetViewAngles)).map { ($0, $1) }))
                }
                for note in evaluation.notes where !notes.contains(note) { notes.append(note) }
                if let mechanism = evaluation.mechanism, !mechanisms.contains(mechanism) { mechanisms.append(mechanism) }
                for kind in check.assumptions.sorted() {
                    let line = audit.assumption(kind, pipeline: configured)
                    if !assumptions.contains(line) { assumptions.append(line) }
                }
                if let limit = evaluation.limit { limits.append(limit) }
                if countsInVerdict, check.isGated, check.unit == .pixels, let worst = evaluation.samples.map(\.value).max() {
                    deviceWorst[audit.screen.name] = max(deviceWorst[audit.screen.name] ?? 0, worst)
                }
            }
            let limit = limits.min() ?? check.defaultLimit
            var result = CheckResult(check, samples: samples, afterReset: afterReset, limit: limit, notes: notes, assumptions: assumptions,
                                     arkitFrame: configured.arkitFrame, countsInVerdict: countsInVerdict, perTrace: check.dependsOnCase,
                                     baseline: options.baseline, mechanism: mechanisms.isEmpty ? nil : mechanisms.joined(separator: "; "))
            if result.afterReset.viewAngleErrorDeg == nil, !resetViewAngles.isEmpty {
                result.afterReset.viewAngleErrorDeg = Spread.of(resetViewAngles)
            }
            if result.series.isEmpty, countsInVerdict {
                result.series = timedAngles.compactMap { TraceSeries.ofViewAngles(trace: $0.trace, shipped: $0.shipped, afterReset: $0.reset) }
            }
            checks.append(result)
        }
        let devices = deviceWorst.map { DeviceRank(screen: $0.key, worstPx: $0.value) }
            .sorted { $0.worstPx != $1.worstPx ? $0.worstPx > $1.worstPx : $0.screen < $1.screen }
        return (checks, devices)
    }
}
