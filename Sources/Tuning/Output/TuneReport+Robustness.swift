import Foundation
import Reporting

extension TuneReport {
    /// The robustness section: each seed's recommendation, the spread, the bootstrap interval and the held-out
    /// comparison (with its warning); nil without `--seeds`/`--holdout`.
    static func robustnessSection(_ result: TuneResult) -> ReportPage.Section? {
        guard let robustness = result.robustness, let objective = try? TuneObjective(result.setup.objective) else { return nil }
        let constraints = result.setup.constraints.compactMap { try? TuneConstraint($0) }
        var nodes: [Node] = []
        if robustness.seeds > 1 {
            nodes.append(HTML.el("p", .text("Each seed's traces searched alone (recordings in every search); the pooled recommendation is the one above.")))
            nodes.append(table(["seed", "traces", "recommended", "movementScale", objective.description], robustness.perSeed.map { s in
                [text("\(s.seed)"), text("\(s.traces)"), text(s.smoother ?? "none meets the constraints"),
                 number(s.movementScale), number(s.objective, 4)]
            }))
            nodes.append(table(["parameter", "median", "min", "max", "seeds"], robustness.spread.map { p in
                [text(p.name), number(p.median, 4), number(p.minimum, 4), number(p.maximum, 4), text("\(p.seeds)")]
            }))
        }
        if let i = robustness.objectiveInterval {
            nodes.append(HTML.el("p", .text("Objective \(objective.description): \(String(format: "%.4g", i.level * 100)) % percentile bootstrap interval \(String(format: "%.4g", i.low))…\(String(format: "%.4g", i.high)) (\(i.computable == i.resamples ? "" : "\(i.computable) of ")\(i.resamples) resamples of the \(i.traces) training traces, seed \(i.seed)).")))
        }
        if let h = robustness.holdout {
            nodes.append(HTML.el("p", .text("Held out: \(h.traces.joined(separator: ", ")) — never seen by the search.")))
            nodes.append(table(["metric", "held out", "training"], TuneRobustness.shownMetrics(objective: objective, constraints: constraints).map { m in
                [text(m.rawValue), number(h.heldOut[m], 4), number(h.training[m], 4)]
            }))
            if let warning = h.warning {
                nodes.append(HTML.el("p", ["class": "delta worse"], .text(warning)))
            } else {
                nodes.append(HTML.el("p", ["class": "muted"], .text("Within the ±\(String(format: "%.3g", h.margin * 100)) % margin on the objective; no constraint broken.")))
            }
        }
        return ReportPage.Section(id: "tune-robustness", title: "Tuning: robustness", content: nodes)
    }

    /// A table whose rows are cells (`number` gives numeric cells, `text` plain ones).
    private static func table(_ header: [String], _ rows: [[Node]]) -> Node {
        HTML.el("div", ["class": "table-wrap"], HTML.el("table", HTML.el("thead", HTML.el("tr", children: header.map { HTML.el("th", .text($0)) })),
                                                       HTML.el("tbody", children: rows.map { HTML.el("tr", children: $0) })))
    }

    private static func text(_ value: String) -> Node { HTML.el("td", .text(value)) }
}
