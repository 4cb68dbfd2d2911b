/// The change a metric may show between two runs without counting as worse or better: the larger of a
/// relative part (of the baseline value) and an absolute floor.
public struct NoiseBand: Codable, Sendable, Hashable {
    public var relative: Double
    public var absolute: Double

    public init(relative: Double, absolute: Double) {
        self.relative = relative
        self.absolute = absolute
    }

    public func width(around baseline: Double) -> Double { max(abs(baseline) * relative, absolute) }

    /// For metrics without a measured band.
    public static let fallback = NoiseBand(relative: 0.05, absolute: 1e-6)

    /// The band of a suite report's `metric`: the suite's override, else the descriptor's default (a `versus_*`
    /// metric takes the band of the metric it is built from), else the fallback.
    public static func band(for metric: String, overrides: [String: NoiseBand] = [:]) -> NoiseBand {
        overrides[metric] ?? MetricCatalog.report.descriptor(named: metric)?.noiseBand ?? fallback
    }
}
