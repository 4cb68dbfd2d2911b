import Foundation
import Scientific

/// A check's verdict under the other ARKit hypothesis (`ARKitFrame.other`).
package struct HypothesisVerdict: Codable, Sendable {
    package var arkitFrame: ARKitFrame
    package var p95: Double
    package var passed: Bool
}

/// One check's outcome over every case: mean, p95 and worst of its values (with where the worst was),
/// against its limit. A gated check fails when its p95 exceeds the limit; it fails the audit only when it
/// counts in the verdict (reachable in the shipped app, or its mode asked for).
package struct CheckResult: Codable, Sendable {
    package var id: AuditCheckID
    package var unit: String
    package var mechanism: String
    package var limit: Double
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
    /// What the number depends on beyond the app's code, one line each.
    package var assumptions: [String]
    /// The verdict under the other ARKit hypothesis, when compared.
    package var underOtherFrame: HypothesisVerdict?
    package var notes: [String]
    /// The file name of the frames at the worst instant (app | true window | difference), when written.
    package var frame: String?
    /// The eyes at the worst instant, for image-shift checks.
    var worstFrame: FramePose?
    /// With `--app-source`: whether the shipped side was the app's own code or the model.
    package var shippedFrom: ShippedSide?

    enum CodingKeys: String, CodingKey {
        case id, unit, mechanism, limit, gated, count, mean, p95, worst, worstAt, passed, notes, frame
        case reachable, countsInVerdict = "counts_in_verdict", arkitFrame = "arkit_frame", assumptions
        case underOtherFrame = "under_other_arkit_frame", shippedFrom = "shipped_from"
    }

    init(_ id: AuditCheckID, samples: [CheckSample], limit: Double, notes: [String], assumptions: [String] = [],
         arkitFrame: ARKitFrame = .gravity, countsInVerdict: Bool = true) {
        self.id = id
        unit = id.unit
        mechanism = id.mechanism
        self.limit = limit
        gated = id.isGated
        count = samples.count
        let values = samples.map(\.value)
        mean = values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
        p95 = values.isEmpty ? 0 : Statistics.quantile(values, 0.95)
        let worstIndex = values.indices.max { values[$0] < values[$1] }
        worst = worstIndex.map { values[$0] } ?? 0
        worstAt = worstIndex.map { samples[$0].place } ?? "no instances"
        worstFrame = worstIndex.flatMap { samples[$0].frame }
        passed = !id.isGated || p95 <= limit
        reachable = id.isReachable
        self.countsInVerdict = countsInVerdict
        self.arkitFrame = arkitFrame
        self.assumptions = assumptions
        self.notes = notes
    }

    package var verdict: String {
        guard gated else { return "reported" }
        return passed ? "pass" : (countsInVerdict ? "FAIL" : "fail (not reachable)")
    }

    /// Whether the verdict differs under the other ARKit hypothesis.
    package var flipsUnderOtherFrame: Bool { underOtherFrame.map { $0.passed != passed } ?? false }
}

/// Where a check's shipped values came from (`parallax audit --app-source`).
package enum ShippedSide: String, Codable, Sendable {
    /// The app's own code, replayed on simulated sensors.
    case appCode = "app code"
    /// The model (`AppPipeline`): a check that isolates one behaviour, a fix, or a mode the replay does not drive.
    case model
}

/// A device and its worst px error over the gated px checks.
package struct DeviceRank: Codable, Sendable {
    package var screen: String
    package var worstPx: Double
}

