import Foundation
import Plumbing
import Vocabulary
import Yams

/// The canonical synthetic traces (`Traces/NAME.yml`, embedded at build time by the EmbedCanonicalTraces plugin), by
/// name: a suite names one as `builtin:sway` and it is synthesized from its spec — the samples `parallax synth --spec
/// Traces/sway.yml` writes — so an app's repository runs them with nothing copied.
package enum CanonicalTraces {
    /// The prefix a suite's trace entry names a canonical trace with.
    package static let prefix = "builtin:"

    /// Every canonical trace's name, sorted.
    package static var names: [String] { embeddedCanonicalTraceSpecs.map { ($0.path as NSString).deletingPathExtension } }

    /// The spec's YAML text as in `Traces/NAME.yml`, nil for an unknown name.
    package static func specText(named name: String) -> String? {
        embeddedCanonicalTraceSpecs.first { $0.path == "\(name).yml" }?.text
    }

    /// The trace synthesized from the canonical spec `name`.
    package static func trace(named name: String) throws -> HeadTrace {
        guard let text = specText(named: name) else {
            throw FieldError(FieldPath(), expected: "a built-in trace (\(names.map { prefix + $0 }.joined(separator: ", ")))", found: "'\(prefix)\(name)'")
        }
        return try TraceSynthesizer.synthesize(try YAMLDecoder().decode(TraceSpec.self, from: text))
    }
}
