import Vocabulary

/// tune.json's key of a metric, from its descriptor: written under the name, read under the name or an alias
/// (tune.json written before the ramp-lag rename says `lag_ms`). tune.json's coders convert keys between snake
/// case and camel case, so the key's string is the name in camel case (`ramp_lag_ms` → `rampLagMs`).
struct TuneMetricKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }

    init(name: String) {
        let words = name.split(separator: "_")
        stringValue = String(words.first ?? "") + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The name's key, then the aliases' keys.
    static func keys(_ metric: MetricDescriptor) -> [TuneMetricKey] { ([metric.name] + metric.aliases).map(TuneMetricKey.init(name:)) }
}

extension KeyedDecodingContainer where K == TuneMetricKey {
    /// The value under the metric's name or, when absent, under its first alias present.
    func decodeIfPresent(_ metric: MetricDescriptor) throws -> Double? {
        for key in TuneMetricKey.keys(metric) {
            if let value = try decodeIfPresent(Double.self, forKey: key) { return value }
        }
        return nil
    }

    func decode(_ metric: MetricDescriptor) throws -> Double {
        guard let value = try decodeIfPresent(metric) else {
            throw DecodingError.keyNotFound(TuneMetricKey(name: metric.name), DecodingError.Context(
                codingPath: codingPath, debugDescription: "expected \(metric.name)"))
        }
        return value
    }
}

extension KeyedEncodingContainer where K == TuneMetricKey {
    mutating func encodeIfPresent(_ value: Double?, for metric: MetricDescriptor) throws {
        try encodeIfPresent(value, forKey: TuneMetricKey(name: metric.name))
    }
}
