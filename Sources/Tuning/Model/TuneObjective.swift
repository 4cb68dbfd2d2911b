import Foundation
import Vocabulary

/// The metrics of one configuration (smoother point × movement scale), pooled over the traces; each is a
/// `MetricDescriptor` (`TuneMetric+Descriptor.swift`: name, unit, meaning, aliases). A metric parses from its
/// name or an alias (`lag_ms` is `ramp_lag_ms`) and prints as its name.
package enum TuneMetric: CaseIterable, Sendable, RawRepresentable {
    case rampLagMs
    case jitterMm
    case visibleJitterPx
    case visibleJitterMm
    case trackingPx
    case trackingMm
    case exaggerationPx
    case exaggerationMm
    case totalPx
    case totalMm
    case gainPxPerCm
    case swimTrackingDegS
    case swimExaggerationDegS
    case swimTotalDegS

    package var rawValue: String { descriptor.name }

    package init?(rawValue: String) {
        guard let metric = Self.allCases.first(where: { $0.descriptor.isNamed(rawValue) }) else { return nil }
        self = metric
    }

    static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    static func parse(_ text: String, field: String) throws -> TuneMetric {
        guard let metric = TuneMetric(rawValue: text.trimmingCharacters(in: .whitespaces)) else {
            throw FieldError(field, expected: "one of: \(names)", found: "an unknown metric '\(text)'")
        }
        return metric
    }
}

/// Metric values of one configuration; nil where not computable (no ramps, no stationary stretch).
package struct TuneMetrics: Codable, Equatable, Sendable {
    package var rampLagMs: Double?
    package var jitterMm: Double?
    package var visibleJitterPx: Double?
    package var visibleJitterMm: Double?
    package var trackingPx: Double
    package var trackingMm: Double
    package var exaggerationPx: Double
    package var exaggerationMm: Double
    package var totalPx: Double
    package var totalMm: Double
    package var gainPxPerCm: Double
    package var swimTrackingDegS: Double?
    package var swimExaggerationDegS: Double?
    package var swimTotalDegS: Double?

    package subscript(metric: TuneMetric) -> Double? {
        switch metric {
        case .rampLagMs: return rampLagMs
        case .jitterMm: return jitterMm
        case .visibleJitterPx: return visibleJitterPx
        case .visibleJitterMm: return visibleJitterMm
        case .trackingPx: return trackingPx
        case .trackingMm: return trackingMm
        case .exaggerationPx: return exaggerationPx
        case .exaggerationMm: return exaggerationMm
        case .totalPx: return totalPx
        case .totalMm: return totalMm
        case .gainPxPerCm: return gainPxPerCm
        case .swimTrackingDegS: return swimTrackingDegS
        case .swimExaggerationDegS: return swimExaggerationDegS
        case .swimTotalDegS: return swimTotalDegS
        }
    }
}

/// What to minimise: a weighted sum of metrics, `visible_jitter_px` or `visible_jitter_px+0.01*ramp_lag_ms`
/// (terms joined by `+`; a term is `metric` or `weight*metric`; a negative weight maximises, e.g.
/// `visible_jitter_px+-0.1*gain_px_per_cm`).
package struct TuneObjective: Sendable, Equatable, CustomStringConvertible {
    package var terms: [(weight: Double, metric: TuneMetric)]
    package var description: String

    package static func == (a: TuneObjective, b: TuneObjective) -> Bool { a.description == b.description }

    package init(_ raw: String) throws {
        let text = raw.replacingOccurrences(of: " ", with: "")
        let form = "metric or weight*metric joined by '+' (e.g. visible_jitter_px+0.01*ramp_lag_ms)"
        guard !text.isEmpty else { throw FieldError("objective", expected: form, found: "an empty objective") }
        var canonical: [String] = []
        terms = try text.split(separator: "+", omittingEmptySubsequences: false).map { term in
            let parts = term.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
            switch parts.count {
            case 1:
                let metric = try TuneMetric.parse(parts[0], field: "objective")
                canonical.append(metric.rawValue)
                return (1, metric)
            case 2:
                guard let weight = Double(parts[0]), weight.isFinite else {
                    throw FieldError("objective", expected: form, found: "weight '\(parts[0])' in '\(term)', not a number")
                }
                let metric = try TuneMetric.parse(parts[1], field: "objective")
                canonical.append(parts[0] + "*" + metric.rawValue)
                return (weight, metric)
            default: throw FieldError("objective", expected: form, found: "term '\(term)'")
            }
        }
        // As written, with every metric under its current name (an alias such as lag_ms becomes ramp_lag_ms).
        description = canonical.joined(separator: "+")
    }

    /// The objective's value; nil when a metric it uses is nil.
    package func value(_ metrics: TuneMetrics) -> Double? {
        var sum = 0.0
        for term in terms {
            guard let value = metrics[term.metric] else { return nil }
            sum += term.weight * value
        }
        return sum
    }
}

/// A bound on a metric: `ramp_lag_ms<=50`, `gain_px_per_cm>=8`, or against the app's default configuration
/// (ema α = 0.25, s = 1.5): `gain_px_per_cm>=app`.
package struct TuneConstraint: Sendable, Equatable, CustomStringConvertible {
    package enum Relation: String, Sendable { case atMost = "<=", atLeast = ">=" }
    package var metric: TuneMetric
    package var relation: Relation
    /// nil: the app default's value.
    package var bound: Double?
    package var description: String

    package init(_ raw: String) throws {
        let text = raw.replacingOccurrences(of: " ", with: "")
        let form = "metric<=value, metric>=value or metric>=app (e.g. ramp_lag_ms<=50)"
        let relation: Relation
        let pieces: [String]
        if text.contains("<=") {
            relation = .atMost
            pieces = text.components(separatedBy: "<=")
        } else if text.contains(">=") {
            relation = .atLeast
            pieces = text.components(separatedBy: ">=")
        } else {
            throw FieldError("constraints", expected: form, found: "'\(raw)'")
        }
        guard pieces.count == 2 else { throw FieldError("constraints", expected: form, found: "'\(raw)'") }
        metric = try TuneMetric.parse(pieces[0], field: "constraints")
        self.relation = relation
        if pieces[1] == "app" {
            bound = nil
        } else {
            guard let value = Double(pieces[1]), value.isFinite else {
                throw FieldError("constraints", expected: form, found: "bound '\(pieces[1])' in '\(raw)', not a number or 'app'")
            }
            bound = value
        }
        description = metric.rawValue + relation.rawValue + pieces[1]
    }

    /// How far `metrics` is outside the constraint (0 when satisfied); nil when the metric is nil.
    package func violation(_ metrics: TuneMetrics, app: TuneMetrics) -> Double? {
        guard let value = metrics[metric], let limit = bound ?? app[metric] else { return nil }
        switch relation {
        case .atMost: return max(0, value - limit)
        case .atLeast: return max(0, limit - value)
        }
    }

    /// The bound as a number (the app default's value for `app`).
    package func limit(app: TuneMetrics) -> Double? { bound ?? app[metric] }
}