/// The audit's result: every check, the device ranking, and whether every gated check held.
package struct AuditResult: Codable, Sendable {
    package var schema = 2
    package var traces: [String]
    package var screens: [String]
    /// `shipped` (the default: the cube gated, splat-only checks reported as unreachable), `cube`, `splat`, `both`.
    package var scope: AuditScope
    package var modes: [AppMode]
    package var arkitFrame: ARKitFrame
    package var fixes: [AuditCheckID]
    package var checks: [CheckResult]
    package var ranking: [DeviceRank]
    /// With `--app-source`: the model against the app's own code on the audit's cube cases.
    package var appCode: AppCodeConformance?
    /// With `--recording`: the ARKit frame was measured by that recording, not assumed (issue 37).
    package var recording: MeasuredARKitFrame?

    /// Where the shipped app's reach is read: its tab bar holds Camera (the cube) and Settings only.
    package static let reachSource = "AristidesAI/Splat-Frame @ 4ca7217, Splat Frame/Views/MainTabView.swift:70–78"

    package var passed: Bool { checks.allSatisfy { $0.passed || !$0.countsInVerdict } }
    package var failing: [CheckResult] { checks.filter { !$0.passed && $0.countsInVerdict } }
    /// The checks of code the shipped app cannot reach that were evaluated without being asked for.
    package var unreachable: [CheckResult] { checks.filter { !$0.countsInVerdict } }

    /// Deterministic JSON (sorted keys).
    package func jsonData() throws -> Data {
        let encoder = JSONEncoder.deterministic()
        return try encoder.encode(self) + Data("\n".utf8)
    }

    /// The text table.
    package var text: String {
        var lines = ["App audit: \(traces.count) traces × \(screens.count) screens × \(scope.rawValue) (\(modes.map(\.rawValue).joined(separator: "+"))), ARKit frame \(arkitFrame.rawValue)"
                     + (fixes.isEmpty ? " (the app as shipped)" : " with fixes: \(fixes.map(\.rawValue).joined(separator: ", "))")]
        if let recording { lines.append(recording.line) }
        if let appCode {
            lines.append(appCode.line)
            let fromCode = checks.filter { $0.shippedFrom == .appCode }.map(\.id.rawValue)
            lines.append("shipped side from the app's code: \(fromCode.isEmpty ? "none" : fromCode.joined(separator: ", ")); "
                         + "the other checks isolate one behaviour (or a fix) and stay models")
        }
        lines += Self.table(checks.filter(\.countsInVerdict))
        if !unreachable.isEmpty {
            lines.append("Compiled but not reachable in the shipped app (\(Self.reachSource)); reported, not gated (--mode splat|both gates them):")
            lines += Self.table(unreachable)
        }
        for c in checks where !c.passed { lines.append("\(c.id.rawValue): \(c.mechanism)") }
        for c in checks where c.flipsUnderOtherFrame {
            lines.append("\(c.id.rawValue): \(c.passed ? "passes" : "fails") under the \(arkitFrame.rawValue) frame, \(c.underOtherFrame!.passed ? "passes" : "fails") under \(c.underOtherFrame!.arkitFrame.rawValue) (p95 \(Self.number(c.underOtherFrame!.p95, c.unit)))")
        }
        lines.append("Assumptions:")
        for line in assumptions { lines.append("  - \(line)") }
        if ranking.count > 1 {
            lines.append("devices by worst error: " + ranking.map { "\($0.screen) \(Self.number($0.worstPx, "px"))" }.joined(separator: ", "))
        }
        let failing = failing.map(\.id.rawValue)
        lines.append(failing.isEmpty ? "PASS: every check within its limit" : "FAIL: \(failing.joined(separator: ", "))")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every check's assumptions, once each, in check order.
    package var assumptions: [String] {
        checks.flatMap(\.assumptions).reduce(into: [String]()) { list, line in if !list.contains(line) { list.append(line) } }
    }

    static func table(_ checks: [CheckResult]) -> [String] {
        let header = ["check", "mean", "p95", "worst", "limit", "status", "worst at"]
        var rows = [header]
        for c in checks {
            rows.append([c.id.rawValue, number(c.mean, c.unit), number(c.p95, c.unit), number(c.worst, c.unit),
                         c.gated ? "≤ " + number(c.limit, c.unit) : "—", c.verdict, c.worstAt])
        }
        let widths = header.indices.map { i in rows.map { $0[i].count }.max()! }
        return rows.map { row in row.indices.map { i in row[i].padding(toLength: widths[i], withPad: " ", startingAt: 0) }.joined(separator: "  ") }
    }

    static func number(_ value: Double, _ unit: String) -> String {
        let digits = abs(value) >= 100 ? 0 : (abs(value) >= 10 ? 1 : 2)
        return String(format: "%.\(digits)f", value) + " " + unit
    }
}
