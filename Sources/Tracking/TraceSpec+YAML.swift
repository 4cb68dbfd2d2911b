import Foundation
import Yams

extension TraceSpec {
    /// The spec as YAML (the schema `synth --spec` reads), preceded by `comments` as `#` lines.
    public func yaml(comments: [String] = []) throws -> String {
        let body = try YAMLEncoder().encode(self)
        return comments.map { "# \($0)\n" }.joined() + body
    }
}
