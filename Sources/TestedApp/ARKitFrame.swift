import Foundation
import Geometry
import Vocabulary

/// What ARKit's face anchor position (`faceAnchor.transform.columns.3`) holds: the audit's hypothesis about
/// the tracker's reporting frame, a switchable input stage (`--arkit-frame`, suite `audit.arkit_frame`). Which one
/// holds is not documented: it is the `arkit-frame` hypothesis (`AuditAssumption`), settled by a minute on a device.
///
/// The app runs `ARFaceTrackingConfiguration()` with every default (AristidesAI/Splat-Frame @ 4ca7217,
/// `Splat Frame/Services/HeadTrackingService.swift:33–36`). Documented: `worldAlignment` defaults to `.gravity`
/// (y parallel to gravity, −z the camera's initial facing direction projected onto the horizontal, origin the
/// device at session start), and an anchor's transform is in world coordinates. Inferred (Apple documents nothing
/// either way): that plain face tracking keeps that world frame fixed while the phone turns, so a head still in
/// the room stays still in it. The header note on `worldTrackingEnabled` ("when enabled … the camera transform and
/// the ARFaceAnchor transform will be in the world coordinate space") can be read the other way.
package enum ARKitFrame: String, CaseIterable, Codable, Sendable {
    /// World coordinates fixed at session start (`.gravity` alignment, the app's default; inferred).
    case gravity
    /// Coordinates relative to the camera, read in the screen's axes as the app reads them (the other hypothesis;
    /// `frame.camera.transform` is then taken to stay in the gravity-aligned world, `WorldAlignmentFix`).
    case camera

    /// The other hypothesis (to say which verdicts flip).
    package var other: ARKitFrame { self == .gravity ? .camera : .gravity }

    /// One line for the report and the JSON: what the number assumes.
    package var assumption: String {
        switch self {
        case .gravity:
            return "ARKit frame: gravity (hypothesis, inferred — the app's ARFaceTrackingConfiguration default is .gravity, HeadTrackingService.swift:33–36): "
                + "the anchor is reported in a world frame fixed at session start, y up, heading of the phone at start; "
                + "axes taken as the screen's for an upright phone (the sign conventions are not in the app's source); "
                + "the phone turns about its front camera (its translation is not modelled)"
        case .camera:
            return "ARKit frame: camera (hypothesis): the anchor is reported relative to the front camera, in the screen's axes as the app reads it"
        }
    }
}

/// The gravity-frame report: a camera-relative measurement m (screen axes) at device attitude q (screen →
/// gravity frame) reads as H₀⁻¹·q·m, with H₀ the heading (a rotation about the vertical) of the attitude at
/// session start. The phone's translation is not modelled: it turns about its front camera.
package enum GravityFrameReport {
    /// H₀: the rotation about y that takes the screen's normal at session start, projected onto the
    /// horizontal, from +z (so an upright phone's world axes are its screen's). A phone lying flat has no
    /// such projection: its top edge (+y) is used instead, taken to −z.
    package static func heading(_ start: Quaternion) -> Quaternion {
        let normal = start.rotate(Vec3(0, 0, 1))
        if hypot(normal.x, normal.z) > 1e-9 {
            return Quaternion(axis: Vec3(0, 1, 0), angle: atan2(normal.x, normal.z))
        }
        let top = start.rotate(Vec3(0, 1, 0))
        return Quaternion(axis: Vec3(0, 1, 0), angle: atan2(-top.x, -top.z))
    }

    /// The camera's orientation relative to the screen: the sensor's landscape axes (`ARCamera.transform`'s: x along
    /// the device's long axis from the front camera toward the bottom edge, y toward the portrait screen's right, z out
    /// of the screen) → the portrait screen's, −90° about z.
    package static let sensorToScreen = Quaternion(axis: Vec3(0, 0, 1), angle: -Double.pi / 2)

    /// `frame.camera.transform`'s rotation at attitude `q` (screen → gravity frame), the session having started at
    /// `start`: H₀⁻¹·q·(sensor → screen). Taken in the gravity-aligned world under both hypotheses (under the camera
    /// hypothesis assumed: `WorldAlignmentFix`); the phone turns about its front camera (no translation).
    package static func camera(attitude q: Quaternion, start: Quaternion) -> Quaternion {
        heading(start).conjugate * q * sensorToScreen
    }

    /// The positions the app reads, one per sample, with z as the app takes it (|z|).
    package static func reported(_ measured: [Vec3], attitude: [Quaternion]) -> [Vec3] {
        guard let start = attitude.first else { return measured }
        let unheading = heading(start).conjugate
        return zip(measured, attitude).map { m, q in
            let r = unheading.rotate(q.rotate(m))
            return Vec3(r.x, r.y, abs(r.z))
        }
    }
}

extension ARKitFrame {
    /// `arkit_frame`: `gravity` (the default) or `camera`.
    package init(parsing text: String) throws {
        guard let frame = ARKitFrame(rawValue: text) else { throw FieldError("arkit_frame", expected: "gravity or camera", found: "'\(text)'") }
        self = frame
    }
}
