// The sample device probe of Traces/recordings (probe-sample.json): ParallaxRecorder itself writing its probe on a
// session the stand-ins simulate, so the file is in the probe's format by construction. Synthetic — no phone wrote
// it, and its device_model ("stand-ins (synthetic)") says so. The session: the face found at t = 100 s (device
// uptime) and added (didAdd), then updated (didUpdate) every ARFrame; 3 s still, then the phone tilting ±30° about
// its x, z and y axes in turn (RecorderSample's SampleSession.phone, 3–23 s); the camera covered for 2 s (23.5–25.5 s:
// didUpdate with tracked false, the last pose); 0.5 s more. ARKit, CoreMotion (the app's manager, 1/60 s requested,
// samples handed over from its handler on the main queue, as Splat-Frame's DeviceMotionService) and the renderer
// (on the main thread) every 1/60 s. Under an `Alternative` the stand-ins or the session do the other thing, one
// entry of `parallax device-check` at a time.

@_spi(Simulation) import ARKit
@_spi(Simulation) import CoreMotion
import Foundation
@testable import Recorder
@_spi(Simulation) import SceneKit
@_spi(Simulation) import UIKit

public enum ProbeSession {
    /// The alternative of each entry `parallax device-check` decides, by the entry's id.
    public enum Alternative: String, CaseIterable, Sendable {
        /// The first delivery is didUpdate, not didAdd.
        case arkitFirstDelivery = "arkit-first-delivery"
        /// While covered the face anchor is removed (didRemove), and added again (didAdd) when found.
        case arkitLoss = "arkit-loss"
        /// CoreMotion delivers at 52.6 Hz (every 0.019 s) for the 1/60 s requested.
        case sensorRates = "sensor-rates"
        /// The renderer runs on a thread other than the main one.
        case renderThread = "render-thread"
        /// SceneKit composes Euler angles Rz·Ry·Rx (`SCNNode.simulatedEulerComposition = .rollYawPitch`).
        case scenekitEuler = "scenekit-euler"
        /// `multiply(byInverseOf:)` is a⊗b⁻¹ (`CMAttitude.simulatedProduct = .inverseLast`).
        case attitudeProduct = "attitude-product"
    }

    static let start = 100.0
    static let duration = 26.0
    static let rate = 60.0
    static let alternativeMotionInterval = 0.019
    static let cover = 23.5..<25.5

    /// Writes the probe to `url` (the recorder's CSV goes to a temporary file, removed after). Call on the main
    /// queue (the simulation's hooks run there). The stand-ins' switches are set for the run and restored after.
    public static func record(to url: URL, under alternative: Alternative? = nil) throws {
        dispatchPrecondition(condition: .onQueue(.main))
        ARSession.stopAll()
        CMMotionManager.stopAll()
        simulatedMachineIdentifier = "stand-ins (synthetic)"
        MainActor.assumeIsolated { UIDevice.simulatedCurrent = UIDevice(systemVersion: "17.4") }
        SCNNode.simulatedEulerComposition = alternative == .scenekitEuler ? .rollYawPitch : .pitchYawRoll
        CMAttitude.simulatedProduct = alternative == .attitudeProduct ? .inverseLast : .inverseFirst
        defer {
            SCNNode.simulatedEulerComposition = .pitchYawRoll
            CMAttitude.simulatedProduct = .inverseFirst
        }

        let csv = FileManager.default.temporaryDirectory.appendingPathComponent("probe-session-\(getpid())-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: csv) }
        let manager = CMMotionManager()
        let recorder = ParallaxRecorder(fileURL: csv, probeURL: url, motionManager: manager)
        manager.deviceMotionUpdateInterval = 1 / rate
        manager.startDeviceMotionUpdates(using: .xArbitraryZVertical, to: .main) { motion, _ in
            if let motion { recorder.record(motion) }
        }
        let session = ARSession()
        let delegate = Delegate(recorder: recorder)
        session.delegate = delegate
        session.run(ARFaceTrackingConfiguration())
        try MainActor.assumeIsolated { try recorder.start() }

        let motionInterval = alternative == .sensorRates ? alternativeMotionInterval : 1 / rate
        var nextMotion = 0
        var wasCovered = false
        for k in 0..<Int(duration * rate) {
            let s = Double(k) / rate
            while Double(nextMotion) * motionInterval <= s {
                let m = Double(nextMotion) * motionInterval
                let q = SampleSession.reference * SampleSession.phone(m)
                CMMotionManager.deliver(attitude: CMQuaternion(x: q.x, y: q.y, z: q.z, w: q.w),
                                        rotationRate: CMRotationRate(x: 0, y: 0, z: 0), timestamp: start + m)
                nextMotion += 1
            }
            let covered = cover.contains(s)
            let face = ARFaceAnchor(transform: SampleSession.transform(.identity, (0, 0, 0.35)),
                                    geometry: ARFaceGeometry(vertices: [], triangleIndices: []), isTracked: !covered)
            let camera = ARCamera(transform: SampleSession.transform(SampleSession.phone(s), (0, 0, 0)))
            ARSession.deliver(frame: ARFrame(timestamp: start + s, camera: camera, anchors: covered && alternative == .arkitLoss ? [] : [face]))
            switch (k, covered, wasCovered, alternative) {
            case (0, _, _, .arkitFirstDelivery): ARSession.deliver([face], as: .update)
            case (0, _, _, _): ARSession.deliver([face], as: .add)
            case (_, true, false, .arkitLoss): ARSession.deliver([face], as: .remove)
            case (_, true, true, .arkitLoss): break
            case (_, false, true, .arkitLoss): ARSession.deliver([face], as: .add)
            default: ARSession.deliver([face], as: .update)
            }
            wasCovered = covered
            render(recorder, at: start + s, onMain: alternative != .renderThread)
        }
        recorder.stop()
        session.pause()
        manager.stopDeviceMotionUpdates()
        guard recorder.probeURL == url else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
    }

    /// One frame of the app's view: `renderer(_:updateAtTime:)` calling the recorder, on the main thread or a
    /// worker's (waited for, so the frames stay in order).
    static func render(_ recorder: ParallaxRecorder, at time: TimeInterval, onMain: Bool) {
        guard !onMain else { return recorder.recordRender(atTime: time) }
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            recorder.recordRender(atTime: time)
            done.signal()
        }
        done.wait()
    }

    /// An app's session delegate that forwards the face anchor's three calls, as the recorder's header says.
    final class Delegate: NSObject, ARSessionDelegate {
        let recorder: ParallaxRecorder
        init(recorder: ParallaxRecorder) { self.recorder = recorder }
        func session(_ session: ARSession, didAdd anchors: [ARAnchor]) { recorder.record(added: anchors, in: session) }
        func session(_ session: ARSession, didUpdate anchors: [ARAnchor]) { recorder.record(anchors, in: session) }
        func session(_ session: ARSession, didRemove anchors: [ARAnchor]) { recorder.record(removed: anchors, in: session) }
    }
}
