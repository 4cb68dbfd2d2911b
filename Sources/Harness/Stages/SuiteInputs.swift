import Analysis
import Foundation
import Plumbing
import Tracking
import Vocabulary

/// A suite's inputs, loaded and validated: its traces (files, specs or imported recordings) and movement scales
/// (its smoothers and screens were parsed with the suite). A bad value is a `FieldError` located at its suite entry.
struct SuiteInputs {
    var traces: [(name: String, trace: HeadTrace)]

    static func load(_ suite: Suite, loader: SuiteLoader, progress: (String) -> Void) throws -> SuiteInputs {
        var traces: [(name: String, trace: HeadTrace)] = []
        for (i, source) in suite.traces.enumerated() {
            progress("[traces \(i + 1)/\(suite.traces.count)] \(source.name)")
            let entry = FieldPath([.key("traces"), .index(i)])
            if let builtin = source.builtin {
                traces.append((source.name, try loader.value(at: entry) { try CanonicalTraces.trace(named: builtin) }))
            } else if let file = source.file, var recordingImport = source.recordingImport {
                if let truth = recordingImport.truth { recordingImport.truth?.path = loader.resolve(truth.path) }
                // What only the detected format can refuse (a CSV key for a trajectory, sort for a CSV) is
                // located at `import`, as the decoder locates the rest.
                let trace = try loader.value(at: entry.appending(FieldPath("import"))) { try recordingImport.read(contentsOf: loader.resolve(file)) }
                traces.append((source.name, trace))
            } else if let file = source.file {
                traces.append((source.name, try TraceCSVReader.read(contentsOf: loader.resolve(file))))
            } else {
                // A spec's values belong to the spec file, as its decoding errors do.
                let specPath = loader.resolve(source.spec!)
                let spec = try SpecFile.load(TraceSpec.self, from: specPath)
                do { traces.append((source.name, try TraceSynthesizer.synthesize(spec))) } catch let error as FieldError {
                    throw error.located(file: specPath)
                }
            }
        }
        for (i, scale) in suite.movementScales.enumerated() where !(scale.isFinite && scale > 0 && scale <= 10) {
            throw loader.located(FieldError(FieldPath(), expected: "a scale in (0, 10]", found: "\(scale)"),
                                 under: FieldPath([.key("movement_scales"), .index(i)]))
        }
        return SuiteInputs(traces: traces)
    }

    /// The traces by name (the first of a repeated name wins).
    var tracesByName: [String: HeadTrace] { Dictionary(traces.map { ($0.name, $0.trace) }) { first, _ in first } }
}
