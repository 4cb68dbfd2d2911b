import Reporting
import Vocabulary

/// A suite's budgets checked against its scenarios: one result per (budget, scenario it applies to).
enum SuiteBudgets {
    /// Each result with the line of its budget in the suite; `appSmoother`: the `smoother` of the app's scenarios
    /// (`SuiteApp.scenarios`), which a budget's `smoothers: [app]` names.
    static func evaluate(_ budgets: [Budget], on scenarios: [ScenarioResult], appSmoother: String?, loader: SuiteLoader) -> [BudgetResult] {
        evaluate(budgets, on: scenarios, appSmoother: appSmoother, lines: budgets.indices.map { loader.line(at: [.key("budgets"), .index($0)]) })
    }

    static func evaluate(_ budgets: [Budget], on scenarios: [ScenarioResult], appSmoother: String? = nil, lines: [Int?] = []) -> [BudgetResult] {
        var results: [BudgetResult] = []
        // Budgets match scenarios by canonical spec: the app's scenarios' spec.
        let appSpec = scenarios.first { $0.smoother == appSmoother }?.smootherSpec
        for (index, budget) in budgets.enumerated() {
            for scenario in scenarios where budget.applies(to: scenario.trace, smoother: scenario.smootherSpec, appSmoother: appSpec) {
                let value = scenario.metrics[metric: budget.metric]
                let passed = value.map { v in budget.max.map { v <= $0 } ?? (v >= budget.min!) } ?? false
                results.append(BudgetResult(metric: budget.metric.name, unit: budget.metric.unit.symbol, limit: budget.limitDescription,
                                            scenario: scenario.id, value: value, passed: passed,
                                            note: value == nil ? "not computed for this scenario (see its notes)" : nil,
                                            line: index < lines.count ? lines[index] : nil))
            }
        }
        return results
    }
}
