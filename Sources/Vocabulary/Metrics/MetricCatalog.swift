/// An ordered list of metric descriptors (the order reports show them in), looked up by name or alias.
public struct MetricCatalog: Sendable {
    public let metrics: [MetricDescriptor]

    public init(_ metrics: [MetricDescriptor]) { self.metrics = metrics }

    /// By name, then by alias; `versus_NAME` resolves to NAME's `versus` descriptor.
    public func descriptor(named text: String) -> MetricDescriptor? {
        if let metric = metrics.first(where: { $0.name == text }) ?? metrics.first(where: { $0.isNamed(text) }) { return metric }
        guard text.hasPrefix(MetricDescriptor.versusPrefix) else { return nil }
        return descriptor(named: String(text.dropFirst(MetricDescriptor.versusPrefix.count)))?.versus
    }

    /// The names, for error messages: "a, b or c".
    public var namesList: String {
        let names = metrics.map(\.name)
        return names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    /// What a suite report (report.json) carries: scenario, frame and run metrics.
    public static let report = MetricCatalog(scenario.metrics + frame.metrics + run.metrics)
}
