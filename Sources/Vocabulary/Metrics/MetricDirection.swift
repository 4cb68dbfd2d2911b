/// Which way a metric improves.
public enum MetricDirection: Sendable, Hashable {
    case lowerIsBetter, higherIsBetter

    /// The direction of a metric of a suite report (`MetricCatalog.report`, `versus_*` following its base);
    /// lower is better for a name the catalog does not know.
    public init(metric: String) {
        self = MetricCatalog.report.descriptor(named: metric)?.direction ?? .lowerIsBetter
    }
}
