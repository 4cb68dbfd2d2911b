import Foundation
import Plumbing
import Testing
@testable import Tracking

/// The committed `Traces/NAME.csv` files are exactly what their `NAME.yml` specs synthesize, and every one
/// reads back through the validating reader.
@Suite struct CanonicalTracesTests {
    static let tracesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Traces")

    static let names = ["still", "sway", "lean", "glance", "step", "chirp", "dropouts", "walk-by", "tilt"]

    @Test(arguments: names)
    func committedTraceMatchesItsSpec(name: String) throws {
        let spec = try SpecFile.load(TraceSpec.self, from: Self.tracesDirectory.appendingPathComponent("\(name).yml").path)
        let committed = try Data(contentsOf: Self.tracesDirectory.appendingPathComponent("\(name).csv"))
        let synthesized = TraceCSVWriter.encode(try TraceSynthesizer.synthesize(spec))
        #expect(Data(synthesized) == committed, "Traces/\(name).csv differs from its spec; run `make traces`")
        let trace = try TraceCSVReader.read(contentsOf: Self.tracesDirectory.appendingPathComponent("\(name).csv").path)
        #expect(trace.truth != nil)
    }
}
