import Analysis
import Foundation
import Reporting
import Geometry
import Golden
import Projection
import Rendering
import Scenes
import Splatting
import Tracking

/// A trace: a CSV file (`Traces/sway.csv`), a synthesis spec (`{name: glance, spec: Traces/glance.yml}`)
/// or a recording to import (`{file: rec.tsv, import: {time_unit: ms, …}}`, `RecordingImport`).
package struct TraceSource: Decodable, Sendable {
    package var name: String
    package var file: String?
    package var spec: String?
    package var recordingImport: RecordingImport?

    enum CodingKeys: String, CodingKey, CaseIterable { case name, file, spec, recordingImport = "import" }

    package init(from decoder: Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let path = try? single.decode(String.self) {
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
