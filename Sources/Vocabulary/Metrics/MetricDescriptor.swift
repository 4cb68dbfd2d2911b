/// One metric of the vocabulary every module shares: the JSON key, unit, direction, default noise band, where
/// reports show it and what it means. Reports, baselines, budgets and history iterate descriptors, so adding one
/// to a catalog (`MetricCatalog`) gives it its column, band and trend without naming it anywhere else.
public struct MetricDescriptor: Sendable, Hashable, CustomStringConvertible {
    /// The JSON key (snake case, the unit last: `lag_ms`).
    public let name: String
    public let unit: MetricUnit
    public let direction: MetricDirection
    /// How far two runs may differ before `--baseline` calls the change worse or better.
    public let noiseBand: NoiseBand
    /// Drawn as a trend (median over scenarios) in the report's run history.
    public let trends: Bool
    /// A column of the report's smoother comparison (every scenario metric is a column of its scenario's table).
    public let comparesSmoothers: Bool
    /// One line: what is measured, and how.
    public let meaning: String
    /// What reports call it, in words (table headers, the headline): "filter lag", "visible jitter at rest".
    public let title: String
    /// What a negative value says, for metrics where it is not an error ("leads (prediction)" for a lag).
    public let whenNegative: String?
    /// Earlier names still accepted when decoding JSON or parsing a name; output always uses `name`.
    public let aliases: [String]

    public init(_ name: String, unit: MetricUnit, direction: MetricDirection = .lowerIsBetter, noiseBand: NoiseBand = .fallback,
                trends: Bool = false, comparesSmoothers: Bool = false, title: String? = nil, whenNegative: String? = nil, meaning: String, aliases: [String] = []) {
        self.name = name
        self.unit = unit
        self.direction = direction
        self.noiseBand = noiseBand
        self.trends = trends
        self.comparesSmoothers = comparesSmoothers
        self.meaning = meaning
        self.title = title ?? name
        self.whenNegative = whenNegative
        self.aliases = aliases
    }

    /// What a lag's negative value says.
    public static let leads = "leads (prediction)"

    /// The title with its unit, as a column header: "filter lag (ms)".
    public var header: String { unit.symbol.isEmpty ? title : "\(title) (\(unit.symbol))" }

    public var description: String { name }

    /// True for the name and every alias.
    public func isNamed(_ text: String) -> Bool { text == name || aliases.contains(text) }

    /// Prefix of a frame's metrics against another frame of the suite (`versus:`).
    public static let versusPrefix = "versus_"

    /// The same metric measured between two frames (`versus:`): same unit, direction and band.
    public var versus: MetricDescriptor {
        MetricDescriptor(Self.versusPrefix + name, unit: unit, direction: direction, noiseBand: noiseBand, title: "\(title) against the versus frame",
                         meaning: "against the versus frame: \(meaning)", aliases: aliases.map { Self.versusPrefix + $0 })
    }
}
