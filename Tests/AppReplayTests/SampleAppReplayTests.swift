import AppReplay
import Audit
import Foundation
import Geometry
import ParallaxTestSupport
import Projection
import TestedApp
import Testing
import Tracking
import Vocabulary

/// The sample app's own code, replayed on simulated sensors, against its closed forms (SampleApp/README.md):
/// EMA weight w = 0.5 (y_k = x after a step of size x held k + 1 samples: x·(1 − 0.5^(k+1))), movement scale 2,
/// tilt gain 0.1 m/rad, near 0.01 m, far 100 m, its screen table. Float tolerance: 1e-6 relative.
@Suite(.serialized) struct SampleAppReplayTests {
    static let tolerance = NumericTolerance<Double>(absolute: 1e-7, relative: 1e-6)

    /// The frames of one run, fed straight as sensor samples (camera frame: the anchor is the position given).
    func replay(_ positions: [Vec3], attitudes: [Quaternion]? = nil, presses: [Double] = [],
                device: SimulatedDevice = SampleApp.device) throws -> [AppFrame] {
        let attitudes = attitudes ?? Array(repeating: .identity, count: positions.count)
        let inputs = try SensorStream(traceName: "test", trace: SampleApp.trace(positions, attitudes: attitudes), arkitFrame: .camera)
        return try SampleApp.replay().replay([ReplayRun(device: device, samples: inputs.samples, presses: presses)])[0]
    }

    @Test func aStepIsSmoothedByTheAppsEMAAndProjectedByItsFrustum() throws {
        let positions = (0..<20).map { k in Vec3(k < 10 ? 0 : 0.1, 0.02, 0.4) }
        let frames = try replay(positions)
        #expect(frames.count == 20)
        for (k, frame) in frames.enumerated() {
            let x = k < 10 ? 0 : 0.1 * (1 - pow(0.5, Double(k - 9)))
            expectClose(frame.head.x, x, within: Self.tolerance, "head x at frame \(k)")
            expectClose(frame.head.y, 0.02, within: Self.tolerance, "head y at frame \(k)")
            expectClose(frame.head.z, 0.4, within: Self.tolerance, "head z at frame \(k)")
            let eye = Vec3(2 * x, 0.04, 0.4)
            expectClose(frame.eye.x, eye.x, within: Self.tolerance, "eye x at frame \(k)")
            expectClose(frame.eye.y, eye.y, within: Self.tolerance, "eye y")
            // glFrustum with l, r = (∓W/2 − ex)·n/ez: 2n/(r − l) = 2ez/W, (r + l)/(r − l) = −2ex/W.
            let p = frame.projection.rowArrays
            expectClose(p[0][0], 2 * 0.4 / 0.07, within: Self.tolerance, "P00")
            expectClose(p[0][2], -2 * eye.x / 0.07, within: Self.tolerance, "P02 at frame \(k)")
            expectClose(p[1][1], 2 * 0.4 / 0.15, within: Self.tolerance, "P11")
            expectClose(p[1][2], -2 * eye.y / 0.15, within: Self.tolerance, "P12")
            expectClose(p[2][2], (100 + 0.01) / (0.01 - 100), within: Self.tolerance, "P22")
            expectClose(p[2][3], 2 * 100 * 0.01 / (0.01 - 100), within: Self.tolerance, "P23")
            #expect(p[3] == [0, 0, -1, 0])
            // The view: translate(−eye).
            #expect(frame.view.rowArrays[0][0] == 1 && frame.view.rowArrays[3] == [0, 0, 0, 1])
            expectClose(frame.view.rowArrays[0][3], -eye.x, within: Self.tolerance, "view x")
            expectClose(frame.view.rowArrays[2][3], -0.4, within: Self.tolerance, "view z")
        }
    }

