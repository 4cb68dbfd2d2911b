import Foundation

extension KeyedDecodingContainer {
    /// A string-valued enum; an unknown value is an error listing the valid ones.
    func decodeEnumIfPresent<T: RawRepresentable & CaseIterable>(_ type: T.Type, forKey key: Key) throws -> T? where T.RawValue == String {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let value = T(rawValue: text) else {
            let names = T.allCases.map(\.rawValue)
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription:
                "expected \(names.dropLast().joined(separator: ", ")) or \(names.last!), found '\(text)'")
        }
        return value
    }
}
