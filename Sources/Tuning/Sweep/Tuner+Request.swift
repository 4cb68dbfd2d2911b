import Foundation
import Plumbing
import Tracking
import Vocabulary

extension Tuner {
    /// One tune run as `parallax tune` and a suite's `tune:` ask for it: loads the traces (adding held-out
    /// files), picks the grid, evaluates one shard or runs the whole (robust) sweep, and writes the result.
    package static func run(_ request: TuneRequest) throws -> TuneOutcome {
        if let target = request.app { return try run(request, app: target) }
        let loaded = try traces(of: request)
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
        return TuneOutcome(result: result, context: context, written: try write(result, for: request, context: context))
    }

    /// The request's traces as (name, trace) pairs, held-out files added.
    static func traces(of request: TuneRequest) throws -> [(String, HeadTrace)] {
        switch request.traces {
        case .files(let paths):
            var files = paths
            if case .files(let held) = request.robustness.holdout { files += held.filter { !paths.contains($0) } }
            return try files.map { ($0, try TraceCSVReader.read(contentsOf: $0)) }
        case .loaded(let traces):
            return traces.map { ($0.name, $0.trace) }
        }
    }

    /// Writes a result (with its page when the request asks) and returns the paths written.
    static func write(_ result: TuneResult, for request: TuneRequest, context: TuneContext,
                      series: TuneViewData.SeriesSource? = nil) throws -> [String] {
        let path = request.outputPath
        guard request.writesPage else {
            try AtomicFile.write(try result.jsonData(), to: path)
            return [path]
        }
        return try result.write(to: path, context: context, series: series)
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
