import DeviceFacts
import Foundation
import Plumbing
import TestedApp

/// A device and its worst px error over the gated px checks.
package struct DeviceRank: Codable, Sendable {
    package var screen: String
    package var worstPx: Double

    enum CodingKeys: String, CodingKey { case screen, worstPx = "worst_px" }
}

/// What to fix first: a failing check by what the viewer sees after one Reset (its view-angle p95, the one unit every
/// check is ranked in; latency and tracking-loss by the view-angle error their delay causes), its own measure beside
/// it, and the hypotheses its number rests on.
package struct CheckRank: Codable, Sendable {
    package var check: AuditCheckID
    package var viewAngleP95AfterResetDeg: Double
    /// The check's own value after one Reset (p95, in `unit`).
    package var afterResetP95: Double
    package var unit: String
    package var passedAfterReset: Bool
    package var baseline: AuditBaseline
    package var restsOn: [AuditAssumption]

    enum CodingKeys: String, CodingKey {
        case check, viewAngleP95AfterResetDeg = "view_angle_p95_after_reset_deg", afterResetP95 = "after_reset_p95", unit
        case passedAfterReset = "passed_after_reset", baseline, restsOn = "rests_on"
    }

    /// "35.06° (after Reset 4005 px; as shipped)".
    var measures: String {
        "\(format(viewAngleP95AfterResetDeg, digits: 2))° (after Reset \(CheckResult.number(afterResetP95, unit))\(passedAfterReset ? ", passes" : ""); \(baseline.rawValue))"
    }
}

/// Where a trace came from (its `# source:` line): a synthetic trace says so wherever its numbers are shown.
package struct TraceSource: Codable, Sendable {
    package var trace: String
    package var source: String
    package var synthetic: Bool

    /// `parallax synth` writes this source line.
    static let synthesizer = "parallax synth"

    package init(trace: String, source: String?) {
        self.trace = trace
        self.source = source ?? "unknown (no # source: line)"
        synthetic = [Self.synthesizer, RecordedTrace.syntheticSource].contains { source?.hasPrefix($0) ?? false }
    }
}

/// The audit's result (audit.json, schema 3, snake_case keys; docs/audit.md): every check, what to fix first, the
/// hypotheses the numbers rest on, the device ranking, and whether every gated check held.
package struct AuditResult: Codable, Sendable {
    package var schema = 3
    package var traces: [String]
    package var traceSources: [TraceSource]
    package var screens: [String]
    /// `shipped` (the default: the cube gated, splat-only checks reported as unreachable), `cube`, `splat`, `both`.
    package var scope: AuditScope
    package var modes: [AppMode]
    package var arkitFrame: ARKitFrame
    package var fixes: [AuditCheckID]
    /// What the checks are measured against unless a check says otherwise (`CheckResult.baseline`).
    package var baseline: AuditBaseline
    /// When a user presses Reset in `after_reset` (s after each trace's first sample).
    package var resetPressedAt: Double
    package var checks: [CheckResult]
    /// Each trace's clock as the checks' plots draw it (span, Reset press, tracking loss).
    package var timelines: [TraceTimeline] = []
    /// The counted failing checks by view-angle p95 after one Reset, largest first.
    package var ranking: [CheckRank]
    /// Devices by their worst px error (several screens).
    package var devices: [DeviceRank]
    /// The registry entries of every hypothesis a check rests on.
    package var hypotheses: [Hypothesis]
    /// The device probe the platform was measured by (`audit --probe`), if any.
    package var probe: MeasuredPlatform?
    /// With `--app-source`: the model against the app's own code on the audit's cube cases.
    package var appCode: AppCodeConformance?
    /// With `--recording`: the ARKit frame was measured by that recording, not assumed (issue 37).
    package var recording: MeasuredARKitFrame?
    /// With `--patches`: each failing check's fix as a patch to the app's code, measured after it is applied.
    package var patches: AuditPatches?

    enum CodingKeys: String, CodingKey {
        case schema, traces, traceSources = "trace_sources", screens, scope, modes, arkitFrame = "arkit_frame", fixes, baseline
        case resetPressedAt = "reset_pressed_at_s", checks, timelines, ranking, devices, hypotheses, appCode = "app_code", recording, patches, probe
    }

    init(traces: [TraceSource], screens: [String], scope: AuditScope, modes: [AppMode], arkitFrame: ARKitFrame, fixes: [AuditCheckID],
         checks: [CheckResult], devices: [DeviceRank], baseline: AuditBaseline = .asShipped) {
        self.baseline = baseline
        self.traces = traces.map(\.trace)
        traceSources = traces
        self.screens = screens
        self.scope = scope
        self.modes = modes
        self.arkitFrame = arkitFrame
        self.fixes = fixes
        resetPressedAt = AuditCase.resetPressTime
        self.checks = checks
        ranking = checks.filter { $0.countsInVerdict && $0.gated && !$0.passed }.compactMap { c in
            c.afterReset.viewAngleErrorDeg.map {
                CheckRank(check: c.id, viewAngleP95AfterResetDeg: $0.p95, afterResetP95: c.afterReset.p95, unit: c.unit, passedAfterReset: c.afterReset.passed,
                          baseline: c.baseline, restsOn: c.restsOn)
            }
        }.sorted { $0.viewAngleP95AfterResetDeg != $1.viewAngleP95AfterResetDeg ? $0.viewAngleP95AfterResetDeg > $1.viewAngleP95AfterResetDeg : $0.check < $1.check }
        self.devices = devices
        hypotheses = AuditAssumption.allCases.map(\.hypothesis)
    }

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

    /// Every check's assumptions, once each, in check order.
    package var assumptions: [String] {
        checks.flatMap(\.assumptions).reduce(into: [String]()) { list, line in if !list.contains(line) { list.append(line) } }
    }

    /// "traces: synthetic (parallax synth 0.1.0)", or the recordings' names and sources.
    package var tracesLine: String {
        let synthetic = traceSources.filter(\.synthetic), recorded = traceSources.filter { !$0.synthetic }
        var parts: [String] = []
        if !synthetic.isEmpty {
            let sources = synthetic.map(\.source).reduce(into: [String]()) { list, s in if !list.contains(s) { list.append(s) } }
            parts.append("synthetic (\(sources.joined(separator: ", "))): \(synthetic.map(\.trace).joined(separator: ", ")) — their device tilts and truth are the generator's")
        }
        if !recorded.isEmpty { parts.append("recorded: " + recorded.map { "\($0.trace) (\($0.source))" }.joined(separator: ", ")) }
        return "traces: " + parts.joined(separator: "; ")
    }

    package static func number(_ value: Double, _ unit: String) -> String { CheckResult.number(value, unit) }
}

/// Where a check's shipped values came from (`parallax audit --app-source`).
package enum ShippedSide: String, Codable, Sendable {
    /// The app's own code, replayed on simulated sensors.
    case appCode = "app code"
    /// The model (`AppPipeline`): a check that isolates one behaviour, a fix, or a mode the replay does not drive.
    case model
}

extension AuditResult {
    /// The entries the probe decided become `measured`, and the result names the probe.
    package mutating func settle(by measured: MeasuredPlatform) {
        probe = measured
        for i in hypotheses.indices where measured.measured.contains(hypotheses[i].id) { hypotheses[i].status = .measured }
    }
}
