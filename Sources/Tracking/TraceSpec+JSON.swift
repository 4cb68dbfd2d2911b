import Foundation
import Plumbing

extension TraceSpec {
    /// The spec as JSON (sorted keys, pretty-printed), as `parallax synth --print-spec` prints it; `synth --spec`
    /// reads it back.
    public func json() throws -> String {
        let encoder = JSONEncoder.deterministic()
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
