import Analysis
import Foundation
import Geometry
import Plumbing
import Projection
import Reporting
import Scientific
import Smoothing
import TestedApp
import Tracking
import Vocabulary

/// Runs trace × smoother × screen × movement scale: smooths, measures lag / jitter / latency (`TraceAnalysis`)
/// and the on-screen parallax error (`ParallaxAccuracy`), and keeps downsampled series for the plots.
struct ScenarioRunner {
    let traces: [(name: String, trace: HeadTrace)]
    /// As the suite writes them: the text names the scenario (and its unit), the value runs.
    let smoothers: [Parsed<SmootherSpec>]
    let screens: [Parsed<ScreenModel>]
    let movementScales: [Double]
    /// The app under test, measured by scenarios of its own (smoother `app`) when it has them (`SuiteApp.hasOwnScenarios`).
    var app: SuiteApp? = nil
    /// The screen the app's code is compared with its model on (the headline's).
    var comparisonScreen: ScreenModel = .appDefault

    /// The scenarios, and the app's code against its model on each trace the app's scenarios ran on.
    struct Output {
        var scenarios: [ScenarioResult] = []
        var appComparisons: [TraceComparison] = []
    }

    /// Plot series are thinned to about this many points (a chart is at most ~600 px wide) and rounded to the
    /// resolutions below, so that report.json stays small (it grows by ≈ 45 KB per scenario, not 140 KB) while
    /// every chart keeps more than a point per two pixels. Metrics are computed from the full trace, never these.
    static let maxPlotPoints = 300
    /// Time to 1 ms, positions to 0.01 mm, on-screen error to 0.01 px, PSD values to 4 significant digits.
    static func rounded(_ value: Double, step: Double) -> Double { value.isFinite ? (value / step).rounded() * step : value }
    static func significant(_ value: Double) -> Double {
        guard value.isFinite, value != 0 else { return value }
        let scale = pow(10, 3 - floor(log10(abs(value))))
        return (value * scale).rounded() / scale
    }

    func run(progress: (String) -> Void) throws -> [ScenarioResult] {
        var timings: [SuiteUnit: Double] = [:]
        return try run(progress: progress, timings: &timings).scenarios
    }

    /// The `smoother` of each trace's scenario units: the suite's smoothers, then the app when it has scenarios of its own.
    var labels: [String] { app?.scenarioLabels(smoothers) ?? smoothers.map(\.text) }

    /// Runs the trace × smoother units `includes` accepts (every one by default), recording each one's time in
    /// `timings`.
    func run(including includes: (SuiteUnit) -> Bool = { _ in true }, progress: (String) -> Void,
             timings: inout [SuiteUnit: Double]) throws -> Output {
        var results: [ScenarioResult] = []
        var appComparisons: [TraceComparison] = []
        // Progress counts the units this run does (a shard's share).
        let total = traces.reduce(0) { sum, trace in sum + labels.filter { includes(.scenarios(trace: trace.name, smoother: $0)) }.count }
        var done = 0
        for (traceName, original) in traces {
            // A recording without ground truth is measured against its reference estimate (and says so).
            let truthless = TruthlessTrace(original)
            let trace = truthless?.trace ?? original
            var options = AnalysisOptions()
            if truthless != nil { options.sensorLatency = LatencyModel.assumedSensorLatency }
            let breaks = TraceBreaks(samples: original.samples)
            let shaded = (breaks.gaps.map { [$0.start, $0.start + $0.duration] } + breaks.frozen.map { [$0.start, $0.start + $0.duration] })
                .map { $0.map { $0 - original.samples[0].t } }
            for (label, spec) in smoothers.map({ ($0.text, $0.value) }) {
                let unit = SuiteUnit.scenarios(trace: traceName, smoother: label)
                guard includes(unit) else { continue }
                let started = ContinuousClock.now
                defer { timings[unit] = started.duration(to: .now).seconds }
                done += 1
                progress("[scenarios \(done)/\(total)] \(traceName) × \(label)")
                var smoother = spec.makeSmoother()
                let smoothed = smoother.smooth(trace)
                let filtered = smoothed.samples.map(\.position)
                let times = trace.samples.map(\.t)
                var analysis = TraceAnalysis.analyze(trace, filtered: filtered, smoother: spec.description, options: options, screenGiven: !screens.isEmpty,
                                                     steadyFilterLag: HeadToPhoton.filterLag(of: spec, rate: HeadToPhoton.rate(times: times)))
                truthless?.label(&analysis, filtered: filtered)
                let psd = residualPSD(trace: trace, filtered: filtered)
                for (screenName, screen) in screens.map({ ($0.text, $0.value) }) {
                    for scale in movementScales {
                        // The spec as printed carries its loss= policy: say what it does where it is printed.
                        var notes = analysis.notes + TrackingLossPolicy.explanations(in: [spec.description])
                        var accuracy: ParallaxAccuracyReport?, swim: SwimReport?
                        var errorSeries: [Double] = []
                        if trace.truth != nil {
                            let (report, trackingWorstPx) = try ParallaxAccuracy.evaluateWithTrackingSeries(
                                trace: smoothed, screen: screen, movementScale: scale)
                            accuracy = report
                            swim = try Swim.evaluate(trace: smoothed, screen: screen, movementScale: scale)
                            errorSeries = trackingWorstPx
                        } else {
                            notes.append("no ground truth: parallax error and visible jitter are not computed")
                        }
                        let metrics = analysis.metrics(accuracy: accuracy, swim: swim,
                                                   effectGain: TraceAnalysis.effectGain(screen: screen, movementScale: scale,
                                                                                        distance: Statistics.median(trace.samples.map(\.position.z))))
                        results.append(ScenarioResult(id: "\(traceName) × \(label) × \(screenName) × s=\(scale)", trace: traceName, smoother: label,
                                                      smootherSpec: spec.description, screen: screenName, movementScale: scale, metrics: metrics,
                                                      notes: notes, series: series(trace, filtered: filtered, errorSeries: errorSeries, psd: psd, shaded: shaded),
                                                      reference: truthless == nil ? nil : TruthlessTrace.referenceName))
                    }
                }
            }
            if let app, app.hasOwnScenarios {
                let unit = SuiteUnit.scenarios(trace: traceName, smoother: Budget.Scope.appName)
                guard includes(unit) else { continue }
                let started = ContinuousClock.now
                defer { timings[unit] = started.duration(to: .now).seconds }
                done += 1
                progress("[scenarios \(done)/\(total)] \(traceName) × \(app.identity.label)")
                results += try appScenarios(app, traceName: traceName, original: original, shaded: shaded)
                appComparisons.append(TraceComparison(trace: traceName, comparison: try app.comparedWithModel(trace: trace, name: traceName, screen: comparisonScreen)))
            }
        }
        return Output(scenarios: results, appComparisons: appComparisons)
    }

