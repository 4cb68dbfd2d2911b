import Analysis
import Foundation
import Geometry
import ParallaxTestSupport
import Projection
import Scientific
import Smoothing
import Testing
import Tracking
@testable import Tuning

/// The interactive tuning view's precomputation: per-frame error and swim against closed forms and against
/// `ParallaxAccuracy` / `Swim`, the binning, the thinning, determinism and the size bound.
struct TuneViewTests {
    static let depth = 0.30, distance = 0.35

    /// A head moving at `velocity` m/s in x at 60 Hz, measured exactly (truth = positions).
    static func movingTrace(velocity: Double, seconds: Double = 2, x0: Double = 0) -> HeadTrace {
        let samples = (0..<Int(seconds * 60)).map { i in
            HeadSample(t: Double(i) / 60, position: Vec3(x0 + velocity * Double(i) / 60, 0, distance))
        }
        return HeadTrace(samples: samples, truth: samples.map(\.position))
    }

    static func context(_ traces: [(String, HeadTrace)], smoother: String = "ema:alpha=0.1...0.5/0.05",
                        scales: String = "1...2/0.5") throws -> TuneContext {
        try TuneContext(smoother: smoother, movementScale: scales, screen: "iphone-15-pro", traces: traces)
    }

    /// A still head measured exactly through a smoother that passes it through: at s = 1 the pipeline is the
    /// true window (zero error, zero swim); at s the error is the exaggeration (s − 1)·hx·D/(z + D) of the back
    /// wall in pixels, constant, so the swim stays zero.
    @Test func stillHeadWithAPerfectSmootherHasTheClosedFormErrorAndNoSwim() throws {
        let hx = 0.02
        let context = try Self.context([("still", Self.movingTrace(velocity: 0, x0: hx))])
        let trace = context.traces[0]
        for s in [1.0, 1.5, 2.5] {
            let series = try TuneFrameSeries(spec: try SmootherSpec(parsing: "none"), trace: trace, scale: s, core: context.core,
                                             points: context.points, ppm: context.ppm)
            let expected = abs(s - 1) * hx * Self.depth / (Self.distance + Self.depth) * context.ppm.x
            #expect(series.errorPx.allSatisfy { abs($0 - expected) <= 1e-9 * max(1, expected) }, "s = \(s): \(series.errorPx[0]) px, expected \(expected)")
            #expect(series.swimDegPerSecond[0] == nil)
            #expect(series.swimDegPerSecond.dropFirst().allSatisfy { $0 != nil && $0! <= 1e-9 }, "s = \(s)")
        }
    }

    /// A constant-velocity head seen through a pure delay of L: the back-wall centre's on-glass error is
    /// (s·(t − L) − t)·v·D/(z + D), so its velocity is (s − 1)·v·D/(z + D) and the swim at the true eye over a
    /// pair ending at t is [atan((u + ΔE)/z) − atan(u/z)]/Δt with u = −v·t·z/(z + D) (the ray to the true
    /// on-glass point, relative to the eye) — zero for s = 1 (a constant error does not swim).
    @Test func constantVelocityThroughAPureDelayMatchesTheHandDerivedErrorAndSwim() throws {
        let v = 0.1, delay = 3.0 / 60, z = Self.distance, d = Self.depth
        let trace = Self.movingTrace(velocity: v)
        let context = try Self.context([("ramp", trace)])
        let prepared = context.traces[0]
        let delayed = trace.samples.map { Vec3(v * ($0.t - delay), 0, z) }
        let centre = [Vec3(0, 0, -d)]
        for s in [1.0, 2.0] {
            let series = try TuneFrameSeries(filtered: delayed, trace: prepared, scale: s, core: context.core, points: centre, ppm: context.ppm)
            for i in [1, 30, 90] {
                let t = trace.samples[i].t, dt = t - trace.samples[i - 1].t
                let error = abs(s * (t - delay) - t) * v * d / (z + d)
                #expect(abs(series.errorPx[i] - error * context.ppm.x) <= 1e-9 * max(1, error * context.ppm.x), "s = \(s), frame \(i)")
                let change = (s - 1) * v * dt * d / (z + d)
                let u = -v * t * z / (z + d)
                let swim = (atan((u + change) / z) - atan(u / z)) * 180 / .pi / dt
                let measured = try #require(series.swimDegPerSecond[i])
                #expect(abs(measured - abs(swim)) <= 1e-9 * max(1, abs(swim)), "s = \(s), frame \(i): \(measured) °/s, expected \(abs(swim))")
            }
        }
    }

