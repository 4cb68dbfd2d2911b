import Foundation

extension TraceSpec {
    /// The spec a synthesized trace records in its `# spec:` header line (`parallax synth`); nil for a trace
    /// without one (a recording). A header that does not decode, or a spec out of range, is an error naming it.
    public static func embedded(in trace: HeadTrace, file: String) throws -> TraceSpec? {
        guard let json = trace.metadata("spec") else { return nil }
        let spec: TraceSpec
        do {
            spec = try JSONDecoder().decode(TraceSpec.self, from: Data(json.utf8))
            try spec.validate()
        } catch {
            throw TraceError(file: file, message: "'# spec:' header: expected the JSON spec `parallax synth` writes: \(error)")
        }
        return spec
    }

    /// This spec's trace with `seed`, exactly as `parallax synth --seed` would write and read it back (the CSV's
    /// decimal rounding included), so a re-synthesized trace equals the file of that seed.
    public func synthesizedAsFile(seed: UInt64) throws -> HeadTrace {
        var spec = self
        spec.seed = seed
        return try TraceCSVReader.parse(Data(TraceCSVWriter.encode(try TraceSynthesizer.synthesize(spec))), file: "seed \(seed)")
    }
}
