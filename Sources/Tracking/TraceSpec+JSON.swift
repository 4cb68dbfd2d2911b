import Foundation

extension TraceSpec {
    /// The spec as JSON (sorted keys, pretty-printed), as `parallax synth --print-spec` prints it; `synth --spec`
    /// reads it back.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
