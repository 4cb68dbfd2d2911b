import Analysis
import Foundation
import Geometry
import ParallaxTestSupport
import Projection
import Scientific
import Testing
import Tracking

@Suite struct ParallaxAccuracyTests {
    let screen = try! ScreenModel.device("iphone-16-pro")

    /// A trace at 60 Hz with the given measured and true positions.
    func trace(measured: [Vec3], truth: [Vec3]) -> HeadTrace {
        HeadTrace(samples: measured.enumerated().map { HeadSample(t: Double($0.offset) / 60, position: $0.element) }, truth: truth)
    }

    /// Closed forms hold to rounding: within 1e-9, relative above 1.
    let closedForm = NumericTolerance<Double>(absolute: 1e-9, relative: 1e-9)

    @Test func screenPlanePointsHaveNoError() throws {
        let random = RandomSource(seed: 4)
        let truth = (0..<300).map { i in Vec3(0.05 * sin(Double(i) / 20), 0.02 * cos(Double(i) / 30), 0.35 + 0.05 * sin(Double(i) / 50)) }
        let measured = truth.map { $0 + Vec3(random.gaussian(sigma: 0.003), random.gaussian(sigma: 0.003), random.gaussian(sigma: 0.005)) }
        let points = [Vec3(0, 0, 0), Vec3(0.03, -0.06, 0), Vec3(-0.15, 0.15, 0)]
        let report = try ParallaxAccuracy.evaluate(trace: trace(measured: measured, truth: truth), screen: screen, movementScale: 2, points: points)
        for stats in [report.total, report.tracking, report.exaggeration] {
            #expect(stats.millimeters.max == 0 && stats.pixels.max == 0 && stats.arcminutes.max == 0)
        }
        #expect(report.frames == 300 && report.points == 3)
    }

    @Test func exaggerationErrorIsClosedForm() throws {
        let (hx, hy, hz, s) = (0.04, -0.015, 0.35, 1.5)
        let head = Vec3(hx, hy, hz)
        // Longer than one tile of frames, so the tiles' combination is exercised too.
        let n = 20_000
        for d in [0.1, 0.3, 1.0] {
            let report = try ParallaxAccuracy.evaluate(
                trace: trace(measured: Array(repeating: head, count: n), truth: Array(repeating: head, count: n)),
                screen: screen, movementScale: s, points: [Vec3(0.01, 0.02, -d)])
            // (s − 1)·h·D/(hz + D) on the glass, in x and y.
            let ex = (s - 1) * hx * d / (hz + d), ey = (s - 1) * hy * d / (hz + d)
            let mm = (ex * ex + ey * ey).squareRoot() * 1000
            for summary in [report.exaggeration.millimeters, report.total.millimeters] {
                for value in [summary.max, summary.rms, summary.p95] { expectClose(value, mm, within: closedForm, "\(summary)") }
            }
            #expect(report.tracking.millimeters.max == 0)
            let ppm = 460 / 0.0254
            expectClose(report.exaggeration.pixels.rms, mm / 1000 * ppm, within: closedForm)
            // Angle at the true eye between where the point is drawn and where a window shows it.
            let window = Vec3(hx + (0.01 - hx) * hz / (hz + d), hy + (0.02 - hy) * hz / (hz + d), 0)
            let drawn = window + Vec3(ex, ey, 0)
            let u = drawn - head, v = window - head
            let arcminutes = acos(min(1, u.dot(v) / (u.length * v.length))) * 180 * 60 / .pi
            #expect(abs(report.exaggeration.arcminutes.max - arcminutes) < 1e-6 * arcminutes + 1e-9)
            #expect(report.stillFramePairs == n - 1)
            #expect(report.visibleJitter?.millimeters.max == 0)
        }
    }

    @Test func trackingErrorIsTheScaledOffsetSeenThroughTheWindow() throws {
        let truth = Vec3(0.01, 0.02, 0.4), delta = 0.003, s = 2.0, d = 0.25
        let report = try ParallaxAccuracy.evaluate(
            trace: trace(measured: Array(repeating: truth + Vec3(delta, 0, 0), count: 50), truth: Array(repeating: truth, count: 50)),
            screen: screen, movementScale: s, points: [Vec3(0, 0, -d)])
        let mm = s * delta * d / (truth.z + d) * 1000
        expectClose(report.tracking.millimeters.rms, mm, within: closedForm)
        expectClose(report.tracking.millimeters.max, mm, within: closedForm)
        let total = (s * (truth.x + delta) - truth.x) * d / (truth.z + d) * 1000
        let exaggeration = (s - 1) * (truth.x * truth.x + truth.y * truth.y).squareRoot() * d / (truth.z + d) * 1000
        let totalY = (s - 1) * truth.y * d / (truth.z + d) * 1000
        expectClose(report.total.millimeters.max, (total * total + totalY * totalY).squareRoot(), within: closedForm)
        expectClose(report.exaggeration.millimeters.max, exaggeration, within: closedForm)
    }

