// The sample recording of Traces/recordings (recorder-sample.csv): ParallaxRecorder itself, on a session the
// stand-ins simulate, so the file is in the recorder's format by construction. Synthetic — no phone recorded it,
// and its header says so. The session follows the protocol of `parallax arkit-frame` (docs/arkit-frame.md) with the
// face reported in a gravity-aligned world frame fixed at launch (the `gravity` hypothesis), as
// Tests/ParallaxTestSupport/DeviceRecordingSynthesizer.swift states it for the decision's tests:
// 3 s still; 20 s of the phone tilting ±30° about its x (pitch), z (roll) and y (yaw) axes in turn, two
// oscillations each, about a point that wobbles 4 mm; 2 s rest; 20 s of the head moving 10 cm up, down, left and
// right (3 s out and back, 2 s rest each) with the phone still; 2 s still, in which the face is lost for 0.4 s.
// ARFrames at 60 Hz from t = 100 s (device uptime), CoreMotion at 100 Hz, face noise σ 1 mm per axis (a fixed
// seed). The world: x right, y up, z toward the viewer, the head 0.35 m in front of the screen.

@_spi(Simulation) import ARKit
@_spi(Simulation) import CoreMotion
import Foundation
@testable import Recorder  // the recorder is internal, as in an app (a debug build enables testing)
@_spi(Simulation) import UIKit

public enum SampleSession {
    /// The header lines that label the file synthetic, inserted after the recorder's first line.
    public static let label = [
        "# synthetic: yes — not a phone: ParallaxRecorder recording a session simulated by ParallaxLab's Apple stand-ins",
        "# truth: the face in a gravity-aligned world frame fixed at launch (arkit-frame's gravity hypothesis), the arkit-frame protocol",
        "# made_by: swift run --package-path AppInTheLoop/StandIns record-sample Traces/recordings/recorder-sample.csv (make sample-recording)",
    ]

    static let duration = 47.0
    static let frameRate = 60.0
    static let motionRate = 100.0
    static let start = 100.0

    /// Records the session into `url`. Call on the main queue (the simulation's hooks run there).
    public static func record(to url: URL) throws {
        dispatchPrecondition(condition: .onQueue(.main))
        ARSession.stopAll()
        CMMotionManager.stopAll()
        simulatedMachineIdentifier = "iPhone16,1"
        MainActor.assumeIsolated { UIDevice.simulatedCurrent = UIDevice(systemVersion: "17.4") }
        let recorder = ParallaxRecorder(fileURL: url)
        let session = ARSession()
        let delegate = Delegate(recorder: recorder)
        session.delegate = delegate
        session.run(ARFaceTrackingConfiguration())
        try MainActor.assumeIsolated { try recorder.start() }

        var random = Random(state: 2026)
        let frames = Int(duration * frameRate)
        var nextMotion = 0
        for k in 0..<frames {
            let s = Double(k) / frameRate
            while Double(nextMotion) / motionRate <= s {
                let m = Double(nextMotion) / motionRate
                let q = reference * phone(m)
                CMMotionManager.deliver(attitude: CMQuaternion(x: q.x, y: q.y, z: q.z, w: q.w),
                                        rotationRate: CMRotationRate(x: 0, y: 0, z: 0), timestamp: start + m)
                nextMotion += 1
            }
            let noise = (random.gaussian() * 0.001, random.gaussian() * 0.001, random.gaussian() * 0.001)
            let h = head(s)
            let lost = s >= 45.5 && s < 45.9
            let anchors: [ARAnchor] = lost ? [] : [ARFaceAnchor(
                transform: transform(.identity, (h.0 + noise.0, h.1 + noise.1, h.2 + noise.2)),
                geometry: ARFaceGeometry(vertices: [], triangleIndices: []), isTracked: true)]
            let camera = ARCamera(transform: transform(phone(s), cameraPosition(s)))
            ARSession.deliver(frame: ARFrame(timestamp: start + s, camera: camera, anchors: anchors))
        }
        recorder.stop()
        let written = try String(contentsOf: url, encoding: .utf8)
        guard let firstBreak = written.firstIndex(of: "\n") else { return }
        let labelled = written[...firstBreak] + label.joined(separator: "\n") + "\n" + written[written.index(after: firstBreak)...]
        try Data(labelled.utf8).write(to: url, options: .atomic)
        session.pause()
    }

