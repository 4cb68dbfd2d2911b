import Foundation
import Geometry

/// The cube's gyro tilt as the app computes it (AristidesAI/Splat-Frame @ 4ca7217,
/// `Splat Frame/Services/DeviceMotionService.swift:35–53`): the attitude relative to a reference (the first
/// sample, or the last reset; `attitude.multiply(byInverseOf: ref)`, modelled as q_ref⁻¹·q), its CoreMotion
/// pitch (about the device's x) and roll (about its y), each through its own EMA (α = 0.3, first sample passes),
/// offset = (roll·g, −pitch·g).
package struct CoreMotionTilt: Sendable {
    package var gain: Double
    package var alpha: Double
    private var reference: Quaternion?
    private var smoothed: (pitch: Double, roll: Double)?

    package init(gain: Double, alpha: Double) {
        self.gain = gain
        self.alpha = alpha
    }

    /// CoreMotion's Euler angles of a unit quaternion, R = Rz(yaw)·Rx(pitch)·Ry(roll): pitch = asin(R₂₁),
    /// roll = atan2(−R₂₀, R₂₂).
    package static func pitchAndRoll(_ q: Quaternion) -> (pitch: Double, roll: Double) {
        let pitch = asin(max(-1, min(1, 2 * (q.w * q.x + q.y * q.z))))
        let roll = atan2(2 * (q.w * q.y - q.x * q.z), 1 - 2 * (q.x * q.x + q.y * q.y))
        return (pitch, roll)
    }

    /// The device attitude whose CoreMotion pitch and roll are these (yaw 0): the legacy `pitch,roll` columns.
    package static func attitude(pitch: Double, roll: Double) -> Quaternion {
        Quaternion(axis: Vec3(1, 0, 0), angle: pitch) * Quaternion(axis: Vec3(0, 1, 0), angle: roll)
    }

    /// One update: the head offset (m) for this attitude.
    package mutating func offset(_ attitude: Quaternion) -> Vec3 {
        if reference == nil { reference = attitude }
        let angles = Self.pitchAndRoll(reference!.conjugate * attitude)
        var s = angles
        if let previous = smoothed {
            s = (pitch: alpha * angles.pitch + (1 - alpha) * previous.pitch, roll: alpha * angles.roll + (1 - alpha) * previous.roll)
        }
        smoothed = s
        return Vec3(s.roll * gain, -s.pitch * gain, 0)
    }

    /// The reset button and Settings' "Reset Calibration": a new reference, the smoothers restart.
    package mutating func reset() {
        reference = nil
        smoothed = nil
    }
}