    @Test func visibleJitterIsTheFrameToFrameMotionWhileStill() throws {
        let truth = Vec3(0, 0, 0.35), delta = 0.001, s = 1.5, d = 0.3
        let measured = (0..<121).map { truth + Vec3($0 % 2 == 0 ? delta : -delta, 0, 0) }
        let report = try ParallaxAccuracy.evaluate(
            trace: trace(measured: measured, truth: Array(repeating: truth, count: 121)), screen: screen, movementScale: s,
            points: [Vec3(0, 0, -d), Vec3(0.02, 0, -d)])
        let jitter = try #require(report.visibleJitter)
        let mm = 2 * s * delta * d / (truth.z + d) * 1000
        #expect(report.stillFramePairs == 120)
        for value in [jitter.millimeters.rms, jitter.millimeters.p95, jitter.millimeters.max] { expectClose(value, mm, within: closedForm) }
        // Moving 1 cm per frame is not still.
        let moving = (0..<60).map { Vec3(0.01 * Double($0), 0, 0.35) }
        let none = try ParallaxAccuracy.evaluate(trace: trace(measured: moving, truth: moving), screen: screen, movementScale: s)
        #expect(none.stillFramePairs == 0 && none.visibleJitter == nil)
    }

    @Test func theAppTableScreenMisplacesEvenPinnedPoints() throws {
        let app = try ScreenModel.device("iphone-16-pro", source: .appTable)
        let head = Vec3(0.01, 0, 0.35)
        let report = try ParallaxAccuracy.evaluate(
            trace: trace(measured: [head, head], truth: [head, head]), screen: app, movementScale: 1,
            points: [Vec3(0.03, 0, 0)], physicalScreen: screen)
        // NDC from the app's width, shown on the real glass: x = X·W_true/W_app.
        let mm = 0.03 * (1 - screen.width / app.width) * 1000
        expectClose(report.exaggeration.millimeters.max, mm, within: closedForm)
        #expect(report.tracking.millimeters.max == 0)
        #expect(report.physicalScreen == "iPhone 16 Pro" && report.screen == "iPhone 16 Pro (app table)")
    }

    @Test func theSplatLookAtUnpinsTheGlass() throws {
        // Eye (0.075, 0, 0.4) turned toward (0, 0, −0.25): the glass centre is drawn at
        // x = ex + ez·tan(atan(−ex/ez) + atan(ex/0.65)) instead of 0.
        let head = Vec3(0.05, 0, 0.4)
        let pipeline = try OffAxisProjection(screen: screen, movementScale: 1.5, view: .splat)
        let report = try ParallaxAccuracy.evaluate(
            trace: trace(measured: [head, head, head], truth: [head, head, head]), projection: pipeline, points: [.zero])
        let drawn = 0.075 + 0.4 * tan(atan(-0.075 / 0.4) + atan(0.075 / 0.65))
        expectClose(report.exaggeration.millimeters.max, abs(drawn) * 1000, within: closedForm)
        expectClose(report.total.millimeters.rms, abs(drawn) * 1000, within: closedForm)
        #expect(report.tracking.millimeters.max == 0)
    }

    @Test func resultsAreDeterministic() throws {
        let random = RandomSource(seed: 21)
        let truth = (0..<30_000).map { i in Vec3(0.05 * sin(Double(i) / 200), 0.02 * cos(Double(i) / 300), 0.35) }
        let measured = truth.map { $0 + Vec3(random.gaussian(sigma: 0.002), random.gaussian(sigma: 0.002), random.gaussian(sigma: 0.004)) }
        let input = trace(measured: measured, truth: truth)
        let first = try ParallaxAccuracy.evaluate(trace: input, screen: screen, movementScale: 1.5)
        let second = try ParallaxAccuracy.evaluate(trace: input, screen: screen, movementScale: 1.5)
        #expect(first == second)
        #expect(first.total.pixels.rms > 0 && first.total.pixels.p95 <= first.total.pixels.max)
        #expect(first.tracking.millimeters.rms > 0 && first.exaggeration.millimeters.rms > 0)
    }

    @Test func defaultPointsAreTheCubeRoomsCornersAndEdgeMidpoints() {
        let points = ParallaxAccuracy.defaultPoints
        #expect(points.count == 20)
        #expect(Set(points).count == 20)
        for x in [-0.15, 0.15] { for y in [-0.15, 0.15] { for z in [0, -0.3] { #expect(points.contains(Vec3(x, y, z))) } } }
        #expect(points.contains(Vec3(0, 0.15, -0.3)) && points.contains(Vec3(0.15, -0.15, -0.15)))
        #expect(!points.contains(Vec3(0, 0, -0.3)))
    }

    @Test func inputErrorsNameTheValue() throws {
        let head = Vec3(0, 0, 0.35)
        let noTruth = HeadTrace(samples: [HeadSample(t: 0, position: head)])
        #expect { try ParallaxAccuracy.evaluate(trace: noTruth, screen: screen, movementScale: 1.5) } throws: { "\($0)".contains("true_x") }
        #expect { try ParallaxAccuracy.evaluate(trace: trace(measured: [head], truth: [head]), screen: screen, movementScale: 1.5, points: []) } throws: { "\($0)".hasPrefix("points:") }
        #expect { try ParallaxAccuracy.evaluate(trace: trace(measured: [head], truth: [head]), screen: screen, movementScale: 1.5, points: [Vec3(0, 0, 1)]) } throws: { "\($0)".contains("frame 1") }
        #expect { try ParallaxAccuracy.evaluate(trace: trace(measured: [Vec3(.nan, 0, 0.3)], truth: [head]), screen: screen, movementScale: 1.5) } throws: { "\($0)" == "head: expected finite x,y,z in meters, found (nan, 0.0, 0.3) at frame 1 (t = 0.0 s)" }
    }
}
