import AppReplay
import ArgumentParser
import Audit
import Foundation
import TestedApp
import Tuning
import Vocabulary

struct TuneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tune",
        abstract: "Sweep a smoother's parameters × movementScale over traces; Pareto front and recommendation.",
        discussion: """
            For every grid point of the smoother (each numeric parameter a single value or a range lo...hi/step) the smoother runs once per trace; ramp lag and stationary jitter are computed once, and the scale-dependent parallax errors at every movementScale follow exactly from sums taken in the same pass (on-glass positions are affine in the scale).
            Metrics: ramp_lag_ms (the filter's own steady-state ramp lag; lag_ms, its earlier name, is still accepted), jitter_mm (stationary, RMS 3D), visible_jitter_px/_mm (frame-to-frame motion on the glass while the head is still, from --settle s after it stops), tracking_px/_mm, exaggeration_px/_mm, total_px/_mm (RMS parallax error parts over the cube room's corners and edge midpoints), gain_px_per_cm (back-wall shift per cm of head motion, s·D/(z + D)·ppm/100), swim_tracking_deg_s/_exaggeration_deg_s/_total_deg_s (RMS swim: the on-screen error's angular velocity at the true eye, °/s).
            Objective (minimised): a metric or weighted sum, default visible_jitter_px. Constraints (repeatable; given ones replace the defaults ramp_lag_ms<=50 and gain_px_per_cm>=app): metric<=value, metric>=value, or metric>=app / <=app (the value of the app's default, ema α = 0.25 at s = 1.5; with --app-source, of the app as built).
            Output: the Pareto front (ramp lag vs visible jitter) per movementScale, the recommended configuration with its reasoning, tune.json ("schema": 1, deterministic bytes) and tune.html beside it. Filters with ≥ 2 swept parameters are refined by Nelder–Mead from the grid's best point (--no-refine to skip).
            Robustness: --seeds N re-synthesizes every synthesized trace with N seeds and also searches each seed's traces alone (the spread of those recommendations is printed); the pooled recommendation's objective gets a 95 % percentile bootstrap interval over the training traces (1000 resamples, seed 1); --holdout keeps traces out of the search and prints the recommendation's metrics on them beside training, warning beyond --holdout-margin or when a constraint breaks.
            Scale-out: --shard i/n evaluates grid points i−1, i−1+n, … and writes a part (default tune.part-i-of-n.json); 'parallax merge PARTS… -o tune.json' gives exactly the unsharded result.
            The app's own code: --app-source DIR sweeps the app's settings — the properties its Settings sliders set, headTracker.smoothingAlpha (0.10...0.50/0.05) and cubeController.movementScale (0.5...3.0/0.1) — over its code replayed on the simulated ARKit (under --arkit-frame) and CoreMotion (see 'parallax app replay'). Every configuration is a fresh app per trace with both values set through those properties and read back; the movement scale is run through the app like α, not applied after smoothing. Ramp lag and jitter are on the head the app computes, the parallax metrics on the eye its camera node takes. Each setting is probed first (its slider's two ends on a ramp): one that changes nothing on the code is said so and held as built, not swept. "Keep the current settings" is the settings the app holds as built; otherwise the recommendation says which values to set the sliders to, with its model (an EMA of that α, that scale) measured beside it and where the code parts from it (model = code, or model ≠ code (N of M runs): first at …). tune.json's "app" names the code (path, hash, files) and holds the probes and the read-back. Not with --smoother, --movement-scale, --grid full, --shard, --seeds or --holdout.
            Exit status: 0, 1 when no configuration meets the constraints, 2 bad input (with --app-source also: a folder missing the app's files, code that does not compile against the stand-ins, a crash or hang in it).

            Examples:
              parallax tune --traces Traces/*.csv --smoother 'ema:alpha=0.05...0.95/0.01' --movement-scale 0.5...3.0/0.1 --screen iphone-15-pro
              parallax tune --traces a.csv b.csv --smoother 'one-euro:mincutoff=0.2...3/0.2,beta=0...40/4' --movement-scale 1.5 --constraint 'ramp_lag_ms<=40'
              parallax tune --traces Traces/*.csv --shard 2/8 -o part2.json
              parallax tune --traces Traces/*.csv --grid app --seeds 5 --holdout Traces/walk-by.csv
              parallax tune --traces Traces/sway.csv Traces/still.csv --app-source ../Splat-Frame --arkit-frame camera
            """
    )

    @Option(name: .long, parsing: .upToNextOption, help: "Trace CSVs (with ground truth for exact parallax errors).")
    var traces: [String] = []

    // Optional so that --app-source can tell a given sweep (which it refuses) from the default.
    @Option(name: .long, help: "Smoother sweep, e.g. 'ema:alpha=0.05...0.95/0.01' (default).", transform: SweepSpec.init(parsing:))
    var smoother: SweepSpec?
    static let defaultSweep = try! SweepSpec(parsing: "ema:alpha=0.05...0.95/0.01")

    @Option(name: .long, help: "movementScale value or range lo...hi/step (default 0.5...3.0/0.1).",
            transform: { try ParameterRange($0, name: "movement_scale") })
    var movementScale: ParameterRange?
    static let defaultMovementScales = try! ParameterRange("0.5...3.0/0.1", name: "movement_scale")

    @Option(name: .long, help: "full (the given ranges; default) or app: α and movementScale only where the app's sliders can be set (α 0.10...0.50/0.05, s 0.5...3.0/0.1; replaces --smoother and --movement-scale; implied by --app-source).",
            transform: TuneGrid.init(parsing:))
    var grid: TuneGrid?

    @OptionGroup var app: AppOptions

    @Option(name: .long, help: "Screen model.")
    var screen = AppDefaults.screen

    @Option(name: .long, help: "Objective to minimise (default visible_jitter_px).", transform: TuneObjective.init)
    var objective = try! TuneObjective(TuneContext.defaultObjective)

    @Option(name: .long, help: "Constraint, repeatable (default: ramp_lag_ms<=50 and gain_px_per_cm>=app).", transform: TuneConstraint.init)
    var constraint: [TuneConstraint] = []

    @Option(name: .long, help: "Depth of the cube room's back wall, m.")
    var roomDepth = 0.30

    @Option(name: .long, help: "Seconds after the head stops before frames count towards the visible jitter.")
    var settle = 0.3

    @Flag(name: .long, help: "Skip the Nelder–Mead refinement of multi-parameter filters.")
    var noRefine = false

    @Option(name: .long, help: "Seeds per synthesized trace: the file's own, then seed + 1, … re-synthesized from its '# spec:' header (recordings are used once); prints each seed's recommendation and the spread.")
    var seeds = 1

    @Option(name: .long, parsing: .upToNextOption, help: "Trace CSVs kept out of the search (taken from --traces, or added); the recommendation's metrics on them are printed beside the training metrics.")
    var holdout: [String] = []

    @Option(name: .long, help: "Hold out this fraction of the trace files instead (picked by a fixed-seed shuffle).", transform: HoldoutChoice.init(parsingFraction:))
    var holdoutFraction: HoldoutChoice?

    @Option(name: .long, help: "Warn when the held-out objective differs from training by more than this fraction.")
    var holdoutMargin = 0.25

    @Option(name: .long, help: "Evaluate shard i of n (1-based) and write a partial result.", transform: ShardInfo.init(parsing:))
    var shard: ShardInfo?

    @Option(name: [.short, .long], help: "Output JSON (default tune.json; with --shard tune.part-i-of-n.json).")
    var output: String?

    @Flag(name: .long, help: "Print the result JSON to stdout instead of the text summary.")
    var json = false

    func validate() throws {
        if !holdout.isEmpty && holdoutFraction != nil { throw ValidationError("give --holdout or --holdout-fraction, not both") }
        if shard != nil && (seeds > 1 || !holdout.isEmpty || holdoutFraction != nil) {
            throw ValidationError("--seeds and --holdout run whole sweeps; they do not combine with --shard")
        }
        try app.requireAppForARKitFrame()
        guard app.appSource != nil else { return }
        // What the app's sweep replaces or cannot do, one line each (exit 2).
        if smoother != nil {
            throw ValidationError("--smoother: with --app-source the smoother is the app's own; its α is swept over the app's Smoothing slider (\(AppSettingsGrid.alpha.text))")
        }
        if movementScale != nil {
            throw ValidationError("--movement-scale: with --app-source the movement scale is swept over the app's Sensitivity slider (\(AppSettingsGrid.movementScale.text))")
        }
        if grid == .full { throw ValidationError("--grid full: with --app-source the app is swept over what its sliders can be set to (--grid app)") }
        if shard != nil { throw ValidationError("--shard: with --app-source the sweep runs whole (each configuration is a replay of the app's code)") }
        if seeds > 1 || !holdout.isEmpty || holdoutFraction != nil {
            throw ValidationError("--seeds and --holdout: not with --app-source (they run whole model sweeps)")
        }
    }

    func run() throws {
        let outcome: TuneOutcome
        do {
            var request = TuneRequest(traces: .files(traces), sweep: smoother ?? Self.defaultSweep,
                                      movementScales: movementScale ?? Self.defaultMovementScales, objective: objective)
            request.robustness = RobustnessOptions(seeds: seeds, holdout: holdoutFraction ?? (holdout.isEmpty ? .none : .files(holdout)),
                                                   margin: holdoutMargin)
            let code = try app.codeApp()
            request.grid = grid ?? (code == nil ? .full : .app)
            request.app = code.map { AppTuneTarget(app: $0, arkitFrame: app.frame) }
            // Parsed here rather than by argument-parser, whose message would not be the `--screen: …` one.
            request.screen = try Parsed(parsing: screen)
            request.constraints = constraint.isEmpty ? nil : constraint
            request.refine = !noRefine
            request.roomDepth = roomDepth
            request.settle = settle
            request.shard = shard
            request.output = output
            outcome = try Tuner.run(request)
        } catch let error as FieldError {
            throw error.naming(flags: Self.flags)
        }
        try report(outcome, json: json)
    }

    /// The request's fields by the flag that sets them (`constraints` → `--constraint`).
    static let flags = [
        "traces": "--traces", "smoother": "--smoother", "movement_scale": "--movement-scale", "grid": "--grid",
        "screen": "--screen", "objective": "--objective", "constraints": "--constraint", "room_depth": "--room-depth",
        "settle": "--settle", "seeds": "--seeds", "holdout": "--holdout", "holdout_fraction": "--holdout-fraction",
        "holdout_margin": "--holdout-margin", "shard": "--shard", "arkit_frame": "--arkit-frame",
    ]
}

/// Prints a tune outcome (shared by `tune` and `merge`); no recommendation in a whole result is exit 1.
func report(_ outcome: TuneOutcome, json: Bool) throws {
    let result = outcome.result
    if json {
        print(String(decoding: try result.jsonData(), as: UTF8.self), terminator: "")
    } else {
        print(result.summary, terminator: "")
        print("wrote \(outcome.written.joined(separator: ", "))")
    }
    if result.kind == .full && result.recommendation == nil {
        throw CheckFailure("tune: \(result.notes.last ?? "no configuration meets the constraints")")
    }
}
