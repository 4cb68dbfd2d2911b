import Foundation
import Geometry
import TestedApp

/// The world-alignment fix as the app would compute it (`WorldAlignmentCheck.fixCode`): the face anchor relative
/// to the camera, `camera.transform⁻¹ · faceAnchor.transform`, whose axes are the sensor's — documented for
/// `ARCamera.transform`: x along the device's long axis from the front camera toward the Home-button (bottom)
/// edge, y up in that landscape orientation (the portrait screen's right), z out of the screen — rotated by −90°
/// about z (clockwise seen from the viewer) into the portrait screen's axes: screen = (sensor.y, −sensor.x,
/// sensor.z). Whether the front camera mirrors x is documented nowhere (`arkit-axes`: a device check).
package enum WorldAlignmentFix {
    /// The camera's orientation relative to the screen: sensor axes → screen axes, −90° about z.
    package static let sensorToScreen = GravityFrameReport.sensorToScreen

    /// The fix's rotation: a vector in the sensor's landscape axes, in the portrait screen's.
    package static func screenAxes(sensor v: Vec3) -> Vec3 { Vec3(v.y, -v.x, v.z) }

    /// What ARKit hands the app per frame, as the audit models it under a hypothesis: the anchor's position
    /// (`faceAnchor.transform.columns.3`) and the camera's orientation (`frame.camera.transform`, sensor axes → world).
    package struct Report: Sendable {
        package var anchor: Vec3
        package var camera: Quaternion
    }

    /// The report for a camera-relative head `m` (screen axes) at attitude `q` (screen → gravity frame), the session
    /// having started at `start`. Gravity: anchor H₀⁻¹·q·m. Camera: the anchor is `m` as the app reads it. Under both
    /// the camera transform is taken in the gravity-aligned world, H₀⁻¹·q·(sensor → screen) (`camera` hypothesis:
    /// assumed); the phone turns about its front camera (no translation).
    package static func report(_ m: Vec3, attitude q: Quaternion, start: Quaternion, frame: ARKitFrame) -> Report {
        let world = GravityFrameReport.heading(start).conjugate * q
        return Report(anchor: frame == .gravity ? world.rotate(m) : m, camera: GravityFrameReport.camera(attitude: q, start: start))
    }

    /// The fix: `simd_mul(simd_inverse(camera.transform), faceAnchor.transform).columns.3`, rotated into the screen.
    package static func position(_ report: Report) -> Vec3 {
        screenAxes(sensor: report.camera.conjugate.rotate(report.anchor))
    }

    /// The same without the rotation: the sensor's axes read as the screen's (the axis swap the issue warns of).
    package static func unrotatedPosition(_ report: Report) -> Vec3 {
        report.camera.conjugate.rotate(report.anchor)
    }

    /// The fix as text that compiles in the app (`HeadTrackingService.session(_:didUpdate:)`, replacing the line
    /// that reads `faceAnchor.transform.columns.3`).
    package static let code = """
        // HeadTrackingService.session(_:didUpdate:): the anchor relative to the camera, instead of faceAnchor.transform.columns.3
        guard let camera = session.currentFrame?.camera.transform else { return }
        let local = simd_mul(simd_inverse(camera), faceAnchor.transform).columns.3
        // camera space has the sensor's landscape axes (x along the long axis toward the bottom edge, y toward the
        // portrait screen's right, z out of the screen): rotate by −90° about z into the portrait screen's axes.
        // Mirroring is not documented: check on a device that moving the head to its right raises t.x (else negate t.x).
        let t = SIMD4<Float>(local.y, -local.x, local.z, 1)
        """
}
