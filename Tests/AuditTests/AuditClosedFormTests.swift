import Foundation
import Geometry
import ParallaxTestSupport
import Projection
import TestedApp
import Testing
import Tracking
@testable import Audit

/// Each check against a case whose answer is known by hand.
struct AuditClosedFormTests {
    let screen = try! ScreenModel.device("iphone-15-pro")
    let d = ProbePoints.backWallDepth

    /// A one-sample trace: the EMA's first sample passes, so eyes are the formula's.
    func still(_ head: Vec3) throws -> AuditCase {
        try AuditCase(traceName: "still", trace: HeadTrace(samples: [HeadSample(t: 0, position: head)], truth: [head]), screen: screen, mode: .cube).on(.otherFixesApplied)
    }

    /// Back-wall image shift for an eye displaced by Δe at distance ez: x_s = ex + (X − ex)·ez/(ez + D)
    /// moves by Δex·D/(ez + D), the same for every X, so the largest shift over the probes is this (px).
    func backWallShift(_ delta: Vec3, ez: Double) -> Double {
        let k = d / (ez + d)
        let px = delta.x * k * Double(screen.pixelWidth) / screen.width, py = delta.y * k * Double(screen.pixelHeight) / screen.height
        return (px * px + py * py).squareRoot()
    }

    @Test func cameraOffsetShiftsTheBackWallByTheProjectedOffset() throws {
        let audit = try still(Vec3(0.01, -0.02, 0.35))
        let value = IsolatedShift.evaluate(.cameraOffset, audit, configured: .shipped)[0].value
        expectClose(value, backWallShift(1.5 * screen.cameraOffset, ez: 0.35), within: .relative(1e-9))
        #expect(IsolatedShift.evaluate(.cameraOffset, audit, configured: AppPipeline.shipped.fixing([.cameraOffset]))[0].value == 0)
    }

    @Test func eyePointShiftIsTheEyeOffsetProjected() throws {
        let audit = try still(Vec3(0, 0, 0.40))
        let value = IsolatedShift.evaluate(.eyePoint, audit, configured: .shipped)[0].value
        // The default eye: cyclopean, 32 mm above the anchor.
        expectClose(value, backWallShift(1.5 * Vec3(0, 0.032, 0), ez: 0.40), within: .relative(1e-9))
    }

    @Test func gyroTiltShiftIsRollAndPitchTimesGainThroughItsEMA() throws {
        let head = Vec3(0, 0, 0.35)
        let samples = (0..<2).map { HeadSample(t: Double($0) / 60, position: head) }
        let audit = try AuditCase(traceName: "tilt", trace: HeadTrace(samples: samples, truth: [head, head]), screen: screen, mode: .cube).on(.otherFixesApplied)
        let theta = 0.1
        let attitude = [Quaternion.identity, CoreMotionTilt.attitude(pitch: theta, roll: theta)]
        let values = IsolatedShift.evaluate(.gyroTilt, audit, configured: .shipped, attitude: attitude).map(\.value)
        // The reference is the first sample (offset 0); the second passes the tilt EMA (α = 0.3) once.
        #expect(values[0] == 0)
        expectClose(values[1], backWallShift(1.5 * 0.3 * Vec3(0.03 * theta, -0.03 * theta, 0), ez: 0.35), within: .relative(1e-9))
    }

    @Test func cubeHandOffShiftIsOneFrameOfHeadMotion() throws {
        // A ramp x = 0.01 m/s·t at 60 Hz: in steady state the EMA ramps at the same slope, so one frame of delay
        // moves the eye by s·0.01/60 m (the head stays where the back wall's probe points are on the panel).
        let samples = (0..<120).map { HeadSample(t: Double($0) / 60, position: Vec3(0.01 * Double($0) / 60, 0, 0.35)) }
        let audit = try AuditCase(traceName: "ramp", trace: HeadTrace(samples: samples, truth: samples.map(\.position)), screen: screen, mode: .cube).on(.otherFixesApplied)
        let value = IsolatedShift.evaluate(.handOff, audit, configured: .shipped).last!.value
        expectClose(value, backWallShift(Vec3(1.5 * 0.01 / 60, 0, 0), ez: 0.35), within: .relative(1e-6))
    }