    final class Delegate: NSObject, ARSessionDelegate {
        let recorder: ParallaxRecorder
        init(recorder: ParallaxRecorder) { self.recorder = recorder }
        func session(_ session: ARSession, didUpdate frame: ARFrame) { recorder.record(frame, in: session) }
    }

    /// A rotation as a unit quaternion, w first.
    struct Rotation {
        var w, x, y, z: Double
        static let identity = Rotation(w: 1, x: 0, y: 0, z: 0)
        init(w: Double, x: Double, y: Double, z: Double) { (self.w, self.x, self.y, self.z) = (w, x, y, z) }
        init(axis: (Double, Double, Double), angle: Double) {
            let s = sin(angle / 2)
            self.init(w: cos(angle / 2), x: axis.0 * s, y: axis.1 * s, z: axis.2 * s)
        }
        /// Hamilton product: `rhs` first, then `lhs`.
        static func * (lhs: Rotation, rhs: Rotation) -> Rotation {
            Rotation(w: lhs.w * rhs.w - lhs.x * rhs.x - lhs.y * rhs.y - lhs.z * rhs.z,
                     x: lhs.w * rhs.x + lhs.x * rhs.w + lhs.y * rhs.z - lhs.z * rhs.y,
                     y: lhs.w * rhs.y - lhs.x * rhs.z + lhs.y * rhs.w + lhs.z * rhs.x,
                     z: lhs.w * rhs.z + lhs.x * rhs.y - lhs.y * rhs.x + lhs.z * rhs.w)
        }
    }

    /// The world (y up) → CoreMotion's z-up reference frame, heading 40°.
    static let reference = Rotation(axis: (0, 0, 1), angle: 40 * .pi / 180) * Rotation(axis: (1, 0, 0), angle: .pi / 2)

    /// The phone's orientation (device → world) at `s` seconds.
    static func phone(_ s: Double) -> Rotation {
        guard s >= 3, s < 23 else { return .identity }
        let u = s - 3, block = min(Int(u / (20.0 / 3)), 2), local = u - Double(block) * 20.0 / 3
        let angle = 30 * Double.pi / 180 * sin(2 * .pi * local / (10.0 / 3))
        return Rotation(axis: [(1, 0, 0), (0, 0, 1), (0, 1, 0)][block], angle: angle)
    }

    /// The camera's position while the phone turns: a point that wobbles by 4 mm.
    static func cameraPosition(_ s: Double) -> (Double, Double, Double) {
        guard s >= 3, s < 23 else { return (0, 0, 0) }
        return (0.004 * sin(1.7 * s), 0.004 * cos(1.3 * s), 0.002 * sin(0.9 * s))
    }

    /// The head in the world: still at 0.35 m, then 10 cm up, down, left, right from 25 s.
    static func head(_ s: Double) -> (Double, Double, Double) {
        guard s >= 25, s < 45 else { return (0, 0, 0.35) }
        let block = Int((s - 25) / 5), local = (s - 25) - Double(block) * 5
        guard local < 3 else { return (0, 0, 0.35) }
        let bump = 0.10 * pow(sin(.pi * local / 3), 2)
        let direction = [(0.0, 1.0), (0.0, -1.0), (-1.0, 0.0), (1.0, 0.0)][block]
        return (bump * direction.0, bump * direction.1, 0.35)
    }

    /// The 4×4 transform of rotation `q` and translation `t` (columns: the rotated axes, then the translation).
    static func transform(_ q: Rotation, _ t: (Double, Double, Double)) -> simd_float4x4 {
        let (w, x, y, z) = (q.w, q.x, q.y, q.z)
        let c0 = SIMD4<Float>(Float(1 - 2 * (y * y + z * z)), Float(2 * (x * y + w * z)), Float(2 * (x * z - w * y)), 0)
        let c1 = SIMD4<Float>(Float(2 * (x * y - w * z)), Float(1 - 2 * (x * x + z * z)), Float(2 * (y * z + w * x)), 0)
        let c2 = SIMD4<Float>(Float(2 * (x * z + w * y)), Float(2 * (y * z - w * x)), Float(1 - 2 * (x * x + y * y)), 0)
        return simd_float4x4(c0, c1, c2, SIMD4<Float>(Float(t.0), Float(t.1), Float(t.2), 1))
    }

    /// SplitMix64 (Steele, Lea & Flood 2014) and Box–Muller: the same numbers on every machine.
    struct Random {
        var state: UInt64
        mutating func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
        mutating func gaussian() -> Double {
            let u = max(next(), 1e-300), v = next()
            return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
        }
    }
}
