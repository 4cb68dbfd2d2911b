import Analysis
import AppReplay
import Foundation
import Plumbing
import Scientific
import TestedApp
import Vocabulary

/// One alternative of a registry entry and what it does to the audit's numbers on the app's code: each counted
/// check's p95 and the headline's latency, visible jitter and parallax error, beside the same on the defaults.
package struct AlternativeEffect: Codable, Sendable, Equatable {
    package struct Move: Codable, Sendable, Equatable {
        /// A check id, or a headline metric's key (`latency_p95_ms`, `visible_jitter_px`, `parallax_error_p95_px`).
        package var measure: String
        package var unit: String
        package var value: Double
        package var underAlternative: Double
        /// The check's limit; nil for a headline metric (its budgets are the suite's).
        package var limit: Double?
        /// The check's verdict differs under the alternative.
        package var crossesLimit: Bool

        enum CodingKeys: String, CodingKey {
            case measure, unit, value, underAlternative = "under_alternative", limit, crossesLimit = "crosses_limit"
        }

        /// "latency_p95_ms 153 → 161 ms".
        var text: String {
            "\(measure) \(CheckResult.number(value, unit)) → \(CheckResult.number(underAlternative, unit))\(crossesLimit ? " (verdict flips)" : "")"
        }
    }

    /// As `--assume`, `--rates` or `--arkit-frame` writes it: `sensor-rates=motion=52.6`.
    package var alternative: String
    /// Every measure the alternative moves by more than `PlatformSensitivity.unmoved` (relative).
    package var moves: [Move]
    package var crossesLimit: Bool { moves.contains(where: \.crossesLimit) }

    enum CodingKeys: String, CodingKey { case alternative, moves, crossesLimit = "crosses_limit" }

    package init(alternative: String, moves: [Move]) {
        self.alternative = alternative
        self.moves = moves
    }

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(alternative: try c.decode(String.self, forKey: .alternative), moves: try c.decode([Move].self, forKey: .moves))
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(alternative, forKey: .alternative)
        try c.encode(moves, forKey: .moves)
        try c.encode(crossesLimit, forKey: .crossesLimit)
    }

    /// "under sensor-rates=…: latency_p95_ms 153 → 161 ms; recenter-idempotent …", or "moves nothing".
    var text: String {
        "under \(alternative): " + (moves.isEmpty ? "moves nothing" : moves.map(\.text).joined(separator: "; "))
    }
}

/// `audit --sensitivity`: the audit again under each alternative of each registry entry the simulation can switch
/// (`AuditAssumption.alternatives`: the platform's entries on the app's code, the ARKit frame on both), each against
/// the audit on the defaults. An entry none of whose alternatives flips a check's verdict is harmless.
package enum PlatformSensitivity {
    /// The rates evaluated: CoreMotion delivering about every 0.019 s when 1/60 s is asked (reported on devices),
    /// and the app's view drawn at 120 Hz on a ProMotion panel.
    package static let rateAlternatives = ["motion=52.6", "display=120"]
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
