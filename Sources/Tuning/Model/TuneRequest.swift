import Foundation
import Projection
import TestedApp
import Tracking
import Vocabulary

/// Where a tune run's traces come from: trace CSV files (read here; the paths go into tune.json) or traces
/// already in memory under their names (a suite's).
package enum TuneTraceSource: Sendable {
    case files([String])
    case loaded([(name: String, trace: HeadTrace)])
}

/// Everything one tune run needs, parsed: the traces and what to hold out, the grid, the objective and
/// constraints, a shard or a robust run, and where the result goes. `Tuner.run(_:)` carries it out.
package struct TuneRequest: Sendable {
    /// With `.files` and `robustness.holdout == .files`, held-out files not among the traces are added to them.
    package var traces: TuneTraceSource
    /// Seeds, hold-out and its margin; anything beyond a plain sweep runs whole sweeps (no shard).
    package var robustness = RobustnessOptions()
    /// `.app` replaces `sweep` and `movementScales` by what the app's settings can take (`AppSettingsGrid`).
    package var grid = TuneGrid.full
    package var sweep: SweepSpec
    package var movementScales: ParameterRange
    /// tune.json names it as written (`merge` parses it back).
    package var screen = Parsed<ScreenModel>.appDefault
    package var objective: TuneObjective
    /// nil: `TuneContext.defaultConstraints`.
    package var constraints: [TuneConstraint]?
    package var refine = true
    package var roomDepth = 0.30
    package var settle = 0.3
    /// Evaluate one shard and write a part instead of the whole result.
    package var shard: ShardInfo?
    /// nil: `tune.json`, or `tune.part-i-of-n.json` for a shard.
    package var output: String?
    /// Write `tune.html` beside a whole result's JSON (a suite puts the page into its report instead).
    package var writesPage = true
    /// Sweep this app's own settings instead of a smoother model (`tune --app-source`): needs `grid == .app`, and
    /// runs whole (no shard, seeds or hold-out).
    package var app: AppTuneTarget?

    package init(traces: TuneTraceSource, sweep: SweepSpec, movementScales: ParameterRange, objective: TuneObjective) {
        self.traces = traces
        self.sweep = sweep
        self.movementScales = movementScales
        self.objective = objective
    }

    /// The JSON file the run writes.
    package var outputPath: String {
        output ?? shard.map(Self.partFileName) ?? "tune.json"
    }

    /// The default name of a shard's part: `tune.part-i-of-n.json`.
    package static func partFileName(_ shard: ShardInfo) -> String {
        "tune.part-\(shard.index)-of-\(shard.count).json"
    }
}

/// The app a tune sweeps the settings of, and the ARKit-frame hypothesis its simulated sensors report under.
package struct AppTuneTarget: Sendable {
    package var app: any AppUnderTest
    package var arkitFrame: ARKitFrame

    package init(app: any AppUnderTest, arkitFrame: ARKitFrame = .gravity) {
        self.app = app
        self.arkitFrame = arkitFrame
    }
}
