import Foundation
import Geometry

/// A ParallaxRecorder CSV synthesized under a stated truth about ARKit's frame, following the protocol of
/// `parallax arkit-frame`: 3 s still; 20 s of the phone tilting ±30° about its x (pitch), z (roll) and y (yaw)
/// axes in turn (two oscillations each, about a point 4 mm from the camera that wobbles) with the head still;
/// 2 s rest; 20 s of the head moving 10 cm up, down, left, right (3 s out and back, 2 s rest each) with the phone
/// still; 2 s still. 60 Hz ARFrames with ±1 ms jitter, CoreMotion at 100 Hz (the newest sample ≤ the frame),
/// face noise σ `noiseMm` per axis, attitude noise σ 0.03° (CoreMotion's is smaller), tracking dropouts (ARKit repeats the last pose).
///
/// Frames: E = the screen at launch (x right, y up, z toward the viewer; the head at (0, 0, 0.35) m in it);
/// R(t) the phone's orientation (device → E); CoreMotion's attitude G·R(t) with G taking E's y-up to a z-up
/// reference frame of arbitrary heading. The face written is `recordedAxes` applied to
/// - gravity: the head in E (a world frame fixed at launch);
/// - camera: R(t)⁻¹·(head − camera position) (the device's axes);
/// - swaying: gravity, but the head sways ±8 cm sideways while the phone turns (fits neither);
/// - turningTwice: R(t)⁻²·(head − camera position) (the face turns twice as far as the phone: fits neither; the
///   face turning *against* the phone, R(t)·h, would fit the camera model with the axes turned 180° about z).
public struct DeviceRecordingSynthesizer {
    public enum Truth: Sendable { case gravity, camera, swaying, turningTwice }

    public var truth: Truth
    /// recorded[i] = sign · v[axis] for each (axis, sign): how the recording's axes hold the truth frame's.
    public var recordedAxes: [(axis: Int, sign: Double)]
    public var phoneTurns = true
    public var noiseMm = 1.5
    public var dropoutFraction = 0.05
    public var seed: UInt64 = 1

    public init(truth: Truth, recordedAxes: [(axis: Int, sign: Double)] = [(0, 1), (1, 1), (2, 1)]) {
        self.truth = truth
        self.recordedAxes = recordedAxes
    }

    /// The recorded axis (and sign) that carries the truth frame's axis `axis` in direction `sign`, as "+x"….
    public func recordedName(ofAxis axis: Int, sign: Double) -> String {
        let i = recordedAxes.firstIndex { $0.axis == axis }!
        return (recordedAxes[i].sign * sign > 0 ? "+" : "-") + ["x", "y", "z"][i]
    }

    static let head = Vec3(0, 0, 0.35)

    func phone(_ t: Double) -> Quaternion {
        guard phoneTurns, t >= 3, t < 23 else { return .identity }
        let u = t - 3, block = min(Int(u / (20.0 / 3)), 2), local = u - Double(block) * 20.0 / 3
        let angle = 30 * Double.pi / 180 * sin(2 * .pi * local / (10.0 / 3))
        let axis = [Vec3(1, 0, 0), Vec3(0, 0, 1), Vec3(0, 1, 0)][block]
        return Quaternion(axis: axis, angle: angle)
    }

    func cameraPosition(_ t: Double) -> Vec3 {
        guard phoneTurns, t >= 3, t < 23 else { return Vec3(0, 0, 0) }
        return Vec3(0.004 * sin(1.7 * t), 0.004 * cos(1.3 * t), 0.002 * sin(0.9 * t))
    }

    func headPosition(_ t: Double) -> Vec3 {
        var p = Self.head
        if truth == .swaying, t >= 3, t < 23 { p.x += 0.08 * sin(2 * .pi * 0.3 * (t - 3)) }
        guard t >= 25, t < 45 else { return p }
        let block = Int((t - 25) / 5), local = (t - 25) - Double(block) * 5
        guard local < 3 else { return p }
        let bump = 0.10 * pow(sin(.pi * local / 3), 2)
        let direction = [Vec3(0, 1, 0), Vec3(0, -1, 0), Vec3(-1, 0, 0), Vec3(1, 0, 0)][block]
        return p + bump * direction
    }

