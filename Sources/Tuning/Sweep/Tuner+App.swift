import Analysis
import Foundation
import Geometry
import Plumbing
import Projection
import Smoothing
import TestedApp
import Vocabulary

/// `tune --app-source`: the app's own settings — the properties its Settings sliders set — swept over an app under
/// test (its code, or a model of it through the same path). Every (α, s) of the sliders' grid is a fresh app per trace
/// with both set through those properties (`AppRun.settings`): the movement scale is a setting of the app like α, run
/// as a variant, not the model's closed form "s applied after smoothing" — a code whose scale reaches anything else
/// shows it. The metrics are the model sweep's (`TuneEvaluator`) on what the app computed: ramp lag and jitter on its
/// head (the smoother's output), the on-glass errors on its eye at its own scale, fed to the kernel as the head
/// (eye.x/s, eye.y/s, eye.z) whose eye at s is the app's (as `TraceAnalysis.analyze(_:traceName:app:…)` does).
/// Before the sweep each setting is probed; one that changes nothing is held as built and reported, not swept.
extension Tuner {
    /// The configuration label of an app sweep: the α its slider set.
    static func appConfiguration(alpha: Double) -> String { "\(TuneResult.appFilter):alpha=\(sliderText(alpha))" }

    /// A slider value as the app holds it: a Float's shortest text when the value is one (read back from the code),
    /// so 0.30000001192092896 reads 0.3.
    static func sliderText(_ value: Double) -> String {
        let single = Float(value)
        guard Double(single) == value, let shortest = Double(single.description) else { return NumberText.format(value) }
        return NumberText.format(shortest)
    }