    /// The app under test on one trace, on every screen and movement scale: `TraceAnalysis.analyzeWithSeries` — what
    /// `parallax analyze TRACE --app-source DIR --screen S --movement-scale s` computes, one number — with the
    /// movement scale set as its Sensitivity slider sets it and its other settings as built.
    func appScenarios(_ app: SuiteApp, traceName: String, original: HeadTrace, shaded: [[Double]]) throws -> [ScenarioResult] {
        var results: [ScenarioResult] = []
        for (screenName, screen) in screens.map({ ($0.text, $0.value) }) {
            for scale in movementScales {
                var settings = app.settings
                settings.movementScale = scale
                let analyzed = try TraceAnalysis.analyzeWithSeries(original, traceName: traceName, app: app.app, settings: settings, screen: screen,
                                                                   arkitFrame: app.arkitFrame)
                let report = analyzed.report, trace = analyzed.trace
                var notes = report.notes
                notes.insert("measured on \(app.identity.label), α \(NumberText.format(settings.smoothingAlpha)), movement scale \(NumberText.format(scale)); "
                             + "ARKit frame: \(app.arkitFrame.rawValue); latency's filter part: its lag on a ramp", at: 0)
                if report.parallax == nil { notes.append("no ground truth: parallax error and visible jitter are not computed") }
                let metrics = report.metrics(accuracy: report.parallax, swim: report.swim, effectGain: report.effectGainPxPerCm)
                let label = Budget.Scope.appName
                results.append(ScenarioResult(id: "\(traceName) × \(label) × \(screenName) × s=\(scale)", trace: traceName, smoother: label,
                                              smootherSpec: label, screen: screenName, movementScale: scale, metrics: metrics, notes: notes,
                                              series: series(trace, filtered: analyzed.heads, errorSeries: analyzed.parallaxErrorPx,
                                                             psd: residualPSD(trace: trace, filtered: analyzed.heads), shaded: shaded),
                                              reference: report.reference))
            }
        }
        return results
    }

    /// The plot series of a scenario, thinned to `maxPlotPoints` and rounded.
    func series(_ trace: HeadTrace, filtered: [Vec3], errorSeries: [Double], psd: (frequencies: [Double], power: [Double]),
                shaded: [[Double]]) -> ScenarioResult.Series {
        let stride = max(1, trace.count / Self.maxPlotPoints)
        let picks = Swift.stride(from: 0, to: trace.count, by: stride).map { $0 }
        let ms = { (v: Double) in Self.rounded(v, step: 0.001) }, mm = { (v: Double) in Self.rounded(v * 1000, step: 0.01) }
        return ScenarioResult.Series(
            t: picks.map { ms(trace.samples[$0].t - trace.samples[0].t) },
            truthX: trace.truth.map { truth in picks.map { mm(truth[$0].x) } },
            measuredX: picks.map { mm(trace.samples[$0].position.x) },
            smoothedX: picks.map { mm(filtered[$0].x) },
            psdFrequency: psd.frequencies.map(Self.significant), psdPower: psd.power.map(Self.significant),
            parallaxErrorPx: errorSeries.isEmpty ? [] : picks.map { Self.rounded(errorSeries[$0], step: 0.01) },
            breaks: shaded.isEmpty ? nil : shaded)
    }

    /// Welch PSD of the smoothed − truth residual in x (mm²/Hz), or of the smoothed signal without truth.
    func residualPSD(trace: HeadTrace, filtered: [Vec3]) -> (frequencies: [Double], power: [Double]) {
        let residual = filtered.indices.map { (filtered[$0].x - (trace.truth?[$0].x ?? 0)) * 1000 }
        let valid = trace.samples.map(\.tracked)
        let rate = trace.duration > 0 ? Double(trace.count - 1) / trace.duration : 60
        guard let estimate = Welch.psd(residual, sampleRate: rate, valid: valid) else { return ([], []) }
        return (estimate.frequencies, estimate.density)
    }
}