    @Test func aTiltIsReadRelativeToTheFirstAttitudeThroughCoreMotionsAngles() throws {
        // q = Rx(0.2)·Ry(0.3): CoreMotion pitch 0.2, roll 0.3 (R = Rz(yaw)·Rx(pitch)·Ry(roll), yaw 0).
        let tilted = Quaternion(axis: Vec3(1, 0, 0), angle: 0.2) * Quaternion(axis: Vec3(0, 1, 0), angle: 0.3)
        let attitudes = [Quaternion.identity] + Array(repeating: tilted, count: 9)
        let frames = try replay(Array(repeating: Vec3(0, 0, 0.4), count: 10), attitudes: attitudes)
        for (k, frame) in frames.enumerated() {
            let settled = 1 - pow(0.5, Double(k))  // 0 at the reference sample, then the EMA's step response
            expectClose(frame.tiltOffset.x, 0.1 * 0.3 * settled, within: Self.tolerance, "tilt x (roll·g) at frame \(k)")
            expectClose(frame.tiltOffset.y, -0.1 * 0.2 * settled, within: Self.tolerance, "tilt y (−pitch·g) at frame \(k)")
            // The glue adds the tilt to the head before the movement scale.
            expectClose(frame.eye.x, 2 * 0.1 * 0.3 * settled, within: Self.tolerance, "eye x at frame \(k)")
            expectClose(frame.eye.y, -2 * 0.1 * 0.2 * settled, within: Self.tolerance, "eye y at frame \(k)")
        }
    }

    @Test func theResetButtonCallsTheAppsOwnRecenterAndGyroReset() throws {
        // Head held at (0.03, −0.01, 0.4); the phone turned by Rx(0.1) from frame 1; two presses at t = 5/60.
        let attitudes = [Quaternion.identity] + Array(repeating: Quaternion(axis: Vec3(1, 0, 0), angle: 0.1), count: 11)
        let frames = try replay(Array(repeating: Vec3(0.03, -0.01, 0.4), count: 12), attitudes: attitudes, presses: [5.0 / 60, 5.0 / 60])
        expectClose(frames[4].head.x, 0.03, within: Self.tolerance, "before the press")
        for k in 5..<12 {
            // The sample app's recenter stores the raw position: x and y read 0 from the press on, twice or once.
            expectClose(frames[k].head.x, 0, within: Self.tolerance, "head x at frame \(k)")
            expectClose(frames[k].head.y, 0, within: Self.tolerance, "head y at frame \(k)")
            expectClose(frames[k].head.z, 0.4, within: Self.tolerance, "head z at frame \(k)")
            // The gyro reference restarts at the press: the phone's attitude then is the new zero.
            expectClose(frames[k].tiltOffset.y, 0, within: Self.tolerance, "tilt y at frame \(k)")
        }
    }

    @Test func aModelMissingFromTheAppsTableIsSizedFromNativeBounds() throws {
        // iPhone X (iPhone10,3): 1125 × 2436 px at the sample app's 500 ppi.
        let device = SimulatedDevice(machine: "iPhone10,3", nativeWidth: 1125, nativeHeight: 2436)
        let frames = try replay([Vec3(0, 0, 0.3)], device: device)
        let width = 1125 * 0.0254 / 500, height = 2436 * 0.0254 / 500
        expectClose(frames[0].projection.rowArrays[0][0], 2 * 0.3 / width, within: Self.tolerance, "P00 = 2ez/W")
        expectClose(frames[0].projection.rowArrays[1][1], 2 * 0.3 / height, within: Self.tolerance, "P11 = 2ez/H")
    }

    @Test func theSameRunGivesTheSameFrames() throws {
        let positions = (0..<30).map { k in Vec3(0.01 * sin(Double(k)), 0.005 * Double(k), 0.35) }
        #expect(try replay(positions) == replay(positions))
    }

    @Test func theConformanceCheckSeesThatTheSampleAppIsNotTheShippedApp() throws {
        // The model is Splat Frame's (α 0.25, scale 1.5, its screen table); the sample app differs in each.
        let trace = SampleApp.trace((0..<40).map { k in Vec3(k < 20 ? 0 : 0.05, 0, 0.4) }, attitudes: Array(repeating: .identity, count: 40))
        let conformance = try AppCodeConformance.check(SampleApp.replay(), traces: [("step", trace)],
                                                       screens: [try ScreenModel(parsing: AppDefaults.screen)])
        #expect(!conformance.passed)
        #expect(conformance.cases.count == 2)  // both ARKit frames
        // The sample's EMA weight (0.5 against 0.25) shows at the second frame's smoother output (the first passes).
        #expect(conformance.line.contains("model ≠ app code ("), "\(conformance.line)")
        #expect(conformance.line.contains("2 of 2 cases differ (80 frames) — first at the projection, frame 1 of step on iPhone 15 Pro, gravity;"),
                "\(conformance.line)")
    }
}
