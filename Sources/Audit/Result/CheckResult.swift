import DeviceFacts
import Foundation
import Scientific
import TestedApp

/// A check's verdict under the other ARKit hypothesis (`ARKitFrame.other`).
package struct HypothesisVerdict: Codable, Sendable {
    package var arkitFrame: ARKitFrame
    package var p95: Double
    package var passed: Bool

    enum CodingKeys: String, CodingKey { case arkitFrame = "arkit_frame", p95, passed }
}

/// One trace's share of a check (over the screens and modes it ran on): a pooled p95 never hides a failing trace.
package struct TraceResult: Codable, Sendable {
    package var trace: String
    package var p95: Double
    package var worst: Double
    package var passed: Bool
    package var worstAt: String
    /// The error on this trace is one offset (`ConstantOffset`), not a spread.
    package var constantOffset: ConstantOffset?
    /// The p95 on this trace after one Reset (nil: no instant after the press).
    package var afterResetP95: Double?

    enum CodingKeys: String, CodingKey {
        case trace, p95, worst, passed, worstAt = "worst_at", constantOffset = "constant_offset", afterResetP95 = "after_reset_p95"
    }
}

/// The check for a user who presses Reset: the same traces with the app's reset button (recenter and gyro
/// reference) pressed once at the first second, measured from the press on.
package struct ResetResult: Codable, Sendable {
    package var p95: Double
    package var worst: Double
    package var passed: Bool
    /// For geometric checks: the eye and view-angle errors after the press.
    package var eyeErrorMm: Spread?
    package var viewAngleErrorDeg: Spread?

    enum CodingKeys: String, CodingKey { case p95, worst, passed, eyeErrorMm = "eye_error_mm", viewAngleErrorDeg = "view_angle_error_deg" }
}

/// What `--fix` turns on for a check, as a change to the app: its description, the Swift where the audit can
/// state it, and what it needs beyond the app's code to be right.
package struct FixAdvice: Codable, Sendable {
    package var description: String
    package var code: String?
    package var caveat: String?

    init(_ check: AuditCheck) {
        description = check.fixDescription
        code = check.fixCode
        caveat = check.fixCaveat
    }
}

/// A sample of a check with the trace it was taken on.
struct TracedSample {
    var trace: String
    var sample: CheckSample
}

