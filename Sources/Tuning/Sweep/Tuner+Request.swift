import Foundation
import Plumbing
import Tracking
import Vocabulary

extension Tuner {
    /// One tune run as `parallax tune` and a suite's `tune:` ask for it: loads the traces (adding held-out
    /// files), picks the grid, evaluates one shard or runs the whole (robust) sweep, and writes the result.
    package static func run(_ request: TuneRequest) throws -> TuneOutcome {
        let loaded: [(String, HeadTrace)]
        switch request.traces {
        case .files(let paths):
            var files = paths
            if case .files(let held) = request.robustness.holdout { files += held.filter { !paths.contains($0) } }
            loaded = try files.map { ($0, try TraceCSVReader.read(contentsOf: $0)) }
        case .loaded(let traces):
            loaded = traces.map { ($0.name, $0.trace) }
        }
        let set = try TuneTraceSet(files: loaded, seeds: request.robustness.seeds, holdout: request.robustness.holdout)
        let constraints = try request.constraints ?? TuneContext.defaultConstraints.map(TuneConstraint.init)
        let (sweep, scales) = request.grid == .app ? (AppSettingsGrid.sweep, AppSettingsGrid.movementScale)
                                                   : (request.sweep, request.movementScales)
        let make = { (traces: [(String, HeadTrace)]) in
            try TuneContext(sweep: sweep, movementScales: scales, screen: request.screen, traces: traces,
                            objective: request.objective, constraints: constraints, refine: request.refine,
                            roomDepth: request.roomDepth, settle: request.settle)
        }
        let result: TuneResult, context: TuneContext
        if let shard = request.shard {
            guard !request.robustness.isRequested else {
                throw FieldError("shard", expected: "no shard with seeds or holdout (they run whole sweeps)", found: "shard \(shard.index)/\(shard.count)")
            }
            context = try make(loaded)
            result = try evaluate(context, shard: shard)
        } else {
            (result, context) = try runRobust(set, options: request.robustness, make: make)
        }
        let path = request.outputPath
        let written: [String]
        if request.writesPage {
            written = try result.write(to: path, context: context)
        } else {
            try AtomicFile.write(try result.jsonData(), to: path)
            written = [path]
        }
        return TuneOutcome(result: result, context: context, written: written)
    }

    /// `parallax merge`: reads the part files of one sharded sweep, merges them (the same bytes as the
    /// unsharded run) and writes the result with its page at `output`.
    package static func merge(partFiles: [String], output: String) throws -> TuneOutcome {
        guard !partFiles.isEmpty else { throw FieldError("parts", expected: "part files (tune shard outputs)", found: "none") }
        let result = try merge(try partFiles.map { try TuneResult.decode(Data(try FileContents.read($0)), name: $0) })
        return TuneOutcome(result: result, context: nil, written: try result.write(to: output, context: nil))
    }
}

/// What a tune run or a merge produced: the result, the context it was computed in (nil after a merge, whose
/// view re-reads the setup's traces) and the files written (the JSON first).
package struct TuneOutcome: Sendable {
    package var result: TuneResult
    package var context: TuneContext?
    package var written: [String]
}
