import Foundation

extension TuneRobustness {
    /// The metrics a held-out comparison prints: the objective's, the constraints' and the headline ones.
    static func shownMetrics(objective: TuneObjective, constraints: [TuneConstraint]) -> [TuneMetric] {
        var metrics: [TuneMetric] = []
        for metric in objective.terms.map(\.metric) + constraints.map(\.metric)
            + [.visibleJitterPx, .rampLagMs, .trackingPx, .swimTotalDegS] where !metrics.contains(metric) {
            metrics.append(metric)
        }
        return metrics
    }

    /// Lines for `parallax tune`'s summary.
    func lines(objective: TuneObjective, constraints: [TuneConstraint]) -> [String] {
        var lines: [String] = []
        if seeds > 1 {
            let found = perSeed.filter { $0.smoother != nil }.count
            let ranges = spread.map { "\($0.name) \(Self.g($0.median)) (\(Self.g($0.minimum))…\(Self.g($0.maximum)))" }
            lines.append("Across \(seeds) seeds: \(found) of \(seeds) searches recommend; median (range) \(ranges.isEmpty ? "n/a" : ranges.joined(separator: ", "))")
            for s in perSeed {
                let pick = s.smoother.map { "\($0), s = \(Self.g(s.movementScale!)): \(objective.description) \(Self.g(s.objective!))" } ?? "none meets the constraints"
                lines.append("  seed \(s.seed) (\(s.traces) traces): \(pick)")
            }
        }
        if let i = objectiveInterval {
            lines.append("Objective \(objective.description): \(Self.g(i.level * 100)) % bootstrap interval \(Self.g(i.low))…\(Self.g(i.high)) (\(i.computable == i.resamples ? "" : "\(i.computable) of ")\(i.resamples) resamples of \(i.traces) training traces, seed \(i.seed))")
        }
        if let h = holdout {
            let shown = Self.shownMetrics(objective: objective, constraints: constraints).map { metric -> String in
                let pair = (h.heldOut[metric], h.training[metric])
                guard let held = pair.0, let train = pair.1 else { return "\(metric.rawValue) \(pair.0.map(Self.g) ?? "n/a") vs \(pair.1.map(Self.g) ?? "n/a")" }
                return "\(metric.rawValue) \(Self.g(held)) vs \(Self.g(train))\(train != 0 ? " (\(Tuner.percent(held, train)))" : "")"
            }
            lines.append("Held out (\(h.traces.joined(separator: ", "))) vs training: \(shown.joined(separator: ", "))")
            lines.append(h.warning == nil ? "  within the ±\(Self.g(h.margin * 100)) % margin on the objective; no constraint broken" : "  \(h.warning!)")
        }
        return lines
    }

    static func g(_ value: Double) -> String { String(format: "%.4g", value) }
}
