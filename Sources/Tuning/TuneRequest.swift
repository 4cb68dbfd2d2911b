import Foundation
import Tracking

/// Where a tune run's traces come from: trace CSV files (read here; the paths go into tune.json) or traces
/// already in memory under their names (a suite's).
public enum TuneTraceSource: Sendable {
    case files([String])
    case loaded([(name: String, trace: HeadTrace)])
}

/// Everything one tune run needs, parsed: the traces and what to hold out, the grid, the objective and
/// constraints, a shard or a robust run, and where the result goes. `Tuner.run(_:)` carries it out.
public struct TuneRequest: Sendable {
    /// With `.files` and `robustness.holdout == .files`, held-out files not among the traces are added to them.
    public var traces: TuneTraceSource
    /// Seeds, hold-out and its margin; anything beyond a plain sweep runs whole sweeps (no shard).
    public var robustness = RobustnessOptions()
    /// `.app` replaces `sweep` and `movementScales` by what the app's settings can take (`AppSettingsGrid`).
    public var grid = TuneGrid.full
    public var sweep: SweepSpec
    public var movementScales: ParameterRange
    public var screen = "iphone-15-pro"
    public var objective: TuneObjective
    /// nil: `TuneContext.defaultConstraints`.
    public var constraints: [TuneConstraint]?
    public var refine = true
    public var roomDepth = 0.30
    public var settle = 0.3
    /// Evaluate one shard and write a part instead of the whole result.
    public var shard: ShardInfo?
    /// nil: `tune.json`, or `tune.part-i-of-n.json` for a shard.
    public var output: String?
    /// Write `tune.html` beside a whole result's JSON (a suite puts the page into its report instead).
    public var writesPage = true

    public init(traces: TuneTraceSource, sweep: SweepSpec, movementScales: ParameterRange, objective: TuneObjective) {
        self.traces = traces
        self.sweep = sweep
        self.movementScales = movementScales
        self.objective = objective
    }

    /// The JSON file the run writes.
    public var outputPath: String {
        output ?? shard.map(Self.partFileName) ?? "tune.json"
    }

    /// The default name of a shard's part: `tune.part-i-of-n.json`.
    public static func partFileName(_ shard: ShardInfo) -> String {
        "tune.part-\(shard.index)-of-\(shard.count).json"
    }
}
