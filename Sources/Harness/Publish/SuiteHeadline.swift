import Analysis
import Foundation
import Plumbing
import Projection
import Reporting
import Scientific
import Smoothing
import TestedApp
import Vocabulary

/// The report's headline (`Headline`) from a run's scenarios: the app under test (`SuiteApp`: its code's scenarios, or
/// its model's smoother's, at its screen and movement scale when the suite measured them) and the best alternative,
/// one row per question.
enum SuiteHeadline {
    /// The questions, each its main metric and the same quantity in other units.
    static let rows: [[MetricDescriptor]] = [
        [.latencyP95Ms], [.visibleJitterPx, .visibleJitterMm], [.parallaxErrorP95Px, .parallaxErrorP95Arcmin], [.effectGainPxPerCm],
    ]

    /// What ranks the alternatives: the error on the glass, which lag and jitter together cause.
    static let ranking = MetricDescriptor.parallaxErrorP95Px

    /// The screen the headline is at: the app's (iPhone 15 Pro) when the suite measured it, else the suite's first.
    static func screen(of suite: Suite) -> Parsed<ScreenModel>? {
        suite.screens.first { $0.text == AppDefaults.screen } ?? suite.screens.first
    }

    /// The headline of `report`'s scenarios: "the app" is `app` — its values the medians of its scenarios (the code's
    /// own, measured as `analyze --app-source` measures; the model's, its smoother's), at the movement scale it holds
    /// when the suite measured that scale, its latency's filter part its own lag on the ramp — and `comparison`, the
    /// model against its code, when it is code.
    static func make(_ report: SuiteReport, suite: Suite, app: SuiteApp, comparison: AppComparison?) -> Headline? {
        let scenarios = report.scenarios
        guard !scenarios.isEmpty else { return nil }
        let screen = Self.screen(of: suite)?.text ?? scenarios[0].screen
        let held = app.settings.movementScale
        let measuredScales = app.movementScales(of: suite)
        let scale = measuredScales.contains(held) ? held : measuredScales.first ?? scenarios[0].movementScale
        let here = scenarios.filter { $0.screen == screen && $0.movementScale == scale }
        let traces = suite.traces.map(\.name)
        let appScenarios = app.scenarios

        func tracesFor(_ metric: MetricDescriptor) -> [String] {
            let named = suite.budgets.filter { $0.metric == metric }.flatMap { $0.traces ?? traces }
            return named.isEmpty ? traces : traces.filter(named.contains)
        }
        func median(_ metric: MetricDescriptor, smoother: String, traces: [String]) -> Double? {
            let values = here.filter { $0.smoother == smoother && traces.contains($0.trace) }.compactMap { $0.metrics[metric: metric] }
            return values.isEmpty ? nil : Statistics.median(values)
        }
        // The suite's budgets on each alternative's scenarios (`SuiteBudgets`, by the budget's traces). A budget's
        // `smoothers:` says which smoothers the run gates; the headline compares an alternative against the app on the
        // same limits shown beside the values, so every budget is held against it.
        let headlineBudgets = suite.budgets.map { budget in
            var unscoped = budget
            unscoped.smoothers = nil
            return unscoped
        }
        func budgets(of smoother: String) -> [BudgetResult] {
            SuiteBudgets.evaluate(headlineBudgets, on: scenarios.filter { $0.smoother == smoother })
        }
        // The best alternative: the lowest median ranking metric among the other smoothers (models, all of them
        // when the app is code) that keep every budget; when none does, among all of them, its breaks named.
        let rankTraces = tracesFor(ranking)
        let others = suite.smoothers.map(\.text).filter { $0 != appScenarios }
        let measured = others.compactMap { name in median(ranking, smoother: name, traces: rankTraces).map { (name, $0) } }
        let keeping = measured.filter { Headline.Break.breaks(in: budgets(of: $0.0)).isEmpty }
        let alternative = (keeping.min { $0.1 < $1.1 } ?? measured.min { $0.1 < $1.1 })?.0
        let breaks = alternative.map { Headline.Break.breaks(in: budgets(of: $0)) } ?? []
        let chosen: [Headline.Configuration] = [
            appScenarios.map { Headline.Configuration(role: .app, smoother: $0, label: app.identity.label) },
            alternative.map { Headline.Configuration(role: .alternative, smoother: $0, breaks: breaks) },
        ].compactMap { $0 }
        guard !chosen.isEmpty else { return nil }

        let rows = Self.rows.map { metrics in
            let main = metrics[0], over = tracesFor(main)
            return Headline.Row(metrics: metrics.map(\.name), traces: over, budget: budgetText(main, suite: suite),
                                cells: chosen.map { configuration in Headline.Cell(values: metrics.map { median($0, smoother: configuration.smoother, traces: over) }) })
        }
        let rule = alternative.map { alternative in
            "Best alternative: of the suite's other smoothers that keep every budget of the suite (each on its traces, whichever smoothers it gates), the one with the lowest "
                + "\(ranking.title) (median over \(rankTraces.joined(separator: ", ")))"
                + (!breaks.isEmpty ? "; none does, so the lowest of all: \(alternative), which breaks \(breaks.map(\.text).joined(separator: "; "))."
                   : suite.budgets.isEmpty ? "; the suite has no budget." : ": \(alternative) keeps every budget.")
        } ?? "The suite measured no other smoother."
        let ruleAndApp = rule + (appScenarios == nil ? " The app's smoother (\(AppDefaults.smootherSpec)) is not in this suite." : "")
        let identity = app.identity
        let described = appScenarios.map { _ in
            Headline.App(label: identity.label, kind: identity.kind.rawValue, source: app.source ?? identity.source, hash: identity.hash,
                         smoothingAlpha: app.settings.smoothingAlpha, movementScale: app.settings.movementScale, comparison: comparison?.statement)
        }
        return Headline(screen: screen, movementScale: scale, configurations: chosen, rows: rows, alternativeRule: ruleAndApp,
                        latencyParts: appScenarios == nil ? [] : HeadToPhoton.parts(HeadToPhoton.model(filterLag: app.filterLag))
                            .map { Headline.Part(name: $0.name, ms: $0.seconds * 1000) },
                        app: described)
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
                // The app against the baseline's app (whatever its code then), an alternative against the same smoother.
                let configuration = headline.configurations[c]
                let before = baseline.configurations.firstIndex { configuration.role == .app ? $0.role == .app : $0.smoother == configuration.smoother }
                    .flatMap { k in baseline.rows.first { $0.metrics == row.metrics }?.cells[k].values[0] }
                headline.rows[r].cells[c].trend = BaselineComparison.state(before: before, now: row.cells[c].values[0], band: metric.noiseBand,
                                                                          direction: metric.direction)
            }
        }
    }
}
