import Analysis
import Foundation
import Geometry
import ParallaxTestSupport
import Projection
import Testing
import Tracking
import Vocabulary

@Suite struct SwimTests {
    let screen = try! ScreenModel.device("iphone-16-pro")
    let rate = 60.0
    let closedForm = NumericTolerance<Double>(absolute: 1e-9, relative: 1e-9)

    func trace(count: Int, measured: (Double) -> Vec3, truth: (Double) -> Vec3) -> HeadTrace {
        let times = (0..<count).map { Double($0) / rate }
        return HeadTrace(samples: times.map { HeadSample(t: $0, position: measured($0)) }, truth: times.map(truth))
    }

    /// Swim in deg/s of an on-glass x error that changes from e0 to e1 in 1/rate, seen from an eye at
    /// (ex, 0, ez) looking at the true on-glass position c (everything in the x–z plane).
    func expectedSwim(c: Double, from e0: Double, to e1: Double, eyeX: Double, eyeZ: Double) -> Double {
        abs(atan((c + (e1 - e0) - eyeX) / eyeZ) - atan((c - eyeX) / eyeZ)) * 180 / .pi * rate
    }

    @Test func zeroLagAtScaleOneHasNoSwim() throws {
        let motion = { (t: Double) in Vec3(0.05 * sin(3 * t), 0.02 * cos(2 * t), 0.35 + 0.05 * sin(t)) }
        let report = try Swim.evaluate(trace: trace(count: 240, measured: motion, truth: motion), screen: screen, movementScale: 1)
        #expect(report.framePairs == 239)
        for part in [report.total, report.tracking, report.exaggeration] { #expect(part.max < 1e-9) }
    }

    @Test func lateralConstantVelocityWithDelayHasConstantErrorAndNoSwim() throws {
        let (v, lag) = (0.2, 0.05)
        let report = try Swim.evaluate(
            trace: trace(count: 120, measured: { Vec3(v * ($0 - lag), 0, 0.35) }, truth: { Vec3(v * $0, 0, 0.35) }),
            screen: screen, movementScale: 1)
        #expect(report.tracking.max < 1e-6)
    }

    /// Head approaching at constant speed w with a pure delay L, point (0, 0, −d), head x fixed at hx: the
    /// on-glass x of the point from eye (hx, 0, z) is hx·d/(z + d), so the tracking error is
    /// E(t) = hx·d·(1/(z(t − L) + d) − 1/(z(t) + d)); its velocity converted at the true eye is the swim.
    @Test func approachWithPureDelayIsTheVelocityOfTheHandDerivedError() throws {
        let (hx, z0, w, lag, d) = (0.04, 0.45, -0.15, 0.05, 0.3)
        let z = { (t: Double) in z0 + w * t }
        let count = 60
        let report = try Swim.evaluate(
            trace: trace(count: count, measured: { Vec3(hx, 0, z($0 - lag)) }, truth: { Vec3(hx, 0, z($0)) }),
            screen: screen, movementScale: 1, points: [Vec3(0, 0, -d)])
        let error = { (t: Double) in hx * d * (1 / (z(t - lag) + d) - 1 / (z(t) + d)) }
        let expected = (1..<count).map { i -> Double in
            let (t0, t1) = (Double(i - 1) / rate, Double(i) / rate)
            return expectedSwim(c: hx * d / (z(t1) + d), from: error(t0), to: error(t1), eyeX: hx, eyeZ: z(t1))
        }
        let rms = (expected.map { $0 * $0 }.reduce(0, +) / Double(expected.count)).squareRoot()
        expectClose(report.tracking.rms, rms, within: closedForm)
        expectClose(report.tracking.max, expected.max()!, within: closedForm)
        expectClose(report.total.rms, rms, within: closedForm)  // s = 1: no exaggeration
        #expect(report.exaggeration.max < 1e-9)
        // The continuous derivative dE/dt = hx·d·w·(1/(z+d)² − 1/(z(t−L)+d)²) at the last frame, as an angle rate.
        let t = Double(count - 1) / rate
        let velocity = hx * d * w * (1 / pow(z(t) + d, 2) - 1 / pow(z(t - lag) + d, 2))
        let c = hx * d / (z(t) + d)
        let continuous = abs(velocity) * z(t) / (z(t) * z(t) + (c - hx) * (c - hx)) * 180 / .pi
        expectClose(expected.last!, continuous, within: NumericTolerance(absolute: 0, relative: 0.02))
        #expect(report.tracking.max > 0.01)  // not vacuous: ≈ 0.02 °/s here
    }

    /// Lateral head velocity v at scale s with perfect tracking: the exaggeration error of a point at depth
    /// d is (s − 1)·h·d/(z + d) (`ParallaxAccuracy`), moving at (s − 1)·v·d/(z + d) on the glass.
    @Test func exaggerationSwimIsTheVelocityOfTheClosedFormError() throws {
        let (v, z, d, s) = (0.1, 0.35, 0.3, 2.0)
        let motion = { (t: Double) in Vec3(v * t, 0, z) }
        let count = 30
        let report = try Swim.evaluate(trace: trace(count: count, measured: motion, truth: motion),
                                       screen: screen, movementScale: s, points: [Vec3(0, 0, -d)])
        let error = { (t: Double) in (s - 1) * v * t * d / (z + d) }
        let expected = (1..<count).map { i -> Double in
            let (t0, t1) = (Double(i - 1) / rate, Double(i) / rate)
            return expectedSwim(c: v * t1 * d / (z + d), from: error(t0), to: error(t1), eyeX: v * t1, eyeZ: z)
        }
        expectClose(report.exaggeration.max, expected.max()!, within: closedForm)
        expectClose(report.exaggeration.rms, (expected.map { $0 * $0 }.reduce(0, +) / Double(expected.count)).squareRoot(), within: closedForm)
        #expect(report.tracking.max < 1e-9)
    }

    @Test func noPairIsMeasuredAcrossATimingGap() throws {
        var samples = (0..<100).map { HeadSample(t: Double($0) / rate, position: Vec3(0, 0, 0.35)) }
        for i in 50..<100 { samples[i].t += 2 }
        let report = try Swim.evaluate(trace: HeadTrace(samples: samples, truth: samples.map(\.position)), screen: screen, movementScale: 1.5)
        #expect(report.framePairs == 98)
    }

    @Test func aTraceWithoutTruthIsRejected() {
        let trace = HeadTrace(samples: [HeadSample(t: 0, position: Vec3(0, 0, 0.35))])
        #expect(throws: FieldError.self) { try Swim.evaluate(trace: trace, screen: screen, movementScale: 1) }
    }
}