    @Test func screenSizeGainErrorIsBodyOverDisplay() {
        let app = ImageModel(.shipped, screen: screen, mode: .cube), truth = ImageModel(AppPipeline.shipped.fixingAll(), screen: screen, mode: .cube)
        let eye = Vec3(0.02, 0.01, 0.35), point = Vec3(0.03, 0.05, -0.3)
        let gain = app.pixel(of: point, eye: eye).x / truth.pixel(of: point, eye: eye).x
        // iPhone 15 Pro: the app's 71.5 mm (the 16 Pro's literal) against 1179 px / 460 ppi.
        let display = 1179.0 / 460 * 25.4
        expectClose(1 / gain - 1, 71.5 / display - 1, within: .absolute(1e-12))
        #expect(71.5 / display - 1 > 0.06)
    }

    /// Issue 25: recenter twice on a still head at (30, 20, 350) mm, upright phone: the eye jumps by
    /// s·√(30² + 20²) mm and z never changes; the fix is idempotent.
    @Test func recenterPressedTwiceTogglesBackToTheRawPosition() {
        let raw = Vec3(0.030, 0.020, 0.350)
        let input = HeadInput(position: raw)
        var head = HeadPipeline(.shipped, cameraOffset: screen.cameraOffset, mode: .cube)
        #expect(head.update(input) == Vec3(1.5 * raw.x, 1.5 * raw.y, raw.z))
        head.recenter()
        let once = head.update(input)
        #expect(once == Vec3(0, 0, raw.z))  // origin = the smoothed, offset position; z untouched
        head.recenter()
        let twice = head.update(input)
        #expect(twice == Vec3(1.5 * raw.x, 1.5 * raw.y, raw.z))  // back to the raw eye
        expectClose((twice - once).length * 1000, 1.5 * (30.0 * 30 + 20 * 20).squareRoot(), within: .absolute(1e-9))
        var fixed = HeadPipeline(AppPipeline.shipped.fixing([.recenterIdempotent]), cameraOffset: screen.cameraOffset, mode: .cube)
        _ = fixed.update(input)
        fixed.recenter()
        let fixedOnce = fixed.update(input)
        fixed.recenter()
        #expect(fixed.update(input) == fixedOnce)
        #expect(fixedOnce.z == raw.z)
    }

    @Test func lookAtMovesTheGlassEdgeByTheRotation() {
        let ex = 0.05, ez = 0.35
        let eye = Vec3(ex, 0, ez)
        let point = Vec3(screen.width / 2, 0, 0)
        // The lookAt camera is the translate camera turned by φ toward (0, 0, −0.25): right = (cos φ, 0, −sin φ),
        // back = (sin φ, 0, cos φ).
        let phi = atan2(ex, ez + 0.25)
        let dx = point.x - ex, dz = point.z - ez
        let cx = dx * cos(phi) - dz * sin(phi), cz = dx * sin(phi) + dz * cos(phi)
        let glass = (ez * cx - ex * cz) / -cz
        var pipeline = AppPipeline.shipped.fixingAll()
        pipeline.splatLooksAt = true
        let image = ImageModel(pipeline, screen: screen, mode: .splat)
        expectClose(image.pixel(of: point, eye: eye).x, glass * Double(screen.pixelWidth) / screen.width, within: .relative(1e-9))
        let pinned = ImageModel(AppPipeline.shipped.fixingAll(), screen: screen, mode: .splat)
        expectClose(pinned.pixel(of: point, eye: eye).x, Double(screen.pixelWidth) / 2, within: .relative(1e-12))
        #expect(abs(glass - screen.width / 2) > 0.01)  // tens of mm off the glass edge
    }

    @Test func clipDepthLossIsWhereTheGLDepthCrossesZero() {
        let n = 0.001, f = 10.0
        let lost = ClipDepthCheck.lostDepth(near: n, far: f)
        expectClose(lost, 2 * f * n / (f + n) - n, within: .absolute(1e-15))
        let gl = Frustum(left: -n, right: n, bottom: -n, top: n, near: n, far: f).glMatrix
        let depth = n + lost
        expectClose(gl.transformProjecting(point: Vec3(0, 0, -depth)).z, 0, within: .absolute(1e-9))  // Metal clips z < 0
    }

