import Foundation
import Geometry
import ParallaxTestSupport
import Projection
import TestedApp
import Testing
import Tracking
@testable import Audit
import Vocabulary

/// Issue 25's closed forms: ARKit's gravity-aligned world frame, the phone turning in the hand, the gyro tilt.
struct AuditWorldFrameTests {
    let screen = try! ScreenModel.device("iphone-15-pro")
    let degree = Double.pi / 180
    /// Tilted back by θ: a rotation about x by −θ (the screen normal rises by θ).
    func tiltedBack(_ theta: Double) -> Quaternion { Quaternion(axis: Vec3(1, 0, 0), angle: -theta) }

    func trace(_ positions: [Vec3], attitude: [Quaternion]) -> HeadTrace {
        var trace = HeadTrace(samples: positions.indices.map { HeadSample(t: Double($0) / 60, position: positions[$0]) }, truth: positions)
        trace.setOrientations(attitude, .device)
        return trace
    }

    @Test func aPhoneTiltedBackThirtyDegreesAtLaunchSeesTheHeadHighAndClose() {
        let r = GravityFrameReport.reported([Vec3(0, 0, 0.35)], attitude: [tiltedBack(30 * degree)])[0]
        expectClose(r.y * 1000, 175.0, within: .absolute(1e-9))
        expectClose(r.z * 1000, 350 * 3.0.squareRoot() / 2, within: .absolute(1e-9))  // 303.1 mm
        expectClose(r.x, 0, within: .absolute(1e-15))
    }

    @Test func theHeadingOfTheStartAttitudeIsRemoved() {
        // Upright but turned 40° about the vertical: ARKit's axes follow the phone's heading, so nothing changes.
        let turned = Quaternion(axis: Vec3(0, 1, 0), angle: 40 * degree)
        let r = GravityFrameReport.reported([Vec3(0.02, -0.01, 0.35)], attitude: [turned])[0]
        #expect((r - Vec3(0.02, -0.01, 0.35)).length < 1e-15)
    }

    /// The back wall's image shift of the launch tilt, from x_s = e + (P − e)·e_z/(e_z + D) over the probe points
    /// the true image shows.
    @Test func worldAlignmentShiftFollowsTheGlassFormula() throws {
        let m = Vec3(0, 0, 0.35)
        let audit = try AuditCase(traceName: "launch", trace: trace([m, m], attitude: [tiltedBack(30 * degree), tiltedBack(30 * degree)]), screen: screen, mode: .cube).on(.otherFixesApplied)
        let value = IsolatedShift.evaluate(.worldAlignment, audit, configured: .shipped)[0].value
        let s = 1.5, eyeOffset = Vec3(0, 0.032, 0), c = screen.cameraOffset
        let r = Vec3(0, 0.175, 0.35 * 3.0.squareRoot() / 2)
        let trueEye = Vec3(s * (m.x + c.x + eyeOffset.x), s * (m.y + c.y + eyeOffset.y), m.z)
        let appEye = Vec3(s * (r.x + c.x + eyeOffset.x), s * (r.y + c.y + eyeOffset.y), r.z)
        let display = ImageModel(AppPipeline.shipped.fixingAll(), screen: screen, mode: .cube)
        func glass(_ p: Vec3, _ e: Vec3) -> (Double, Double) {
            let D = -p.z
            return ((e.x + (p.x - e.x) * e.z / (e.z + D)) * display.pixelWidth / screen.width,
                    (e.y + (p.y - e.y) * e.z / (e.z + D)) * display.pixelHeight / screen.height)
        }
        var expected = 0.0
        for p in ProbePoints.points(screen: screen, mode: .cube) {
            let t = glass(p, trueEye), a = glass(p, appEye)
            guard abs(t.0) <= display.pixelWidth / 2, abs(t.1) <= display.pixelHeight / 2 else { continue }
            expected = max(expected, hypot(a.0 - t.0, a.1 - t.1))
        }
        #expect(expected > 100)
        expectClose(value, expected, within: .relative(1e-9))
        #expect(IsolatedShift.evaluate(.worldAlignment, audit, configured: AppPipeline.shipped.fixing([.worldAlignment]))[0].value == 0)
        var camera = AppPipeline.shipped
        camera.arkitFrame = .camera
        #expect(IsolatedShift.evaluate(.worldAlignment, audit, configured: camera)[0].value == 0)
    }

