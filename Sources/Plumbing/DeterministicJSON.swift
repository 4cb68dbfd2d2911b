import Foundation

extension JSONEncoder {
    /// Pretty-printed (a file people read and diff) or one line (a JSON Lines record, data embedded in a page).
    package enum Layout: Sendable { case pretty, compact }
    /// Keys as the Swift names are spelled, or in snake case (the report files' convention).
    package enum KeyStyle: Sendable { case asDeclared, snakeCase }
    /// What a non-finite number becomes: an encoding error, or the strings "inf", "-inf" and "nan".
    package enum NonFinite: Sendable { case refused, text }

    /// The one way ParallaxLab configures JSON output: keys sorted and "/" unescaped, so that the same value
    /// always gives the same bytes, whatever the platform's dictionary order.
    package static func deterministic(_ layout: Layout = .pretty, keys: KeyStyle = .asDeclared, nonFinite: NonFinite = .refused) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = layout == .pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        if keys == .snakeCase { encoder.keyEncodingStrategy = .convertToSnakeCase }
        if nonFinite == .text {
            encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        }
        return encoder
    }
}
