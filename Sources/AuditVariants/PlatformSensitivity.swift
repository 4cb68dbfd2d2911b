import Analysis
import AppReplay
import Audit
import DeviceFacts
import Foundation
import Plumbing
import Scientific
import TestedApp
import Vocabulary

/// `audit --sensitivity`: the audit again under each alternative of each registry entry the simulation can switch
/// (`AuditAssumption.alternatives`: the platform's entries on the app's code, the ARKit frame on both), each against
/// the audit on the defaults. An entry none of whose alternatives flips a check's verdict is harmless.
package enum PlatformSensitivity {
    /// Moves smaller than this, relative to max(|value|, 1e-9), are not listed.
    static let unmoved = 1e-6

    /// Each entry's effects, in registry order; entries without alternatives are left out.
    package static func measure(_ options: AuditOptions, result: AuditResult) throws -> [AuditAssumption: [AlternativeEffect]] {
        guard options.appReplay != nil else { return [:] }
        let headline = try headlineMetrics(options)
        var effects: [AuditAssumption: [AlternativeEffect]] = [:]
        for entry in AuditAssumption.allCases {
            // The ARKit frame's alternative is the hypothesis the audit does not run under.
            let alternatives = entry == .arkitFrame ? ["arkit-frame=\(options.pipeline.arkitFrame.other.rawValue)"] : entry.alternatives
            for alternative in alternatives {
                let changed = try options.assuming(alternative)
                let other = try AppAudit.run(changed)
                var moves = result.checks.filter(\.countsInVerdict).compactMap { check -> AlternativeEffect.Move? in
                    guard let twin = other.checks.first(where: { $0.id == check.id }) else { return nil }
                    return AlternativeEffect.Move(measure: check.id.rawValue, unit: check.unit, value: check.p95, underAlternative: twin.p95,
                                                  limit: check.limit, crossesLimit: twin.passed != check.passed)
                }
                let moved = try headlineMetrics(changed)
                moves += headline.keys.sorted().compactMap { key in
                    guard let value = headline[key], let now = moved[key] else { return nil }
                    return AlternativeEffect.Move(measure: key, unit: key.hasSuffix("_ms") ? "ms" : "px", value: value, underAlternative: now,
                                                  limit: nil, crossesLimit: false)
                }
                effects[entry, default: []].append(AlternativeEffect(
                    alternative: alternative,
                    moves: moves.filter { abs($0.underAlternative - $0.value) > unmoved * max(abs($0.value), 1e-9) || $0.crossesLimit }))
            }
        }
        return effects
    }

    /// The headline's latency, visible jitter and parallax error of the app's code (`TraceAnalysisReport.metrics`,
    /// the suite's one mapping), the median over the audited traces that have truth, on the first screen.
    static func headlineMetrics(_ options: AuditOptions) throws -> [String: Double] {
        guard let replay = options.appReplay, let screen = options.screens.first else { return [:] }
        let app = CodeApp(replay)
        var values: [String: [Double]] = [:]
        for (name, trace) in options.traces where trace.truth != nil {
            let report = try TraceAnalysis.analyze(trace, traceName: name, app: app, screen: screen, arkitFrame: options.pipeline.arkitFrame)
            let metrics = report.metrics(accuracy: report.parallax, swim: report.swim, effectGain: report.effectGainPxPerCm)
            for key in [MetricDescriptor.latencyP95Ms, .visibleJitterPx, .parallaxErrorP95Px] {
                if let value = metrics[metric: key] { values[key.name, default: []].append(value) }
            }
        }
        return values.mapValues { Statistics.median($0) }
    }
}

extension AuditOptions {
    /// The options with one alternative (`id=value`, as `AuditAssumption.alternatives` writes it) in force.
    func assuming(_ alternative: String) throws -> AuditOptions {
        var options = self
        if alternative.hasPrefix("arkit-frame="), let frame = ARKitFrame(rawValue: String(alternative.dropFirst("arkit-frame=".count))) {
            options.pipeline.arkitFrame = frame
        } else if alternative.hasPrefix("sensor-rates=") {
            options.appReplay?.platform.rates = try SensorRates(parsing: String(alternative.dropFirst("sensor-rates=".count)))
        } else if let platform = try options.appReplay?.platform.assuming(alternative) {
            options.appReplay?.platform = platform
        }
        return options
    }
}

extension AuditResult {
    /// Each registry entry's effects (`PlatformSensitivity.measure`), on its entry in `hypotheses`.
    package mutating func measureSensitivity(_ options: AuditOptions) throws {
        let effects = try PlatformSensitivity.measure(options, result: self)
        for i in hypotheses.indices where !hypotheses[i].alternatives.isEmpty {
            hypotheses[i].sensitivity = effects[hypotheses[i].id] ?? []
        }
    }
}