    /// A still head and a phone tilted back 5° during use: the true eye moves by the chord 2·d·sin(δ/2)
    /// (30.5 mm at 0.35 m); the app's report does not move, so its eye changes by the tilt offset alone.
    @Test func aPhoneTurnedDuringUseMovesTheTrueEyeButOnlyTheTiltOffsetMovesTheApp() throws {
        let d = 0.35, delta = 5 * degree, n = 40
        let room = Vec3(0, 0, d)
        var positions = [room], attitude = [Quaternion.identity]
        for _ in 1..<n {
            positions.append(tiltedBack(delta).conjugate.rotate(room))  // the head seen from the turned phone
            attitude.append(tiltedBack(delta))
        }
        let audit = try AuditCase(traceName: "turn", trace: trace(positions, attitude: attitude), screen: screen, mode: .cube).on(.otherFixesApplied)
        expectClose((positions[1] - positions[0]).length * 1000, 2 * 350 * sin(delta / 2), within: .absolute(1e-9))
        expectClose((positions[1] - positions[0]).length * 1000, 30.5, within: .absolute(0.05))
        // The gravity report stays put.
        #expect((audit.gravityReport[n - 1] - audit.gravityReport[0]).length < 1e-12)
        // The app's eye (no hand-off delay, to read the pipeline itself): only the tilt offset, through its EMA.
        let app = AppPipeline.shipped.fixing([.handOff])
        let eyes = audit.eyes(app)
        let g = AppDefaults.tiltGain, s = 1.5
        for k in [1, 5, n - 1] {
            let offset = (1 - pow(0.7, Double(k))) * delta * g  // pitch = −δ: offset y = −pitch·g
            expectClose(eyes[k].y - eyes[0].y, s * offset, within: .absolute(1e-12))
            expectClose(eyes[k].x - eyes[0].x, 0, within: .absolute(1e-15))
        }
        expectClose(delta * g * 1000, 2.618, within: .absolute(1e-3))
        // With the world-alignment fix the app's eye follows the head like the true eye.
        let fixed = audit.eyes(app.fixing([.worldAlignment, .gyroTilt]))
        expectClose(fixed[n - 1].y - fixed[0].y, s * (positions[n - 1].y - positions[0].y), within: .absolute(1e-6))
        // Tilted back, the true eye drops (y = −d·sin δ) while the offset (−pitch·g, pitch = −δ) lifts the app's eye.
        #expect(eyes[n - 1].y - eyes[0].y > 0 && fixed[n - 1].y - fixed[0].y < 0)  // its EMA: 0.75^38 of the jump left
    }

    @Test func coreMotionAnglesOfSingleAxisTurns() {
        #expect(abs(CoreMotionTilt.pitchAndRoll(Quaternion(axis: Vec3(1, 0, 0), angle: 0.2)).pitch - 0.2) < 1e-15)
        #expect(abs(CoreMotionTilt.pitchAndRoll(Quaternion(axis: Vec3(0, 1, 0), angle: -0.3)).roll + 0.3) < 1e-15)
        let both = CoreMotionTilt.pitchAndRoll(CoreMotionTilt.attitude(pitch: 0.1, roll: -0.25))
        #expect(abs(both.pitch - 0.1) < 1e-14 && abs(both.roll + 0.25) < 1e-14)
    }

    @Test func theEyeTurnsWithTheHead() throws {
        // A head yawed 90° about +y: the right eye, at +IPD/2 in the face frame, ends up 32 mm nearer the screen (R_y(90°)·x̂ = −ẑ).
        var pipeline = AppPipeline.shipped.fixingAll()
        pipeline.eyeModel = EyeModel(eye: .right, height: 0)
        let yaw = Quaternion(axis: Vec3(0, 1, 0), angle: .pi / 2)
        var head = HeadPipeline(pipeline, cameraOffset: .zero, mode: .cube)
        let eye = head.update(HeadInput(position: Vec3(0, 0, 0.35), headOrientation: yaw))
        expectClose(eye.z, 0.35 - 0.032, within: .absolute(1e-12))
        expectClose(eye.x, 0, within: .absolute(1e-12))
    }
}
