/// A value kept with the text it was parsed from. Suites and tune.json name smoothers and screens as their users
/// wrote them (`kalman-cv`, `iphone-15-pro`: report labels, shard units, golden sidecars, a tune setup that `merge`
/// reads back), while the code uses the value, parsed once where the text entered.
public struct Parsed<Value: TextParsable>: TextParsable {
    /// As written.
    public let text: String
    public let value: Value

    public init(parsing text: String) throws {
        self.text = text
        value = try Value(parsing: text)
    }

    /// A value with the text that parses to it (a default: `AppDefaults.screen` and `ScreenModel.appDefault`).
    public init(text: String, value: Value) {
        self.text = text
        self.value = value
    }
}

/// Written as its text, so that a file reads back to the same value and the same spelling.
extension Parsed: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}

extension Parsed: Sendable where Value: Sendable {}
extension Parsed: Equatable where Value: Equatable {}
extension Parsed: Hashable where Value: Hashable {}