    @Test func jacobianClampsCoincideForACentredHead() throws {
        // On axis the off-axis frustum's centre is the optical axis: both clamps are the same, the frames identical.
        // The corrected pipeline adds the camera offset: a head at −offset puts the (cyclopean, level) eye on the axis.
        let head = Vec3(-screen.cameraOffset.x, -screen.cameraOffset.y, 0.35)
        let centred = try AuditCase(traceName: "centred", trace: HeadTrace(samples: [HeadSample(t: 0, position: head)], truth: [head]),
                                    screen: screen, mode: .splat)
        var pipeline = AppPipeline.shipped
        pipeline.eyeModel = EyeModel(eye: .cyclopean, height: 0)
        #expect(try JacobianClampCheck.evaluate(centred, configured: pipeline).samples[0].value == 0)
    }

    @Test func splatColourDarkensMidGreyToFiftySix() {
        // 255·(128/255)^2.2 = 55.98 → 56: 72 levels darker; the exact sRGB round trip stores every level as it is.
        #expect(SplatColourCheck.storedLevel(128, storesLinearInUnorm: true) == 56)
        #expect((0...255).allSatisfy { SplatColourCheck.storedLevel($0, storesLinearInUnorm: false) == $0 })
    }

    @Test func latencyOfTheShippedCubeIsTheSumOfItsStages() throws {
        let samples = (0..<120).map { HeadSample(t: Double($0) / 60, position: Vec3(0, 0, 0.35)) }
        let audit = try AuditCase(traceName: "grid", trace: HeadTrace(samples: samples), screen: screen, mode: .cube).on(.otherFixesApplied)
        let evaluation = LatencyCheck.evaluate(audit, configured: .shipped)
        // sensor 33 ms + EMA (1 − 0.25)/0.25 samples at 60 Hz (50 ms) + hop 1 frame + render 1 frame + hand-off
        // 1 frame + the mean wait of half a frame; the values are the whole distribution (32 phases).
        let frame = 1000.0 / 60
        let values = evaluation.samples.map(\.value)
        expectClose(values.reduce(0, +) / Double(values.count), 33 + 50 + 3 * frame + frame / 2, within: .absolute(1e-6))
        expectClose(values.max()!, 33 + 50 + 3 * frame + 63.0 / 64 * frame, within: .absolute(1e-6))
    }

    @Test func trackingLossRecoveryIsTheEMADecay() throws {
        let p0 = Vec3(0, 0, 0.35), p1 = Vec3(0.02, 0, 0.35)
        var samples: [HeadSample] = []
        for i in 0..<40 {
            let t = Double(i) / 60
            samples.append(i < 10 ? HeadSample(t: t, position: p0) : i < 20 ? HeadSample(t: t, position: p0, tracked: false) : HeadSample(t: t, position: p1))
        }
        let audit = try AuditCase(traceName: "loss", trace: HeadTrace(samples: samples, truth: samples.map(\.position)), screen: screen, mode: .cube).on(.otherFixesApplied)
        let configured = AppPipeline.shipped.fixing([.handOff])
        let recovery = TrackingLossCheck.evaluate(audit, configured: configured).samples
        #expect(recovery.count == 1)
        // After k + 1 updates the EMA is 0.75^(k+1) of the jump away; the jump on the back wall (app's image) in px:
        let image = ImageModel(configured, screen: screen, mode: .cube)
        let jump = 1.5 * 0.02 * d / (0.35 + d) * Double(screen.pixelWidth) / image.believedWidth
        let k = Int(ceil(log(1 / jump) / log(0.75))) - 1
        expectClose(recovery[0].value, Double(k) / 60, within: .absolute(1e-9))
        #expect(TrackingLossCheck.evaluate(audit, configured: configured.fixing([.trackingLoss])).samples[0].value == 0)
    }
}
