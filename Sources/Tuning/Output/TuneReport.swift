import Foundation
import Reporting
import Vocabulary

/// The tuning section of a report: the recommendation with its reasoning, heatmaps of visible jitter and
/// ramp lag over the grid (α × movementScale for one swept parameter; the first two swept parameters at the
/// recommended scale otherwise), the Pareto plot (ramp lag vs visible jitter per movementScale) and the front
/// as a table, and the interactive view when given (`TuneViewSection`). `sections(_:)` is what the suite
/// report embeds; `document(_:)` is the standalone tune.html.
package enum TuneReport {
    package static func sections(_ result: TuneResult, view: ReportPage.Section? = nil) -> [ReportPage.Section] {
        [
            ReportPage.Section(id: "tune-recommendation", title: "Tuning: recommendation", content: recommendation(result)),
            ReportPage.Section(id: "tune-heatmaps", title: "Tuning: jitter and ramp lag", content: heatmaps(result)),
            ReportPage.Section(id: "tune-pareto", title: "Tuning: Pareto front", content: pareto(result)),
        ] + [robustnessSection(result), view].compactMap { $0 }
    }

    /// A self-contained HTML page (the shared report style) with the tuning sections.
    package static func document(_ result: TuneResult, view: ReportPage.Section? = nil) -> String {
        let traces = result.setup.traces.map(\.path).joined(separator: ", ")
        if let app = result.app {
            return ReportPage.document(
                title: "ParallaxLab tuning: \(app.label)",
                subtitle: "its sliders' settings (smoothingAlpha \(app.probes[0].swept), movementScale \(app.probes[1].swept)) on \(result.setup.screen); traces: \(traces)",
                sections: sections(result, view: view))
        }
        return ReportPage.document(
            title: "ParallaxLab tuning: \(result.setup.smoother.text)",
            subtitle: "movementScale \(result.setup.movementScale) on \(result.setup.screen); traces: \(traces)",
            sections: sections(result, view: view))
    }

    static func number(_ value: Double?, _ digits: Int = 3) -> Node {
        HTML.el("td", ["class": "num"], .text(value.map { String(format: "%.\(digits)g", $0) } ?? "n/a"))
    }

    static func recommendation(_ result: TuneResult) -> [Node] {
        var nodes: [Node] = []
        if let tuned = result.app {
            nodes.append(HTML.el("p", HTML.el("strong", .text("Tuned: ")), .text(tuned.headline + ".")))
        }
        if let r = result.recommendation {
            nodes.append(HTML.el("p", HTML.el("strong", .text("Recommended: ")), .text(r.reasoning)))
            let app = result.appDefault
            let model = result.app?.model
            let rows: [(String, TuneMetric)] = [
                ("ramp lag (ms)", .rampLagMs), ("stationary jitter (mm)", .jitterMm), ("visible jitter (px)", .visibleJitterPx),
                ("tracking error (px)", .trackingPx), ("exaggeration error (px)", .exaggerationPx), ("total error (px)", .totalPx),
                ("swim, tracking + smoothing (°/s)", .swimTrackingDegS), ("swim, total (°/s)", .swimTotalDegS),
                ("effect (px per cm of head motion)", .gainPxPerCm),
            ]
            nodes.append(HTML.el("div", ["class": "table-wrap"], .element("table", [], [
                HTML.el("thead", children: [HTML.el("tr", children: [
                    HTML.el("th", .text("metric")),
                    HTML.el("th", .text("recommended: \(r.smoother), s = \(r.movementScale)")),
                    HTML.el("th", .text(result.app == nil ? "app default: \(app.smoother), s = \(app.movementScale)"
                                                          : "as built: \(app.smoother), s = \(app.movementScale)")),
                ] + (model.map { [HTML.el("th", .text("model at the recommended settings: \($0.smoother), s = \($0.movementScale)"))] } ?? []))]),
                HTML.el("tbody", children: rows.map { row in
                    HTML.el("tr", children: [HTML.el("td", .text(row.0)), number(r.metrics[row.1]), number(app.metrics[row.1])]
                                + (model.map { [number($0.metrics[row.1])] } ?? []))
                }),
            ])))
            if let model {
                nodes.append(HTML.el("p", .text("The app's frames against its model's, run by run, at the recommended settings: \(model.comparison.statement); "
                                                 + "on the head and eye the tuner measures: \(model.headAndEye.statement).")))
            }
            nodes.append(HTML.el("p", ["class": "muted"], .text("Source: \(r.source == .grid ? "the grid" : "Nelder–Mead refinement from the grid's best point"); objective \(result.setup.objective); constraints \(result.setup.constraints.joined(separator: ", ")).")))
        } else {
            nodes.append(HTML.el("p", .text("No configuration meets the constraints \(result.setup.constraints.joined(separator: ", ")).")))
        }
        if let refinement = result.refinement {
            nodes.append(HTML.el("p", .text("Nelder–Mead: \(refinement.smoother) at s = \(refinement.movementScale), objective \(String(format: "%.4g", refinement.objective)), \(refinement.feasible ? "feasible" : "infeasible"), \(refinement.iterations) iterations\(refinement.converged ? "" : " (not converged)").")))
        }
        for note in result.notes { nodes.append(HTML.el("p", ["class": "muted"], .text(note))) }
        return nodes
    }

    static func heatmaps(_ result: TuneResult) -> [Node] {
        let grids: [(String, String, (ConfigurationResult, Int) -> Double?)] = [
            ("visible jitter", "px", { c, k in c.errors[k].visibleJitterPx }),
            ("ramp lag", "ms", { c, _ in c.rampLagMs }),
        ]
        var nodes: [Node] = []
        if result.parameters.count <= 1 {
            let xName = result.parameters.first ?? "configuration"
            let xs = result.configurations.map { $0.values.first ?? Double($0.index) }
            for (title, unit, value) in grids {
                let values = result.movementScales.indices.map { k in result.configurations.map { value($0, k) ?? .nan } }
                var map = SVGHeatmap(title: "\(title) over \(xName) × movementScale", xLabel: xName, yLabel: "movementScale",
                                     xValues: xs, yValues: result.movementScales, values: values, unit: unit)
                map.cellWidth = max(4, min(24, 640 / Double(max(xs.count, 1))))
                map.cellHeight = max(6, min(20, 320 / Double(max(result.movementScales.count, 1))))
                if let r = result.recommendation, let x = r.values.first { map.marks.append(.init(x: x, y: r.movementScale, label: "recommended")) }
                if let app = appValues(result), let x = app.first {
                    map.marks.append(.init(x: x, y: result.appDefault.movementScale, label: "app default", dashed: true))
                }
                nodes.append(.trusted(map.svg))
                nodes.append(map.valueTable)
            }
        } else if let r = result.recommendation, let k = result.movementScales.firstIndex(of: r.movementScale) {
            // The first two swept parameters; the others at the recommendation's grid values.
            let xs = Array(Set(result.configurations.map { $0.values[0] })).sorted()
            let ys = Array(Set(result.configurations.map { $0.values[1] })).sorted()
            func distance(_ c: ConfigurationResult) -> Double {
                var sum = 0.0
                for i in 2..<c.values.count { sum += abs(c.values[i] - r.values[i]) }
                return sum
            }
            let anchor = result.configurations.min { distance($0) < distance($1) }!
            let slice = result.configurations.filter { Array($0.values.dropFirst(2)) == Array(anchor.values.dropFirst(2)) }
            var lookup: [[Double]: ConfigurationResult] = [:]
            for c in slice { lookup[Array(c.values.prefix(2))] = c }
            for (title, unit, value) in grids {
                let values = ys.map { y in xs.map { x in lookup[[x, y]].flatMap { value($0, k) } ?? .nan } }
                var map = SVGHeatmap(title: "\(title) over \(result.parameters[0]) × \(result.parameters[1]) at movementScale \(r.movementScale)",
                                     xLabel: result.parameters[0], yLabel: result.parameters[1], xValues: xs, yValues: ys,
                                     values: values, unit: unit)
                map.cellWidth = max(4, min(24, 640 / Double(max(xs.count, 1))))
                map.cellHeight = max(6, min(20, 320 / Double(max(ys.count, 1))))
                map.marks.append(.init(x: r.values[0], y: r.values[1], label: "recommended"))
                if let app = appValues(result), app.count >= 2, result.appDefault.movementScale == r.movementScale {
                    map.marks.append(.init(x: app[0], y: app[1], label: "app default", dashed: true))
                }
                nodes.append(.trusted(map.svg))
                nodes.append(map.valueTable)
            }
        } else {
            nodes.append(HTML.el("p", .text("No heatmap: no recommended configuration to anchor the parameter slice.")))
        }
        return nodes
    }

    /// The app default's values of the swept parameters (`TuneResult.appSweptValues`), when there is a recommendation.
    static func appValues(_ result: TuneResult) -> [Double]? {
        result.recommendation == nil ? nil : result.appSweptValues
    }

    /// Scale indices shown in the Pareto plot: up to 6 spread over the range, plus the recommended one.
    static func shownScales(_ result: TuneResult) -> [Int] {
        let n = result.movementScales.count
        var picks = Set((0..<min(n, 6)).map { n <= 6 ? $0 : Int((Double($0) * Double(n - 1) / 5).rounded()) })
        if let r = result.recommendation, let k = result.movementScales.firstIndex(of: r.movementScale) { picks.insert(k) }
        return picks.sorted()
    }

    static func pareto(_ result: TuneResult) -> [Node] {
        guard let fronts = result.pareto else { return [] }
        let byIndex = Dictionary(uniqueKeysWithValues: result.configurations.map { ($0.index, $0) })
        var series: [SVGChart.Series] = []
        for (n, k) in shownScales(result).enumerated() {
            let points = fronts[k].indices.compactMap { i -> (x: Double, y: Double)? in
                guard let c = byIndex[i], let lag = c.rampLagMs, let jitter = c.errors[k].visibleJitterPx else { return nil }
                return (lag, jitter)
            }
            series.append(SVGChart.Series(name: "s = \(fronts[k].movementScale)", points: points,
                                          color: SVGChart.palette[n % SVGChart.palette.count]))
        }
        let app = result.appDefault.metrics
        if let lag = app.rampLagMs, let jitter = app.visibleJitterPx {
            let name = result.app.map { "as built (α \(Tuner.sliderText($0.built.smoothingAlpha)), s \(Tuner.sliderText($0.built.movementScale)))" }
                ?? "app default (α \(AppDefaults.smoothingAlpha), s \(AppDefaults.movementScale))"
            series.append(SVGChart.Series(name: name, points: [(lag, jitter)], color: "#000000", style: .dots))
        }
        // The recommendation as a ring drawn under the app default's dot, so neither hides the other.
        if let r = result.recommendation, let lag = r.metrics.rampLagMs, let jitter = r.metrics.visibleJitterPx {
            series.insert(SVGChart.Series(name: "recommended", points: [(lag, jitter)], color: "#d62728", style: .ring), at: series.count - (app.rampLagMs != nil && app.visibleJitterPx != nil ? 1 : 0))
        }
        var nodes: [Node] = [.trusted(SVGChart(title: "Pareto front: ramp lag vs visible jitter per movementScale", xLabel: "ramp lag (ms)",
                                               yLabel: "visible jitter (px)", series: series).svg)]
        if let r = result.recommendation, let k = result.movementScales.firstIndex(of: r.movementScale) {
            nodes.append(HTML.el("h3", .text("Front at the recommended movementScale \(r.movementScale)")))
            let rows = fronts[k].indices.compactMap { byIndex[$0] }.map { c -> [Node] in
                [.text(c.smoother), .text(c.rampLagMs.map { String(format: "%.1f", $0) } ?? "n/a"),
                 .text(c.errors[k].visibleJitterPx.map { String(format: "%.3f", $0) } ?? "n/a"),
                 .text(c.jitterMm.map { String(format: "%.3f", $0) } ?? "n/a"), .text(String(format: "%.3f", c.errors[k].trackingPx))]
            }
            nodes.append(HTML.table(["smoother", "ramp lag (ms)", "visible jitter (px)", "stationary jitter (mm)", "tracking error (px)"], rows))
        }
        return nodes
    }
}
