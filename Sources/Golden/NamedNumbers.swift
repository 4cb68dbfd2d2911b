import Foundation

/// Numbers by name: the value of a numeric golden, as an `RGBAImage` is a frame golden's. Its file is a flat JSON
/// object, `{"schema": 1, "value/NAME": number, …}`, sorted by key and pretty-printed, so that a diff of two
/// recordings shows the names whose numbers moved.
public struct NamedNumbers: Sendable, Equatable {
    public var values: [String: Double]

    public init(_ values: [String: Double]) {
        self.values = values
    }

    private static let prefix = "value/"

    /// The file's bytes (no trailing newline); non-finite numbers cannot be written and throw.
    public func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder.deterministic()
        let keyed = Dictionary(uniqueKeysWithValues: values.map { (Self.prefix + $0.key, $0.value) })
        return [UInt8](try encoder.encode(keyed.merging(["schema": 1]) { value, _ in value }))
    }

    /// Reads a numeric golden's bytes; keys without the `value/` prefix (the schema) are not numbers of the golden.
    public init(decoding bytes: [UInt8], path: String) throws {
        guard let object = try? JSONDecoder().decode([String: Double].self, from: Data(bytes)) else {
            throw GoldenError.invalidNumbers(path: path)
        }
        var values: [String: Double] = [:]
        for (key, value) in object where key.hasPrefix(Self.prefix) { values[String(key.dropFirst(Self.prefix.count))] = value }
        self.values = values
    }
}
