import AppReplay
import Foundation
import Geometry
import Projection
import Tracking
import Vocabulary

/// What the simulated sensors deliver to the app's own code for a trace: the face anchor as ARKit reports it
/// under the audit's hypothesis (`ARKitFrame`: the same input stage the model reads, z as the distance), the
/// tracked flag, and CoreMotion's device motion from the trace's attitude. The attitude's world frame is the
/// trace's (y up) where CoreMotion's `.xArbitraryZVertical` has z up: a fixed rotation, which the app's
/// relative attitude (reference⁻¹·attitude) cancels. The rotation rate is the attitude's change between
/// samples (axis·angle / Δt, in the device's axes; zero at the first sample).
package struct AppCodeInputs: Sendable {
    package var traceName: String
    package var samples: [SensorSample]

    package init(traceName: String, trace: HeadTrace, arkitFrame: ARKitFrame) throws {
        self.traceName = traceName
        let attitude: [Quaternion]
        do {
            if let device = try trace.orientations(.device) {
                attitude = device
            } else if let angles = try AuditCase.pitchAndRoll(of: trace, name: traceName) {
                attitude = angles.map { CoreMotionTilt.attitude(pitch: $0.pitch, roll: $0.roll) }
            } else {
                throw FieldError(FieldPath([.key("columns")]),
                                 expected: "the phone's attitude for the simulated CoreMotion: device_qw,device_qx,device_qy,device_qz (or pitch,roll)",
                                 found: "neither")
            }
        } catch let error as FieldError {
            throw FieldError(FieldPath([.key("trace \(traceName)")]).appending(error.path), expected: error.expected, found: error.found)
        }
        let measured = trace.samples.map(\.position)
        let reported = arkitFrame == .gravity ? GravityFrameReport.reported(measured, attitude: attitude)
            : measured.map { Vec3($0.x, $0.y, abs($0.z)) }
        samples = trace.samples.indices.map { i in
            let rate = i == 0 ? Vec3(0, 0, 0) : Self.rotationRate(from: attitude[i - 1], to: attitude[i], dt: trace.samples[i].t - trace.samples[i - 1].t)
            return SensorSample(t: trace.samples[i].t, anchor: reported[i], tracked: trace.samples[i].tracked,
                                attitude: attitude[i], rotationRate: rate)
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

    /// What the model's head pipeline receives for the same samples (`HeadPipeline.update`).
    package var headInputs: [HeadInput] {
        samples.map { HeadInput(position: $0.anchor, tracked: $0.tracked, attitude: $0.attitude) }
    }

    /// The simulated device for a display-table screen: its model identifier and its panel in pixels.
    package static func device(for screen: ScreenModel) throws -> SimulatedDevice {
        guard let record = screen.record, let machine = record.identifiers.first else {
            throw FieldError("screen", expected: "a display-table iPhone (the simulated device reports its model identifier)", found: "'\(screen.name)'")
        }
        return SimulatedDevice(machine: machine, nativeWidth: record.pixelWidth, nativeHeight: record.pixelHeight)
    }
}
