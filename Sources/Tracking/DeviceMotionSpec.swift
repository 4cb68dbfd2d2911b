import Foundation
import Geometry
import Plumbing
import Vocabulary

/// How the phone moves in the hand (a trace spec's optional `device:`), in degrees: tilted back at launch,
/// drifting, trembling, and tilted on purpose. The attitude (screen → gravity frame, `device_q*`) is
/// Rx(−back(t))·Ry(roll(t)): "back" turns the screen's normal up (the top edge away from the viewer), "roll"
/// turns it about the screen's long axis (CoreMotion's roll). The phone turns about its front camera.
///
/// ```yaml
/// device: {launch_tilt: 30, drift: [0.2, 0], tremor: 0.05, tilts: [{at: 10, back: 5, roll: 0, move_time: 0.4}]}
/// ```
public struct DeviceMotionSpec: Codable, Equatable, Sendable {
    /// Screen normal above the horizontal at session start, degrees (people read with 20–60°).
    public var launchTilt: Double
    /// Slow drift of back and roll, degrees per second.
    public var drift: [Double]
    /// Hand tremor: gaussian angular noise per sample in back and roll, degrees (standard deviation).
    public var tremor: Double
    /// Deliberate tilts, each a minimum-jerk change that stays.
    public var tilts: [DeviceTilt]

    public init(launchTilt: Double = 0, drift: [Double] = [0, 0], tremor: Double = 0, tilts: [DeviceTilt] = []) {
        self.launchTilt = launchTilt
        self.drift = drift
        self.tremor = tremor
        self.tilts = tilts
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case drift, tremor, tilts
        case launchTilt = "launch_tilt"
    }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        launchTilt = try c.decodeIfPresent(Double.self, forKey: .launchTilt) ?? 0
        drift = try c.decodeIfPresent([Double].self, forKey: .drift) ?? [0, 0]
        tremor = try c.decodeIfPresent(Double.self, forKey: .tremor) ?? 0
        tilts = try c.decodeIfPresent([DeviceTilt].self, forKey: .tilts) ?? []
    }

    public func validate() throws {
        guard launchTilt.isFinite, abs(launchTilt) <= 90 else { throw FieldError("device.launch_tilt", expected: "degrees in [−90, 90]", found: "\(launchTilt)") }
        guard drift.count == 2, drift.allSatisfy({ $0.isFinite && abs($0) <= 90 }) else {
            throw FieldError("device.drift", expected: "[back, roll] in degrees per second, each within ±90", found: "\(drift)")
        }
        guard tremor.isFinite, tremor >= 0, tremor <= 10 else { throw FieldError("device.tremor", expected: "degrees in [0, 10]", found: "\(tremor)") }
        for (index, tilt) in tilts.enumerated() { try tilt.validate(field: "device.tilts[\(index)]") }
    }

    /// (back, roll) in radians at `t`, without tremor.
    func angles(at t: Double) -> (back: Double, roll: Double) {
        var back = launchTilt + drift[0] * t, roll = drift[1] * t
        for tilt in tilts where t > tilt.at {
            let s = MinimumJerk.fraction(min(1, (t - tilt.at) / tilt.moveTime))
            back += tilt.back * s
            roll += tilt.roll * s
        }
        return (back * .pi / 180, roll * .pi / 180)
    }

    /// The attitude for angles in radians.
    static func attitude(back: Double, roll: Double) -> Quaternion {
        Quaternion(axis: Vec3(1, 0, 0), angle: -back) * Quaternion(axis: Vec3(0, 1, 0), angle: roll)
    }
}

/// One deliberate tilt of the phone: starting at `at` s, by `back` and `roll` degrees over `move_time` s.
public struct DeviceTilt: Codable, Equatable, Sendable {
    public var at: Double
    public var back: Double
    public var roll: Double
    public var moveTime: Double

    public init(at: Double, back: Double = 0, roll: Double = 0, moveTime: Double = 0.4) {
        self.at = at
        self.back = back
        self.roll = roll
        self.moveTime = moveTime
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case at, back, roll
        case moveTime = "move_time"
    }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        at = try c.decode(Double.self, forKey: .at)
        back = try c.decodeIfPresent(Double.self, forKey: .back) ?? 0
        roll = try c.decodeIfPresent(Double.self, forKey: .roll) ?? 0
        moveTime = try c.decodeIfPresent(Double.self, forKey: .moveTime) ?? 0.4
    }

    func validate(field: String) throws {
        guard at.isFinite, at >= 0 else { throw FieldError("\(field).at", expected: "a time ≥ 0 s", found: "\(at)") }
        guard back.isFinite, roll.isFinite, abs(back) <= 90, abs(roll) <= 90 else {
            throw FieldError("\(field)", expected: "back and roll in degrees within ±90", found: "back \(back), roll \(roll)")
        }
        guard moveTime.isFinite, moveTime > 0, moveTime <= 60 else { throw FieldError("\(field).move_time", expected: "seconds in (0, 60]", found: "\(moveTime)") }
    }
}

/// How the head turns (a trace spec's optional `head:`): `follow` — it looks at the screen's centre from wherever
/// it is (yaw and pitch follow lateral motion); `independent` — yaw and pitch sinusoids (`amplitude` degrees,
/// `frequency` Hz), fixed in the room, so a turning phone sees them change.
public struct HeadOrientationSpec: Codable, Equatable, Sendable {
    public enum Model: String, Codable, Sendable { case follow, independent }
    public var model: Model
    /// [yaw, pitch] degrees (independent).
    public var amplitude: [Double]
    /// [yaw, pitch] Hz (independent).
    public var frequency: [Double]

    public init(model: Model = .follow, amplitude: [Double] = [0, 0], frequency: [Double] = [0, 0]) {
        self.model = model
        self.amplitude = amplitude
        self.frequency = frequency
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case model, amplitude, frequency }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        model = try c.decodeIfPresent(Model.self, forKey: .model) ?? .follow
        amplitude = try c.decodeIfPresent([Double].self, forKey: .amplitude) ?? [0, 0]
        frequency = try c.decodeIfPresent([Double].self, forKey: .frequency) ?? [0, 0]
    }

    public func validate() throws {
        guard amplitude.count == 2, amplitude.allSatisfy({ $0.isFinite && abs($0) <= 90 }) else {
            throw FieldError("head.amplitude", expected: "[yaw, pitch] in degrees within ±90", found: "\(amplitude)")
        }
        guard frequency.count == 2, frequency.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 30 }) else {
            throw FieldError("head.frequency", expected: "[yaw, pitch] in Hz within [0, 30]", found: "\(frequency)")
        }
    }

    /// The head's orientation (face → screen) at `t` for a head at `position` (screen frame), with `room` the
    /// phone's rotation since session start (screen frame at start ← now).
    func orientation(at t: Double, position: Vec3, room: Quaternion) -> Quaternion {
        switch model {
        case .follow:
            // Facing the screen's centre: the face's +z (back of the head) points along the position.
            let yaw = atan2(position.x, position.z), pitch = -atan2(position.y, hypot(position.x, position.z))
            return Quaternion(axis: Vec3(0, 1, 0), angle: yaw) * Quaternion(axis: Vec3(1, 0, 0), angle: pitch)
        case .independent:
            let yaw = amplitude[0] * .pi / 180 * sin(2 * .pi * frequency[0] * t)
            let pitch = amplitude[1] * .pi / 180 * sin(2 * .pi * frequency[1] * t)
            return room.conjugate * Quaternion(axis: Vec3(0, 1, 0), angle: yaw) * Quaternion(axis: Vec3(1, 0, 0), angle: pitch)
        }
    }
}
