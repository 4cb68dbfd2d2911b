import Foundation
import Geometry
import Projection
import Tracking
import Vocabulary

/// One sensor sample as the simulation delivers it: the face anchor ARKit reports and the device motion
/// CoreMotion reports at the same time.
package struct SensorSample: Sendable, Equatable {
    package var t: Double
    /// The anchor's translation (`transform.columns.3`), metres, in the frame the ARKit hypothesis says.
    package var anchor: Vec3
    package var tracked: Bool
    /// The device attitude (`CMAttitude.quaternion`).
    package var attitude: Quaternion
    /// The rotation rate, rad/s about the device's axes (`CMDeviceMotion.rotationRate`).
    package var rotationRate: Vec3
    /// The camera's orientation ARKit reports with the anchor (`frame.camera.transform`, sensor axes → ARKit's world;
    /// no translation: the phone turns about its front camera): `GravityFrameReport.camera`.
    package var camera: Quaternion
    /// The anchor's orientation (`transform`'s rotation) in the same frame as `anchor`: the head's (the trace's
    /// head_q, identity facing the screen squarely) turned into ARKit's world under the hypothesis.
    package var anchorOrientation: Quaternion

    package init(t: Double, anchor: Vec3, tracked: Bool, attitude: Quaternion, rotationRate: Vec3, camera: Quaternion = GravityFrameReport.sensorToScreen,
                 anchorOrientation: Quaternion = .identity) {
        self.t = t
        self.anchor = anchor
        self.tracked = tracked
        self.attitude = attitude
        self.rotationRate = rotationRate
        self.camera = camera
        self.anchorOrientation = anchorOrientation
    }
}

/// What the simulated sensors deliver to the app for a trace — the one input stage of every app under test: the
/// face anchor as ARKit reports it under the ARKit-frame hypothesis (`ARKitFrame`, z as the distance), the tracked
/// flag, and CoreMotion's device motion from the trace's attitude. The attitude's world frame is the trace's (y up)
/// where CoreMotion's `.xArbitraryZVertical` has z up: a fixed rotation, which the app's relative attitude
/// (reference⁻¹·attitude) cancels. The rotation rate is the attitude's change between samples (axis·angle / Δt, in
/// the device's axes; zero at the first sample). The camera transform ARKit reports beside the anchor is in the
/// gravity-aligned world under both hypotheses (`GravityFrameReport.camera`); the anchor's orientation is the head's
/// (head_q, else facing the screen squarely) in the anchor's frame. A trace without attitude columns is a phone held still and upright
/// (the identity attitude in the trace's frame), and `note` says so.
package struct SensorStream: Sendable {
    package var traceName: String
    package var arkitFrame: ARKitFrame
    package var samples: [SensorSample]
    /// One line when the stream assumed something the trace did not hold (no attitude columns).
    package var note: String?

    /// `requireAttitude`: a trace without the phone's attitude is an error (the audit's tilt checks need it) rather
    /// than a phone held still and upright.
    package init(traceName: String, trace: HeadTrace, arkitFrame: ARKitFrame, requireAttitude: Bool = false) throws {
        self.traceName = traceName
        self.arkitFrame = arkitFrame
        var attitude: [Quaternion]
        do {
            if let device = try trace.orientations(.device) {
                attitude = device
            } else if let angles = try Self.pitchAndRoll(of: trace) {
                attitude = angles.map { CoreMotionTilt.attitude(pitch: $0.pitch, roll: $0.roll) }
            } else if requireAttitude {
                throw FieldError(FieldPath([.key("columns")]),
                                 expected: "the phone's attitude for the simulated CoreMotion: device_qw,device_qx,device_qy,device_qz (or pitch,roll)",
                                 found: "neither")
            } else {
                attitude = Array(repeating: .identity, count: trace.count)
                note = "trace \(traceName) has no device_q (or pitch,roll) columns: the phone is held still and upright"
            }
        } catch let error as FieldError {
            throw FieldError(FieldPath([.key("trace \(traceName)")]).appending(error.path), expected: error.expected, found: error.found)
        }
        let measured = trace.samples.map(\.position)
        let head = try trace.orientations(.head) ?? Array(repeating: .identity, count: trace.count)
        let reported = arkitFrame == .gravity ? GravityFrameReport.reported(measured, attitude: attitude)
            : measured.map { Vec3($0.x, $0.y, abs($0.z)) }
        samples = trace.samples.indices.map { i in
            let rate = i == 0 ? Vec3(0, 0, 0) : Self.rotationRate(from: attitude[i - 1], to: attitude[i], dt: trace.samples[i].t - trace.samples[i - 1].t)
            return SensorSample(t: trace.samples[i].t, anchor: reported[i], tracked: trace.samples[i].tracked,
                                attitude: attitude[i], rotationRate: rate, camera: GravityFrameReport.camera(attitude: attitude[i], start: attitude[0]),
                                anchorOrientation: arkitFrame == .gravity ? GravityFrameReport.heading(attitude[0]).conjugate * attitude[i] * head[i] : head[i])
        }
    }

    /// The legacy `pitch,roll` columns (radians), when the trace has both.
    package static func pitchAndRoll(of trace: HeadTrace) throws -> [(pitch: Double, roll: Double)]? {
        guard let pitch = trace.extraColumns.first(where: { $0.name == "pitch" }),
              let roll = trace.extraColumns.first(where: { $0.name == "roll" }) else { return nil }
        return try zip(pitch.values, roll.values).enumerated().map { i, pair in
            guard let p = Double(pair.0), let r = Double(pair.1), p.isFinite, r.isFinite else {
                throw FieldError(FieldPath([.key("pitch,roll")]), expected: "finite angles in radians", found: "'\(pair.0)','\(pair.1)' at sample \(i + 1)")
            }
            return (p, r)
        }
    }

    /// The body-frame rotation rate that turns `a` into `b` in `dt`: axis·angle / dt of a⁻¹·b.
    static func rotationRate(from a: Quaternion, to b: Quaternion, dt: Double) -> Vec3 {
        guard dt > 0 else { return Vec3(0, 0, 0) }
        var change = a.conjugate * b
        if change.w < 0 { change = Quaternion(w: -change.w, x: -change.x, y: -change.y, z: -change.z) }
        let sine = change.vector.length
        guard sine > 0 else { return Vec3(0, 0, 0) }
        let angle = 2 * atan2(sine, change.w)
        return (angle / (sine * dt)) * change.vector
    }
}