    static func run(_ request: TuneRequest, app target: AppTuneTarget) throws -> TuneOutcome {
        guard request.grid == .app else {
            throw FieldError("grid", expected: "app (an app under test is swept over what its sliders can be set to)", found: "'\(request.grid.rawValue)'")
        }
        if let shard = request.shard {
            throw FieldError("shard", expected: "no shard with an app under test (its sweep runs whole)", found: "shard \(shard.index)/\(shard.count)")
        }
        guard request.robustness.seeds == 1 else {
            throw FieldError("seeds", expected: "1 with an app under test (seeds and hold-out run whole model sweeps)", found: "\(request.robustness.seeds)")
        }
        guard request.robustness.holdout == .none else {
            throw FieldError("holdout", expected: "no hold-out with an app under test (seeds and hold-out run whole model sweeps)", found: "held-out traces")
        }
        let app = target.app
        let loaded = try traces(of: request)
        guard !loaded.isEmpty else { throw FieldError("traces", expected: "at least one trace CSV", found: "none") }
        let built = try app.defaults()
        let screen = request.screen.value
        // The app is fed what the tuner measures against: a recording with its frozen repeats marked untracked.
        let streams = try loaded.map { name, trace in
            try SensorStream(traceName: name, trace: TruthlessTrace(trace)?.trace ?? trace, arkitFrame: target.arkitFrame)
        }
        let probes = try probe(app, screen: screen, built: built, rate: HeadToPhoton.rate(times: streams[0].samples.map(\.t)))
        let context = try TuneContext(
            sweep: try SweepSpec(parsing: "ema:alpha=\(probes[0].swept)"), movementScales: try ParameterRange(probes[1].swept, name: "movement_scale"),
            screen: request.screen, traces: loaded, objective: request.objective,
            constraints: try request.constraints ?? TuneContext.defaultConstraints.map(TuneConstraint.init), refine: request.refine,
            roomDepth: request.roomDepth, settle: request.settle)
        let alphas = context.sweep.axes.first?.values ?? [built.smoothingAlpha]
        let scales = context.scales
        let window = TuneViewData.window(context.traces, budget: TuneViewData.Budget()).trace
        let n = streams.count

        var configurations: [ConfigurationResult] = []
        var held: [TunedApp.HeldSetting] = []
        var readBack = 0
        var headFollowsScale = false
        var windowHeads: [[Vec3]] = [], windowProjected: [[[Vec3]]] = []
        // One replay per α (every scale × every trace, `AppReplay` spreads them over its driver processes), measured
        // as it returns: the frames of one α are the most held at once.
        for (c, alpha) in alphas.enumerated() {
            let runs = scales.flatMap { s in
                streams.map { AppRun(screen: screen, samples: $0.samples, settings: AppSettings(smoothingAlpha: alpha, movementScale: s)) }
            }
            let results = try app.runReadingSettings(runs)
            readBack += results.count
            held += heldDifferences(runs, results)
            // Run r is scale r / n on trace r % n; the first scale's runs carry the head's lag and jitter.
            let measured = try Parallel.map(results.count) { r in
                let frames = results[r].frames
                return (metrics: try metrics(of: frames, scale: scales[r / n], on: context.traces[r % n], context: context, head: r < n),
                        sameHead: r < n || zip(frames, results[r % n].frames).allSatisfy { $0.head == $1.head })
            }
            headFollowsScale = headFollowsScale || measured.contains { !$0.sameHead }
            let first = PooledPoint(measured[0..<n].map(\.metrics))
            let errors = scales.indices.map { k in PooledPoint(measured[(k * n)..<((k + 1) * n)].map(\.metrics)).errors(scales[k]) }
            configurations.append(ConfigurationResult(
                index: c, smoother: appConfiguration(alpha: alpha), values: context.sweep.axes.isEmpty ? [] : [alpha],
                rampLagMs: first.lagMs, jitterMm: first.jitterMm, errors: errors))
            windowHeads.append(results[window].frames.map(\.head))
            windowProjected.append(scales.indices.map { k in projected(results[k * n + window].frames, scale: scales[k]) })
        }

        // The app as built: no slider moved.
        let builtFrames = try app.run(streams.map { AppRun(screen: screen, samples: $0.samples) })
        let builtMetrics = try Parallel.map(n) { t in
            try metrics(of: builtFrames[t], scale: built.movementScale, on: context.traces[t], context: context, head: true)
        }
        let builtPooled = PooledPoint(builtMetrics)
        let appDefault = AppDefaultResult(
            smoother: appConfiguration(alpha: built.smoothingAlpha), movementScale: built.movementScale,
            metrics: TuneResult.metrics(rampLagMs: builtPooled.lagMs, jitterMm: builtPooled.jitterMm,
                                        errors: builtPooled.errors(built.movementScale), effect: context.effect(built.movementScale)))

        var tuned = TunedApp(identity: app.identity, label: app.identity.label, arkitFrame: target.arkitFrame, built: .init(built),
                             probes: probes, readBackRuns: readBack, heldDifferences: held, model: nil)
        var notes = traceNotes(context) + streams.compactMap(\.note) + tuned.ignoredStatements + [tuned.readBackStatement]
        if headFollowsScale {
            notes.append("the app's head (its smoother's output) changes with movementScale on this code: ramp lag and jitter are measured at s = \(NumberText.format(scales[0]))")
        }
        var result = TuneResult(
            kind: .full, setup: context.setup, shard: nil, filter: TuneResult.appFilter, parameters: context.sweep.axes.map(\.name),
            movementScales: scales, eyeDistanceM: context.eyeDistance, scales: scales.map { context.effect($0) }, appDefault: appDefault,
            configurations: configurations, pareto: nil, recommendation: nil, refinement: nil, app: tuned, notes: notes)
        try finalize(&result, context: context)
        if app.identity.kind == .code, let r = result.recommendation {
            tuned.model = try modelBeside(r, app: app, built: built, streams: streams, screen: screen, context: context)
            result.app = tuned
        }

        let (heads, projections) = (windowHeads, windowProjected)
        let series = TuneViewData.SeriesSource(
            point: { values, asked in
                // The view asks for grid points only: α and s are the sweep's own values.
                guard let c = values.isEmpty ? 0 : alphas.firstIndex(of: values[0]) else {
                    throw FieldError("tune view", expected: "a swept α", found: "\(values)")
                }
                return (heads[c], try asked.map { s in
                    guard let k = scales.firstIndex(of: s) else { throw FieldError("tune view", expected: "a swept movement scale", found: "\(s)") }
                    return projections[c][k]
                })
            },
            appDefault: { (builtFrames[window].map(\.head), projected(builtFrames[window], scale: built.movementScale)) })
        return TuneOutcome(result: result, context: context, written: try write(result, for: request, context: context, series: series))
    }

    /// The head the kernel takes for an app's eye at scale s: (eye.x/s, eye.y/s, eye.z), whose eye at s is the app's.
    static func projected(_ frames: [AppFrame], scale s: Double) -> [Vec3] {
        frames.map { Vec3($0.eye.x / s, $0.eye.y / s, $0.eye.z) }
    }

    /// The tuner's metrics of one run of the app at scale s: the on-glass sums on its eye and, when `head`, lag and
    /// jitter on its head.
    static func metrics(of frames: [AppFrame], scale s: Double, on trace: PreparedTrace, context: TuneContext, head: Bool) throws -> PointTraceMetrics {
        guard frames.count == trace.samples.count else {
            throw FieldError(FieldPath([.key("app")]), expected: "one frame per sample of \(trace.name) (\(trace.samples.count))", found: "\(frames.count)")
        }
        var result = head ? TuneEvaluator.headMetrics(filtered: frames.map(\.head), on: trace) : PointTraceMetrics()
        try TuneEvaluator.accumulate(filtered: projected(frames, scale: s), trace: trace, core: context.core, points: context.points,
                                     ppm: context.ppm, into: &result)
        return result
    }

