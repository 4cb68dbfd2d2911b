import Foundation

/// The metrics of one configuration (smoother point × movement scale), pooled over the traces.
///
/// - `lag_ms`: the filter's own steady-state ramp lag (mean over traces; see `TuneEvaluator`).
/// - `jitter_mm`: stationary jitter, RMS 3D norm (mean over traces with stationary stretches).
/// - `visible_jitter_px` / `_mm`: RMS frame-to-frame motion on the glass of the cube-room points while the
///   true head is still (the same definition as `ParallaxAccuracy`'s visible jitter).
/// - `tracking_*`, `exaggeration_*`, `total_*`: RMS parallax error parts (as `ParallaxAccuracy`).
/// - `gain_px_per_cm`: on-screen shift of the back wall per cm of head motion, s·D/(z + D)·ppm/100.
/// - `swim_tracking_deg_s`, `swim_exaggeration_deg_s`, `swim_total_deg_s`: RMS swim of those error parts, °/s of
///   visual angle at the true eye (`Swim`; its continuous-time rate, see `SwimSums`).
public enum TuneMetric: String, CaseIterable, Sendable, Codable {
    case lagMs = "lag_ms"
    case jitterMm = "jitter_mm"
    case visibleJitterPx = "visible_jitter_px"
    case visibleJitterMm = "visible_jitter_mm"
    case trackingPx = "tracking_px"
    case trackingMm = "tracking_mm"
    case exaggerationPx = "exaggeration_px"
    case exaggerationMm = "exaggeration_mm"
    case totalPx = "total_px"
    case totalMm = "total_mm"
    case gainPxPerCm = "gain_px_per_cm"
    case swimTrackingDegS = "swim_tracking_deg_s"
    case swimExaggerationDegS = "swim_exaggeration_deg_s"
    case swimTotalDegS = "swim_total_deg_s"

    static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    static func parse(_ text: String, context: String) throws -> TuneMetric {
        guard let metric = TuneMetric(rawValue: text.trimmingCharacters(in: .whitespaces)) else {
            throw TuneError("\(context): unknown metric '\(text)'; expected one of: \(names)")
        }
        return metric
    }
}

/// Metric values of one configuration; nil where not computable (no ramps, no stationary stretch).
public struct TuneMetrics: Codable, Equatable, Sendable {
    public var lagMs: Double?
    public var jitterMm: Double?
    public var visibleJitterPx: Double?
    public var visibleJitterMm: Double?
    public var trackingPx: Double
    public var trackingMm: Double
    public var exaggerationPx: Double
    public var exaggerationMm: Double
    public var totalPx: Double
    public var totalMm: Double
    public var gainPxPerCm: Double
    public var swimTrackingDegS: Double?
    public var swimExaggerationDegS: Double?
    public var swimTotalDegS: Double?

    public subscript(metric: TuneMetric) -> Double? {
        switch metric {
        case .lagMs: return lagMs
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

/// What to minimise: a weighted sum of metrics, `visible_jitter_px` or `visible_jitter_px+0.01*lag_ms`
/// (terms joined by `+`; a term is `metric` or `weight*metric`; a negative weight maximises, e.g.
/// `visible_jitter_px+-0.1*gain_px_per_cm`).
public struct TuneObjective: Sendable, Equatable, CustomStringConvertible {
    public var terms: [(weight: Double, metric: TuneMetric)]
    public var description: String

    public static func == (a: TuneObjective, b: TuneObjective) -> Bool { a.description == b.description }

    public init(_ raw: String) throws {
        let text = raw.replacingOccurrences(of: " ", with: "")
        let form = "expected metric or weight*metric joined by '+' (e.g. visible_jitter_px+0.01*lag_ms)"
        guard !text.isEmpty else { throw TuneError("objective: empty; \(form)") }
        terms = try text.split(separator: "+", omittingEmptySubsequences: false).map { term in
            let parts = term.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
            switch parts.count {
            case 1: return (1, try TuneMetric.parse(parts[0], context: "objective"))
            case 2:
                guard let weight = Double(parts[0]), weight.isFinite else {
                    throw TuneError("objective: weight '\(parts[0])' in '\(term)' is not a number; \(form)")
                }
                return (weight, try TuneMetric.parse(parts[1], context: "objective"))
            default: throw TuneError("objective: term '\(term)'; \(form)")
            }
        }
        description = text
    }

    /// The objective's value; nil when a metric it uses is nil.
    public func value(_ metrics: TuneMetrics) -> Double? {
        var sum = 0.0
        for term in terms {
            guard let value = metrics[term.metric] else { return nil }
            sum += term.weight * value
        }
        return sum
    }
}

/// A bound on a metric: `lag_ms<=50`, `gain_px_per_cm>=8`, or against the app's default configuration
/// (ema α = 0.25, s = 1.5): `gain_px_per_cm>=app`.
public struct TuneConstraint: Sendable, Equatable, CustomStringConvertible {
    public enum Relation: String, Sendable { case atMost = "<=", atLeast = ">=" }
    public var metric: TuneMetric
    public var relation: Relation
    /// nil: the app default's value.
    public var bound: Double?
    public var description: String

    public init(_ raw: String) throws {
        let text = raw.replacingOccurrences(of: " ", with: "")
        let form = "expected metric<=value, metric>=value or metric>=app (e.g. lag_ms<=50)"
        let relation: Relation
        let pieces: [String]
        if text.contains("<=") {
            relation = .atMost
            pieces = text.components(separatedBy: "<=")
        } else if text.contains(">=") {
            relation = .atLeast
            pieces = text.components(separatedBy: ">=")
        } else {
            throw TuneError("constraint: '\(raw)'; \(form)")
        }
        guard pieces.count == 2 else { throw TuneError("constraint: '\(raw)'; \(form)") }
        metric = try TuneMetric.parse(pieces[0], context: "constraint")
        self.relation = relation
        if pieces[1] == "app" {
            bound = nil
        } else {
            guard let value = Double(pieces[1]), value.isFinite else {
                throw TuneError("constraint: bound '\(pieces[1])' in '\(raw)' is not a number or 'app'; \(form)")
            }
            bound = value
        }
        description = text
    }

    /// How far `metrics` is outside the constraint (0 when satisfied); nil when the metric is nil.
    public func violation(_ metrics: TuneMetrics, app: TuneMetrics) -> Double? {
        guard let value = metrics[metric], let limit = bound ?? app[metric] else { return nil }
        switch relation {
        case .atMost: return max(0, value - limit)
        case .atLeast: return max(0, limit - value)
        }
    }

    /// The bound as a number (the app default's value for `app`).
    public func limit(app: TuneMetrics) -> Double? { bound ?? app[metric] }
}