    /// On a noisy trace through a real smoother, the per-frame series give exactly the statistics of
    /// `ParallaxAccuracy` (total error: p95 over frames of the worst point, max) and `Swim` (p95 over pairs of
    /// the worst point, max) on the same pipeline (the smoothed positions fed as the measured ones).
    @Test func seriesAgreeWithParallaxAccuracyAndSwim() throws {
        let trace = try TuneFixtures.swayTrace(seed: 3, seconds: 8)
        let context = try Self.context([("sway", trace)])
        let spec = try SmootherSpec(parsing: "ema:alpha=0.3")
        for s in [1.0, 1.5] {
            let series = try TuneFrameSeries(spec: spec, trace: context.traces[0], scale: s, core: context.core,
                                             points: context.points, ppm: context.ppm)
            let smoothed = HeadTrace(samples: zip(trace.samples, series.filtered).map { HeadSample(t: $0.t, position: $1, tracked: $0.tracked) },
                                     truth: trace.truth)
            let screen = try ScreenModel.parse("iphone-15-pro")
            let accuracy = try ParallaxAccuracy.evaluate(trace: smoothed, screen: screen, movementScale: s)
            let swim = try Swim.evaluate(trace: smoothed, screen: screen, movementScale: s)
            let swims = series.swimDegPerSecond.compactMap { $0 }
            #expect(swims.count == swim.framePairs)
            for (mine, theirs, what) in [
                (Statistics.quantile(series.errorPx, 0.95), accuracy.total.pixels.p95, "error p95"),
                (series.errorPx.max()!, accuracy.total.pixels.max, "error max"),
                (Statistics.quantile(swims, 0.95), swim.total.p95, "swim p95"),
                (swims.max()!, swim.total.max, "swim max"),
            ] {
                #expect(abs(mine - theirs) <= 1e-7 * max(1, theirs), "s = \(s) \(what): \(mine) vs \(theirs)")
            }
        }
    }

    @Test func thinningKeepsTheEndsTheRequiredValuesAndTheBudget() {
        let kept = TuneViewThinning.indices(count: 91, budget: 12, keeping: [20, 19, 200])
        #expect(kept.first == 0 && kept.last == 90)
        #expect(kept.contains(19) && kept.contains(20) && !kept.contains(200))
        #expect(kept.count <= 14 && kept == Array(Set(kept)).sorted())
        #expect(TuneViewThinning.indices(count: 5, budget: 12, keeping: [3]) == [0, 1, 2, 3, 4])
        let nearest = TuneViewThinning.nearest(count: 91, kept: kept)
        #expect(nearest.count == 91)
        for (i, position) in nearest.enumerated() {
            #expect(kept.allSatisfy { abs($0 - i) >= abs(kept[position] - i) }, "index \(i) maps to \(kept[position])")
        }
        #expect(TuneViewThinning.nearestIndex(of: 0.25, in: [0.1, 0.2, 0.3]) == 1)  // tie → lower
    }

