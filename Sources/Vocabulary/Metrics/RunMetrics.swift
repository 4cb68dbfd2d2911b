/// Counts of a whole suite run, kept in the run history next to the scenario metrics' medians.
extension MetricDescriptor {
    public static let framesFailed = MetricDescriptor(
        "frames_failed", unit: .count, trends: true, meaning: "frames not passing (fail, missing or error)")
    public static let budgetsFailed = MetricDescriptor(
        "budgets_failed", unit: .count, trends: true, meaning: "budgets breached")
}

extension MetricCatalog {
    public static let run = MetricCatalog([.framesFailed, .budgetsFailed])
}
