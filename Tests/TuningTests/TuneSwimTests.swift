import Analysis
import Foundation
import Geometry
import ParallaxTestSupport
import Projection
import Smoothing
import Testing
import Tracking
@testable import Tuning

/// The tuner's swim: exact per-scale sums of the continuous-time angular rate |u × ΔE| / (|u|²·Δt).
@Suite struct TuneSwimTests {
    let screen = try! ScreenModel.parse("iphone-15-pro")
    let rate = 60.0

    func sums(trace: HeadTrace, filtered: [Vec3], points: [Vec3]) throws -> (PreparedTrace, PointTraceMetrics) {
        let core = try OffAxisProjection(screen: screen, movementScale: 1).core
        let prepared = try PreparedTrace(name: "t", trace: trace, core: core, points: points, ppm: screen.pixelsPerMeter)
        var metrics = PointTraceMetrics()
        try TuneEvaluator.accumulate(filtered: filtered, trace: prepared, core: core, points: points,
                                     ppm: screen.pixelsPerMeter, into: &metrics)
        return (prepared, metrics)
    }

    /// Head at fixed x = hx approaching at speed w (0.45 → 0.25 m, clear of the zMin clamp); the pipeline sees it
    /// L frames late; one point (0, 0, −D). On the glass (x only): A = s·hx·D/(z(t − L) + D), B = s·hx·D/(z(t) + D),
    /// C = hx·D/(z(t) + D); the true eye is (hx, 0, z), so u = (C − hx, 0, −z), |u × ΔE| = z·|ΔE| and the swim is
    /// z·|ΔE| / (|u|²·Δt).
    @Test func delayedApproachMatchesTheHandDerivedRate() throws {
        let (hx, w, depth, delay, count) = (0.04, 0.1, 0.3, 3, 120)
        let z = { (i: Int) in 0.45 - w * Double(i) / self.rate }
        let truth = (0..<count).map { Vec3(hx, 0, z($0)) }
        let filtered = (0..<count).map { Vec3(hx, 0, z(max(0, $0 - delay))) }
        let trace = HeadTrace(samples: (0..<count).map { HeadSample(t: Double($0) / rate, position: filtered[$0]) }, truth: truth)
        let (_, metrics) = try sums(trace: trace, filtered: filtered, points: [Vec3(0, 0, -depth)])
        let dt = 1 / rate
        for s in [1.0, 1.5, 2.5] {
            func onGlass(eyeX: Double, eyeZ: Double) -> Double { eyeX * depth / (eyeZ + depth) }
            func a(_ i: Int) -> Double { onGlass(eyeX: s * hx, eyeZ: z(max(0, i - delay))) }
            func b(_ i: Int) -> Double { onGlass(eyeX: s * hx, eyeZ: z(i)) }
            func c(_ i: Int) -> Double { onGlass(eyeX: hx, eyeZ: z(i)) }
            func rms(_ error: (Int) -> Double) -> Double {
                let rates = (1..<count).map { i -> Double in
                    let ux = c(i) - hx, uz = -z(i)
                    return z(i) * abs(error(i) - error(i - 1)) / ((ux * ux + uz * uz) * dt) * 180 / .pi
                }
                return (rates.map { $0 * $0 }.reduce(0, +) / Double(rates.count)).squareRoot()
            }
            let tolerance = NumericTolerance<Double>(absolute: 1e-9, relative: 1e-9)
            expectClose(try #require(metrics.trackingSwim.rms(s)), rms { a($0) - b($0) }, within: tolerance)
            expectClose(try #require(metrics.totalSwim.rms(s)), rms { a($0) - c($0) }, within: tolerance)
        }
        #expect(metrics.trackingSwim.count == count - 1)
    }

    /// Lateral motion at speed v seen exactly (no lag): tracking swim 0; the exaggeration error (s − 1)·hx·D/(z + D)
    /// changes by (s − 1)·v·Δt·D/(z + D) per frame, seen from the true eye (hx, 0, z) along u = (−hx·z/(z + D), 0, −z).
    @Test func exactLateralMotionHasOnlyExaggerationSwim() throws {
        let (v, z, depth, count) = (0.15, 0.35, 0.3, 90)
        let truth = (0..<count).map { Vec3(-0.05 + v * Double($0) / rate, 0, z) }
        let trace = HeadTrace(samples: (0..<count).map { HeadSample(t: Double($0) / rate, position: truth[$0]) }, truth: truth)
        let (prepared, metrics) = try sums(trace: trace, filtered: truth, points: [Vec3(0, 0, -depth)])
        #expect(try #require(metrics.trackingSwim.rms(2)) < 1e-9)
        let s = 2.0
        let expected = (1..<count).map { i -> Double in
            let hx = truth[i].x
            let rateRadians = (s - 1) * v * depth / (z + depth) * z / (z * z + hx * hx * z * z / ((z + depth) * (z + depth)))
            return rateRadians * 180 / .pi
        }
        let rms = (expected.map { $0 * $0 }.reduce(0, +) / Double(expected.count)).squareRoot()
        expectClose(abs(s - 1) * (try #require(prepared.exaggerationSwim.rms(1))), rms,
                    within: NumericTolerance<Double>(absolute: 1e-9, relative: 1e-9))
        // At s = 1 the window is exact: no swim at all.
        #expect(try #require(metrics.totalSwim.rms(1)) < 1e-9)
    }

    /// Against `Swim` (the atan2 angle of each frame pair) on a noisy synthesized trace through an EMA: the two
    /// agree to first order in |ΔE|/|u| (per-frame on-glass changes are well under a millimetre at 0.35 m).
    @Test func sweepSwimMatchesTheSwimMetric() throws {
        let trace = try TuneFixtures.swayTrace(seconds: 8)
        let context = try TuneContext(smoother: "ema:alpha=0.3", movementScale: "0.8...2.3/0.75", screen: "iphone-15-pro",
                                      traces: [("sway", trace)], constraints: [], settle: 0)
        let result = try Tuner.run(context)
        var smoother = try SmootherSpec(parsing: "ema:alpha=0.3").makeSmoother()
        let smoothed = smoother.smooth(trace)
        let firstOrder = NumericTolerance<Double>(absolute: 1e-6, relative: 2e-3)
        for (k, s) in result.movementScales.enumerated() {
            let report = try Swim.evaluate(trace: smoothed, screen: screen, movementScale: s,
                                           points: ParallaxAccuracy.cubeRoomPoints(depth: 0.30))
            let metrics = result.metrics(result.configurations[0], scale: k)
            expectClose(try #require(metrics.swimTrackingDegS), report.tracking.rms, within: firstOrder)
            expectClose(try #require(metrics.swimTotalDegS), report.total.rms, within: firstOrder)
            expectClose(try #require(metrics.swimExaggerationDegS), report.exaggeration.rms, within: firstOrder)
        }
    }

    /// Swim works as an objective and a constraint; the app-relative bound reads the app default's value.
    @Test func swimIsAnObjectiveAndAConstraint() throws {
        let trace = try TuneFixtures.swayTrace(seconds: 8)
        let context = try TuneContext(smoother: "ema:alpha=0.1...0.9/0.1", movementScale: "1.5", screen: "iphone-15-pro",
                                      traces: [("sway", trace)], objective: "swim_tracking_deg_s",
                                      constraints: ["swim_total_deg_s<=app"])
        let result = try Tuner.run(context)
        let r = try #require(result.recommendation)
        let best = result.configurations.compactMap { result.metrics($0, scale: 0).swimTrackingDegS }.min()
        #expect(r.objective == best)
        #expect(try #require(r.metrics.swimTotalDegS) <= (try #require(result.appDefault.metrics.swimTotalDegS)))
    }
}