/// One check's outcome over every case: mean, p95 and worst of its values (with where the worst was) against
/// its limit, per trace, in the viewer's units, and after one Reset. A gated check fails when its p95 — pooled or
/// on any one trace — exceeds the limit; it fails the audit only when it counts in the verdict (reachable in the
/// shipped app, or its mode asked for).
package struct CheckResult: Codable, Sendable {
    package var id: AuditCheckID
    package var unit: String
    package var mechanism: String
    package var limit: Double
    /// The limit in the unit the verdict uses, and what is measured in it.
    package var limitText: String
    package var gated: Bool
    package var count: Int
    package var mean: Double
    package var p95: Double
    package var worst: Double
    package var worstAt: String
    package var passed: Bool
    /// Whether the shipped app can show the behaviour (`AuditCheck.reachable`).
    package var reachable: Bool
    /// Whether the check's verdict counts in the audit's (false: unreachable code not asked for).
    package var countsInVerdict: Bool
    /// The ARKit hypothesis the values were measured under.
    package var arkitFrame: ARKitFrame
    /// What the number depends on beyond the app's code, one line each (as assumed on the cases).
    package var assumptions: [String]
    /// The hypotheses the number rests on (ids of the registry, `AuditResult.hypotheses`).
    package var restsOn: [AuditAssumption]
    /// The verdict under the other ARKit hypothesis, when compared.
    package var underOtherFrame: HypothesisVerdict?
    package var notes: [String]
    /// The pictures at the worst instant and after one Reset (files under `audit/`), when written (`AuditFrames`).
    package var frames: CheckFrames?
    /// Per trace, the values over time as the plot draws them (`TraceSeries`; case-independent checks: none).
    package var series: [TraceSeries]
    /// Geometric checks: the errors in the viewer's units.
    package var viewer: ViewerSummary?
    /// Per trace (case-independent checks: none).
    package var perTrace: [TraceResult]
    /// The error is one offset over every case, not a distribution.
    package var constantOffset: ConstantOffset?
    package var afterReset: ResetResult
    package var fix: FixAdvice
    /// What the value is measured against (`AuditBaseline`).
    package var baseline: AuditBaseline
    /// With `--app-source`: whether the shipped side was the app's own code or the model.
    package var shippedFrom: ShippedSide?
    /// The eyes at the worst instant, for image-shift checks.
    package var worstFrame: FramePose?
    /// The eyes at the worst instant after one Reset, and where and what it was.
    package var afterResetWorstFrame: (pose: FramePose, place: String, value: Double)?

    enum CodingKeys: String, CodingKey {
        case id, unit, mechanism, limit, limitText = "limit_text", gated, count, mean, p95, worst, worstAt = "worst_at", passed, notes, frames, series
        case reachable, countsInVerdict = "counts_in_verdict", arkitFrame = "arkit_frame", assumptions, restsOn = "rests_on"
        case underOtherFrame = "under_other_arkit_frame", viewer, perTrace = "per_trace", constantOffset = "constant_offset"
        case afterReset = "after_reset", fix, shippedFrom = "shipped_from", baseline
    }

    init(_ check: AuditCheck, samples: [TracedSample], afterReset: [TracedSample] = [], limit: Double, notes: [String], assumptions: [String] = [],
         arkitFrame: ARKitFrame = .gravity, countsInVerdict: Bool = true, perTrace: Bool = true, baseline: AuditBaseline = .asShipped,
         mechanism: String? = nil) {
        id = check.id
        self.baseline = check.ownBaseline ?? baseline
        unit = check.unit.symbol
        self.mechanism = mechanism ?? check.mechanism
        self.limit = limit
        gated = check.isGated
        fix = FixAdvice(check)
        limitText = check.isGated ? "p95 ≤ \(Self.number(limit, unit))\(unit == "px" ? " (largest shift of a probe point on the glass plane, unclipped)" : "") on every trace" : "not gated"
        count = samples.count
        let values = samples.map(\.sample.value)
        mean = values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
        p95 = values.isEmpty ? 0 : Statistics.quantile(values, 0.95)
        let worstIndex = values.indices.max { values[$0] < values[$1] }
        worst = worstIndex.map { values[$0] } ?? 0
        worstAt = worstIndex.map { samples[$0].sample.place } ?? "no instances"
        worstFrame = worstIndex.flatMap { samples[$0].sample.frame }
        reachable = check.reachable
        self.countsInVerdict = countsInVerdict
        self.arkitFrame = arkitFrame
        self.assumptions = assumptions
        restsOn = check.assumptions.sorted()
        self.notes = notes
        let viewers = samples.compactMap(\.sample.viewer)
        viewer = viewers.count == samples.count ? ViewerSummary(viewers) : nil
        constantOffset = viewers.count == samples.count ? ConstantOffset.of(viewers.map(\.eyeError)) : nil
        let gated = check.isGated
        self.perTrace = !perTrace ? [] : samples.map(\.trace).reduce(into: [String]()) { names, name in if names.last != name && !names.contains(name) { names.append(name) } }
            .map { trace in
                let mine = samples.filter { $0.trace == trace }
                let values = mine.map(\.sample.value)
                let worstIndex = values.indices.max { values[$0] < values[$1] }!
                let p95 = Statistics.quantile(values, 0.95)
                let offset = mine.allSatisfy { $0.sample.viewer != nil } ? ConstantOffset.of(mine.map { $0.sample.viewer!.eyeError }) : nil
                let reset = afterReset.filter { $0.trace == trace }.map(\.sample.value)
                return TraceResult(trace: trace, p95: p95, worst: values[worstIndex], passed: !gated || p95 <= limit,
                                   worstAt: mine[worstIndex].sample.place, constantOffset: offset,
                                   afterResetP95: reset.isEmpty ? nil : Statistics.quantile(reset, 0.95))
            }
        passed = !gated || (p95 <= limit && self.perTrace.allSatisfy(\.passed))
        series = !perTrace ? [] : self.perTrace.compactMap { trace in
            TraceSeries.of(trace: trace.trace, samples: samples.filter { $0.trace == trace.trace }.map(\.sample),
                           afterReset: afterReset.filter { $0.trace == trace.trace }.map(\.sample))
        }
        if let i = afterReset.indices.max(by: { afterReset[$0].sample.value < afterReset[$1].sample.value }), let pose = afterReset[i].sample.frame {
            afterResetWorstFrame = (pose, afterReset[i].sample.place, afterReset[i].sample.value)
        }
        let reset = afterReset.map(\.sample.value)
        let resetP95 = reset.isEmpty ? 0 : Statistics.quantile(reset, 0.95)
        let resetViewers = afterReset.compactMap(\.sample.viewer)
        self.afterReset = ResetResult(p95: resetP95, worst: reset.max() ?? 0, passed: !gated || resetP95 <= limit,
                                      eyeErrorMm: Spread.of(resetViewers.map { $0.eyeError.length * 1000 }),
                                      viewAngleErrorDeg: Spread.of(resetViewers.map(\.viewAngle)))
    }

    package var verdict: String {
        guard gated else { return "reported" }
        return passed ? "pass" : (countsInVerdict ? "FAIL" : "fail (not reachable)")
    }

    /// The traces on which the check fails.
    package var failingTraces: [TraceResult] { perTrace.filter { !$0.passed } }

    /// Whether the verdict differs under the other ARKit hypothesis.
    package var flipsUnderOtherFrame: Bool { underOtherFrame.map { $0.passed != passed } ?? false }

    /// Whether px figures of this check describe nothing on the screen (`ViewerSummary.pxWithheld`).
    package var pxWithheld: Bool { viewer?.pxWithheld != nil }

    package static func number(_ value: Double, _ unit: String) -> String {
        let digits = abs(value) >= 100 ? 0 : (abs(value) >= 10 ? 1 : 2)
        return String(format: "%.\(digits)f", value) + " " + unit
    }
}