    /// The table holds every grid point's metrics (every `TuneMetric`, 4 significant digits) and the app
    /// default's; the series grid keeps the recommendation's and the app's values; a binned series point is
    /// the worst of its frames.
    @Test func viewDataHoldsTheTunersMetricsAndTheBinnedSeries() throws {
        let context = try Self.context([("sway", try TuneFixtures.swayTrace(seed: 4, seconds: 10)),
                                        ("ramps", TuneFixtures.rampTrace(cycles: 2))],
                                       smoother: "ema:alpha=0.05...0.95/0.05", scales: "0.5...3/0.25")
        let result = try Tuner.run(context)
        var budget = TuneViewData.Budget()
        budget.seriesConfigurations = 4
        budget.seriesScales = 3
        let view = try TuneViewData(context: context, result: result, budget: budget)
        #expect(view.metricNames == TuneMetric.allCases.map(\.rawValue))
        #expect(view.values == [context.sweep.axes[0].values] && view.scales == context.scales)
        for (c, configuration) in result.configurations.enumerated() {
            for k in context.scales.indices {
                let metrics = result.metrics(configuration, scale: k)
                for (m, metric) in TuneMetric.allCases.enumerated() {
                    let expected = metrics[metric]
                    let shown = view.metrics[c][k][m]
                    #expect((expected == nil) == (shown == nil))
                    if let expected, let shown { #expect(abs(shown - expected) <= 5e-4 * abs(expected), "\(metric) at \(c), \(k)") }
                }
            }
        }
        #expect(zip(view.appMetrics, TuneMetric.allCases).allSatisfy { shown, metric in
            result.appDefault.metrics[metric].map { abs(shown! - $0) <= 5e-4 * abs($0) } ?? (shown == nil)
        })
        // The recommendation and the app default (α 0.25, s 1.5) are on the series grid.
        let recommendation = try #require(result.recommendation)
        let recommended = try #require(view.recommended)
        #expect(view.values[0][recommended.values[0]] == recommendation.values[0] && view.scales[recommended.scale] == recommendation.movementScale)
        #expect(view.series.values[0].contains(recommendation.values[0]) && view.series.values[0].contains(0.25))
        #expect(view.series.scales.contains(recommendation.movementScale) && view.series.scales.contains(1.5))
        #expect(view.series.values[0].count <= 4 + 2 && view.series.scales.count <= 3 + 2)
        #expect(view.series.points.count == view.series.values[0].count)
        // The window: the ramps are the fastest lateral motion; 30 Hz bins of 2 frames; a point = the worst frame.
        #expect(view.trace.name == "ramps" && view.trace.framesPerBin == 2)
        #expect(view.trace.t.last! - view.trace.t.first! <= budget.windowSeconds)
        let a = view.series.values[0].count / 2, k = view.series.scales.count - 1
        let frames = try TuneFrameSeries(spec: try context.sweep.spec(["alpha": view.series.values[0][a]]), trace: context.traces[1],
                                         scale: view.series.scales[k], core: context.core, points: context.points, ppm: context.ppm)
        let first = try #require(context.traces[1].samples.firstIndex { abs($0.t - view.trace.t[0]) < 5e-4 })
        for b in [0, 10, view.trace.t.count - 2] {  // the last bin may be cut short by the window
            let bin = (first + 2 * b)..<min(first + 2 * b + 2, frames.errorPx.count)
            #expect(abs(view.series.points[a].errorPx[k][b] - frames.errorPx[bin].max()!) <= 0.005)
            #expect(abs(view.series.points[a].swimDegS[k][b]! - frames.swimDegPerSecond[bin].compactMap { $0 }.max()!) <= 0.005)
            #expect(abs(view.series.points[a].smoothedX[b] - frames.filtered[bin.lowerBound].x * 1000) <= 0.05)
        }
    }

    @Test func sameInputsGiveTheSameBytes() throws {
        let traces = [("sway", try TuneFixtures.swayTrace(seed: 6, seconds: 6))]
        let pages = try (0..<2).map { _ in
            let context = try Self.context(traces)
            return TuneReport.document(try Tuner.run(context), view: try TuneViewSection.section(TuneViewData(context: context, result: try Tuner.run(context))))
        }
        #expect(pages[0] == pages[1])
        #expect(pages[0].contains("<script type=\"application/json\" id=\"tune-view-data\">"))
    }

    /// A grid of 491 α × 100 scales (49 100 points): the table is thinned to the budget, the series grid stays
    /// small, the recommendation is kept in both, and the embedded view stays under 1 MB.
    @Test func aLargeGridStaysWithinTheSizeBudget() throws {
        let context = try Self.context([("sway", try TuneFixtures.swayTrace(seed: 8, seconds: 6))],
                                       smoother: "ema:alpha=0.01...0.99/0.002", scales: "0.1...10/0.1")
        let result = try Tuner.run(context)
        let view = try TuneViewData(context: context, result: result)
        let recommendation = try #require(result.recommendation)
        #expect(view.values[0].count * view.scales.count <= 66 * 66)  // (⌊√4096⌋ + 2)² with the required values
        #expect(view.values[0].contains(recommendation.values[0]) && view.scales.contains(recommendation.movementScale))
        #expect(view.series.values[0].contains(recommendation.values[0]) && view.series.scales.contains(recommendation.movementScale))
        #expect(view.series.points.count <= 18 && view.series.scales.count <= 10)
        #expect(view.notes.contains { $0.hasPrefix("metrics table thinned") })
        let section = try TuneViewSection.section(view)
        let bytes = section.content.map(\.rendered).joined().utf8.count
        #expect(bytes <= 1_000_000, "\(bytes) bytes")
    }

    /// A name that would close the script element is escaped inside the embedded JSON.
    @Test func namesCannotCloseTheDataScript() throws {
        let context = try Self.context([("</script><b>x", try TuneFixtures.swayTrace(seed: 2, seconds: 4))])
        let html = try TuneViewSection.section(TuneViewData(context: context, result: try Tuner.run(context))).content.map(\.rendered).joined()
        #expect(!html.contains("</script><b>"))
        #expect(html.contains("\\u003cb>x"))
    }
}
