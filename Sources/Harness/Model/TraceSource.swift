import Foundation
import Reporting
import Geometry
import Golden
import Projection
import Rendering
import Scenes
import Splatting
import Tracking
import Trajectories
import Vocabulary

/// A trace: a CSV file (`Traces/sway.csv`), a synthesis spec (`{name: glance, spec: Traces/glance.yml}`),
/// a recording to import (`{file: rec.tsv, import: {time_unit: ms, …}}`, `RecordingImport`) or a canonical trace
/// built into `parallax` (`builtin:sway`, `CanonicalTraces`: synthesized from the spec embedded at build time).
package struct TraceSource: Decodable, Sendable {
    package var name: String
    package var file: String?
    package var spec: String?
    package var recordingImport: RecordingImport?
    /// The canonical trace's name (`builtin:NAME`).
    package var builtin: String?

    enum CodingKeys: String, CodingKey, CaseIterable { case name, file, spec, recordingImport = "import" }

    package init(from decoder: Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let path = try? single.decode(String.self) {
            if path.hasPrefix(CanonicalTraces.prefix) {
                name = String(path.dropFirst(CanonicalTraces.prefix.count))
                guard CanonicalTraces.specText(named: name) != nil else {
                    throw FieldError(FieldPath(), expected: "a built-in trace (\(CanonicalTraces.names.map { CanonicalTraces.prefix + $0 }.joined(separator: ", ")))",
                                     found: "'\(path)'").decodingError(at: decoder.codingPath)
                }
                builtin = name
                return
            }
            file = path
            spec = nil
            name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            return
        }
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        file = try c.decodeIfPresent(String.self, forKey: .file)
        spec = try c.decodeIfPresent(String.self, forKey: .spec)
        recordingImport = try c.decodeIfPresent(RecordingImport.self, forKey: .recordingImport)
        guard recordingImport == nil || file != nil else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "'import' needs 'file' (the recording)"))
        }
        guard (file == nil) != (spec == nil) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "give exactly one of 'file' or 'spec'"))
        }
        let path = file ?? spec!
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }
}