    func recorded(_ v: Vec3) -> Vec3 {
        let c = [v.x, v.y, v.z]
        return Vec3(recordedAxes[0].sign * c[recordedAxes[0].axis], recordedAxes[1].sign * c[recordedAxes[1].axis], recordedAxes[2].sign * c[recordedAxes[2].axis])
    }

    /// E (y up) → CoreMotion's z-up reference, heading 40°.
    static let reference = Quaternion(axis: Vec3(0, 0, 1), angle: 40 * .pi / 180) * Quaternion(axis: Vec3(1, 0, 0), angle: .pi / 2)

    public func csv(header: [String] = ["device_model: iPhone16,1", "system_version: 17.4", "world_alignment: gravity", "recorder: ParallaxRecorder 1"]) -> String {
        var random = SplitMix64(seed: seed)
        func gaussian() -> Double {
            let u = max(random.next(), 1e-300), v = random.next()
            return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
        }
        var lines = ["# parallax-recorder 1"] + header.map { "# " + $0 }
        lines.append("t,tracked,face_x,face_y,face_z,face_qw,face_qx,face_qy,face_qz,camera_x,camera_y,camera_z,camera_qw,camera_qx,camera_qy,camera_qz,attitude_t,attitude_qw,attitude_qx,attitude_qy,attitude_qz")
        var dropoutLeft = 0
        var last: (face: Vec3, q: Quaternion)?
        let n = 47 * 60
        for k in 0..<n {
            // Local time s from the first frame; ARFrame timestamps (device uptime) start at 100 s.
            let s = Double(k) / 60 + 0.001 * (random.next() - 0.5) * 2
            let t = 100 + s, attitudeS = max(0, (s * 100).rounded(.down) / 100), attitudeT = 100 + attitudeS
            let r = phone(s), c = cameraPosition(s), h = headPosition(s)
            let truthVector: Vec3
            switch truth {
            case .gravity, .swaying: truthVector = h
            case .camera: truthVector = r.conjugate.rotate(h - c)
            case .turningTwice: truthVector = (r * r).conjugate.rotate(h - c)
            }
            let noise = Vec3(gaussian(), gaussian(), gaussian()) * (noiseMm / 1000)
            var face = recorded(truthVector) + noise
            var faceQ = truth == .camera ? r.conjugate : Quaternion.identity
            if dropoutLeft == 0, k > 0, random.next() < dropoutFraction / 18 { dropoutLeft = 12 + Int(random.next() * 18) }
            let tracked = dropoutLeft == 0
            if !tracked, let last { (face, faceQ) = (last.face, last.q) }
            if dropoutLeft > 0 { dropoutLeft -= 1 }
            last = (face, faceQ)
            let wobble = Quaternion(axis: Vec3(gaussian(), gaussian(), gaussian() + 1e-9).normalizedOrX, angle: 0.03 * .pi / 180 * gaussian())
            let attitude = Self.reference * phone(attitudeS) * wobble
            let (cameraP, cameraQ) = truth == .camera ? (Vec3(0, 0, 0), Quaternion.identity) : (c, r)
            let values = [t, tracked ? 1 : 0, face.x, face.y, face.z, faceQ.w, faceQ.x, faceQ.y, faceQ.z,
                          cameraP.x, cameraP.y, cameraP.z, cameraQ.w, cameraQ.x, cameraQ.y, cameraQ.z,
                          attitudeT, attitude.w, attitude.x, attitude.y, attitude.z]
            lines.append(values.map { String(format: "%.6f", $0) }.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

private extension Vec3 {
    var normalizedOrX: Vec3 { length > 0 ? self / length : Vec3(1, 0, 0) }
}