/// The simulated device a replay runs on: what `uname` and `UIScreen.main.nativeBounds` report.
package struct SimulatedDevice: Hashable, Sendable {
    /// The model identifier (`utsname.machine`, e.g. "iPhone16,1").
    package var machine: String
    /// The screen in physical pixels, portrait.
    package var nativeWidth: Int
    package var nativeHeight: Int

    package init(machine: String, nativeWidth: Int, nativeHeight: Int) {
        self.machine = machine
        self.nativeWidth = nativeWidth
        self.nativeHeight = nativeHeight
    }

    /// The simulated device for a display-table screen: its model identifier and its panel in pixels.
    package init(screen: ScreenModel) throws {
        guard let record = screen.record, let machine = record.identifiers.first else {
            throw FieldError("screen", expected: "a display-table iPhone (the simulated device reports its model identifier)", found: "'\(screen.name)'")
        }
        self.init(machine: machine, nativeWidth: record.pixelWidth, nativeHeight: record.pixelHeight)
    }
}

/// Where the simulated face's eyes are (`ARFaceAnchor.leftEyeTransform`, `rightEyeTransform`: translations in the
/// anchor's frame, x to the screen's right and y up for a face turned squarely to it; no gaze rotation) — the audit's
/// eye hypothesis (`EyeModel`), by default IPD 64 mm, 32 mm above the anchor's origin, level with it.
package struct FaceEyes: Sendable, Equatable {
    package var left: Vec3
    package var right: Vec3

    package static let standardInterpupillaryDistance = 0.064
    package static let standardHeight = 0.032
    package static let standard = FaceEyes(left: Vec3(-standardInterpupillaryDistance / 2, standardHeight, 0),
                                           right: Vec3(standardInterpupillaryDistance / 2, standardHeight, 0))

    package init(left: Vec3, right: Vec3) {
        self.left = left
        self.right = right
    }

    /// The same eyes seen from an anchor moved by `offset` (in its own frame).
    package func relative(to offset: Vec3) -> FaceEyes { FaceEyes(left: left - offset, right: right - offset) }
}
