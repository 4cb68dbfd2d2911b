import Plumbing
import Reporting
import Smoothing
import Vocabulary

/// A suite's budgets checked against its scenarios: one result per (budget, scenario it applies to).
enum SuiteBudgets {
    /// Budgets name smoothers as written in the suite; scenarios carry the canonical spec, so the names are
    /// canonicalised first (a bad one is a `FieldError` at `budgets[i].smoothers[j]`).
    static func evaluate(_ budgets: [Budget], on scenarios: [ScenarioResult], loader: SuiteLoader) throws -> [BudgetResult] {
        let canonical = try budgets.enumerated().map { i, budget -> Budget in
            var budget = budget
            budget.smoothers = try budget.smoothers?.enumerated().map { j, text in
                try loader.value(at: FieldPath([.key("budgets"), .index(i), .key("smoothers"), .index(j)])) { try SmootherSpec(parsing: text).description }
            }
            return budget
        }
        return evaluate(canonical, on: scenarios, lines: canonical.indices.map { loader.line(at: [.key("budgets"), .index($0)]) })
    }

    static func evaluate(_ budgets: [Budget], on scenarios: [ScenarioResult], lines: [Int?] = []) -> [BudgetResult] {
        var results: [BudgetResult] = []
        for (index, budget) in budgets.enumerated() {
            for scenario in scenarios where budget.applies(to: scenario.trace, smoother: scenario.smootherSpec) {
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
