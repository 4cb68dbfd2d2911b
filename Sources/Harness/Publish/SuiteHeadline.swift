import Analysis
import Foundation
import Plumbing
import Reporting
import Scientific
import Smoothing
import Vocabulary

/// The report's headline (`Headline`) from a run's scenarios: the app's configuration (its smoother, screen and
/// movement scale when the suite measured them) and the best alternative, one row per question.
enum SuiteHeadline {
    /// The questions, each its main metric and the same quantity in other units.
    static let rows: [[MetricDescriptor]] = [
        [.latencyP95Ms], [.visibleJitterPx, .visibleJitterMm], [.parallaxErrorP95Px, .parallaxErrorP95Arcmin], [.effectGainPxPerCm],
    ]

    /// What ranks the alternatives: the error on the glass, which lag and jitter together cause.
    static let ranking = MetricDescriptor.parallaxErrorP95Px

    static func make(_ report: SuiteReport, suite: Suite) -> Headline? {
        let scenarios = report.scenarios
        guard !scenarios.isEmpty else { return nil }
        let screens = suite.screens.map(\.text)
        let screen = screens.contains(AppDefaults.screen) ? AppDefaults.screen : screens.first ?? scenarios[0].screen
        let scale = suite.movementScales.contains(AppDefaults.movementScale) ? AppDefaults.movementScale : suite.movementScales.first ?? scenarios[0].movementScale
        let here = scenarios.filter { $0.screen == screen && $0.movementScale == scale }
        let traces = suite.traces.map(\.name)
        let app = suite.smoothers.first { $0.value == .app }?.text

        func tracesFor(_ metric: MetricDescriptor) -> [String] {
            let named = suite.budgets.filter { $0.metric == metric }.flatMap { $0.traces ?? traces }
            return named.isEmpty ? traces : traces.filter(named.contains)
        }
        func median(_ metric: MetricDescriptor, smoother: String, traces: [String]) -> Double? {
            let values = here.filter { $0.smoother == smoother && traces.contains($0.trace) }.compactMap { $0.metrics[metric: metric] }
            return values.isEmpty ? nil : Statistics.median(values)
        }
        // The best alternative: the lowest median ranking metric among the other smoothers.
        let rankTraces = tracesFor(ranking)
        let others = suite.smoothers.map(\.text).filter { $0 != app }
        let alternative = others.compactMap { name in median(ranking, smoother: name, traces: rankTraces).map { (name, $0) } }
            .min { $0.1 < $1.1 }?.0
        let chosen: [(Headline.Role, String)] = [app.map { (.app, $0) }, alternative.map { (.alternative, $0) }].compactMap { $0 }
        guard !chosen.isEmpty else { return nil }

        let rows = Self.rows.map { metrics in
            let main = metrics[0], over = tracesFor(main)
            return Headline.Row(metrics: metrics.map(\.name), traces: over, budget: budgetText(main, suite: suite),
                                cells: chosen.map { _, smoother in Headline.Cell(values: metrics.map { median($0, smoother: smoother, traces: over) }) })
        }
        let rule = alternative == nil
            ? "The suite measured no other smoother."
            : "Best alternative: of the suite's other smoothers, the one with the lowest \(ranking.title) (median over \(rankTraces.joined(separator: ", ")))."
            + (app == nil ? " The app's smoother (\(AppDefaults.smootherSpec)) is not in this suite." : "")
        let model = HeadToPhoton.model(filterLag: HeadToPhoton.filterLag(of: .app, rate: 60))
        return Headline(screen: screen, movementScale: scale, configurations: chosen.map { Headline.Configuration(role: $0.0, smoother: $0.1) },
                        rows: rows, alternativeRule: rule,
                        latencyParts: app == nil ? [] : HeadToPhoton.parts(model).map { Headline.Part(name: $0.name, ms: $0.seconds * 1000) })
    }

    /// The first budget on the metric, as the report writes limits ("≤ 3 px").
    static func budgetText(_ metric: MetricDescriptor, suite: Suite) -> String? {
        guard let budget = suite.budgets.first(where: { $0.metric == metric }) else { return nil }
        let unit = metric.unit.symbol.isEmpty ? "" : " \(metric.unit.symbol)"
        return [budget.min.map { "≥ \(NumberText.format($0))\(unit)" }, budget.max.map { "≤ \(NumberText.format($0))\(unit)" }]
            .compactMap { $0 }.joined(separator: ", ")
    }

    /// Each cell's trend against the same headline computed from the baseline report (the main metric's noise band
    /// and direction).
    static func trends(_ headline: inout Headline, baseline: Headline?) {
        guard let baseline else { return }
        for r in headline.rows.indices {
            let row = headline.rows[r]
            guard let metric = MetricCatalog.scenario.descriptor(named: row.metrics[0]) else { continue }
            for c in row.cells.indices {
                let smoother = headline.configurations[c].smoother
                let before = baseline.configurations.firstIndex { $0.smoother == smoother }
                    .flatMap { k in baseline.rows.first { $0.metrics == row.metrics }?.cells[k].values[0] }
                headline.rows[r].cells[c].trend = BaselineComparison.state(before: before, now: row.cells[c].values[0], band: metric.noiseBand,
                                                                          direction: metric.direction)
            }
        }
    }
}