    /// Each slider's two ends set through the app's property, the other setting as built, on a ramp
    /// (the forward one of `HeadToPhoton.rampRuns`, every frame returned): identical frames at both ends mean the setting changes
    /// nothing on this app, which is then held as built rather than swept.
    static func probe(_ app: any AppUnderTest, screen: ScreenModel, built: AppSettings, rate: Double) throws -> [TunedApp.AppSettingProbe] {
        let alphaEnds = [AppSettingsGrid.alpha.values.first!, AppSettingsGrid.alpha.values.last!]
        let scaleEnds = [AppSettingsGrid.movementScale.values.first!, AppSettingsGrid.movementScale.values.last!]
        let settings = alphaEnds.map { AppSettings(smoothingAlpha: $0, movementScale: built.movementScale) }
            + scaleEnds.map { AppSettings(smoothingAlpha: built.smoothingAlpha, movementScale: $0) }
        let frames = try app.run(settings.map { settings in
            var run = HeadToPhoton.rampRuns(screen: screen, settings: settings, rate: rate)[0]
            run.firstReturned = 0
            return run
        })
        let alphaChanges = frames[0] != frames[1], scaleChanges = frames[2] != frames[3]
        return [
            TunedApp.AppSettingProbe(setting: "smoothingAlpha", values: alphaEnds, changesFrames: alphaChanges,
                                     swept: alphaChanges ? AppSettingsGrid.alpha.text : "\(built.smoothingAlpha)"),
            TunedApp.AppSettingProbe(setting: "movementScale", values: scaleEnds, changesFrames: scaleChanges,
                                     swept: scaleChanges ? AppSettingsGrid.movementScale.text : "\(built.movementScale)"),
        ]
    }

    /// The settings the app held that its sliders did not set, each (setting, set, held) once. The code holds Float:
    /// a value within a Float's rounding of the one set is the one set.
    static func heldDifferences(_ runs: [AppRun], _ results: [AppRunResult]) -> [TunedApp.HeldSetting] {
        var differences: [TunedApp.HeldSetting] = []
        for (run, result) in zip(runs, results) {
            guard let asked = run.settings else { continue }
            for (name, set, held) in [("smoothingAlpha", asked.smoothingAlpha, result.settings.smoothingAlpha),
                                      ("movementScale", asked.movementScale, result.settings.movementScale)]
            where !(abs(held - set) <= 1e-6 * max(1, abs(set))) {
                let difference = TunedApp.HeldSetting(setting: name, set: set, held: held)
                if !differences.contains(difference) { differences.append(difference) }
            }
        }
        return differences
    }

    /// The app's model at the recommended settings on the same runs as the code, measured as the code is, and where
    /// their frames part.
    static func modelBeside(_ r: Recommendation, app: any AppUnderTest, built: AppSettings, streams: [SensorStream], screen: ScreenModel,
                            context: TuneContext) throws -> TunedApp.ModelBeside {
        let settings = AppSettings(smoothingAlpha: r.values.first ?? built.smoothingAlpha, movementScale: r.movementScale)
        let runs = streams.map { AppRun(screen: screen, samples: $0.samples, settings: settings) }
        let model = ModelApp(filter: try SmootherSpec(parsing: "ema:alpha=\(settings.smoothingAlpha)"), movementScale: settings.movementScale)
        let modelFrames = try model.run(runs), codeFrames = try app.run(runs)
        let names = streams.map(\.traceName)
        // The code's frames with the model's projection and view: compared, they part only where head, tilt or eye do.
        let onHeadAndEye = zip(codeFrames, modelFrames).map { code, model in
            zip(code, model).map { c, m in AppFrame(t: c.t, head: c.head, tiltOffset: c.tiltOffset, eye: c.eye, projection: m.projection, view: m.view) }
        }
        let pooled = PooledPoint(try streams.indices.map { t in
            try metrics(of: modelFrames[t], scale: settings.movementScale, on: context.traces[t], context: context, head: true)
        })
        return TunedApp.ModelBeside(
            smoother: model.filter.description, movementScale: settings.movementScale,
            metrics: TuneResult.metrics(rampLagMs: pooled.lagMs, jitterMm: pooled.jitterMm, errors: pooled.errors(settings.movementScale),
                                        effect: context.effect(settings.movementScale)),
            comparison: AppComparison.compare(codeFrames, with: modelFrames, names: names),
            headAndEye: AppComparison.compare(onHeadAndEye, with: modelFrames, names: names))
    }
}
