@_spi(Simulation) import ARKit
@_spi(Simulation) import CoreMotion
import Foundation
#if MAIN_ACTOR_RECORDER
@testable import RecorderMainActor
#else
@testable import Recorder
#endif
@_spi(Simulation) import UIKit
import XCTest

/// ParallaxRecorder on a simulated session: motion samples and frames in through the stand-ins' simulation hooks,
/// the CSV out, compared byte for byte with the rows written by hand from the documented columns. The same file runs
/// against the recorder compiled with the default isolation nonisolated (RecorderTests) and MainActor
/// (RecorderMainActorTests). (XCTest: UIKit.)
final class ParallaxRecorderTests: XCTestCase {
    /// An app's session delegate that receives frames, as the recorder's header says.
    final class FrameDelegate: NSObject, ARSessionDelegate {
        let recorder: ParallaxRecorder
        init(recorder: ParallaxRecorder) { self.recorder = recorder }
        func session(_ session: ARSession, didUpdate frame: ARFrame) { recorder.record(frame, in: session) }
    }

    /// An app's session delegate that receives anchors only (as Splat-Frame's HeadTrackingService does).
    final class AnchorDelegate: NSObject, ARSessionDelegate {
        let recorder: ParallaxRecorder
        init(recorder: ParallaxRecorder) { self.recorder = recorder }
        func session(_ session: ARSession, didUpdate anchors: [ARAnchor]) { recorder.record(anchors, in: session) }
    }

    /// A transform with rotation `columns` (3×3, column-major) and translation `t`.
    static func transform(_ c: [[Float]], _ t: SIMD3<Float>) -> simd_float4x4 {
        simd_float4x4(SIMD4(c[0][0], c[0][1], c[0][2], 0), SIMD4(c[1][0], c[1][1], c[1][2], 0),
                      SIMD4(c[2][0], c[2][1], c[2][2], 0), SIMD4(t.x, t.y, t.z, 1))
    }

    static let identity: [[Float]] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
    /// 90° about y: x → −z, z → x. Quaternion (cos 45°, 0, sin 45°, 0) = (0.7071068, 0, 0.7071068, 0).
    static let quarterAboutY: [[Float]] = [[0, 0, -1], [0, 1, 0], [1, 0, 0]]
    /// 180° about x: y → −y, z → −z. Quaternion (0, 1, 0, 0) (the trace ≤ 0 branch).
    static let halfAboutX: [[Float]] = [[1, 0, 0], [0, -1, 0], [0, 0, -1]]

    static let header = """
        # parallax-recorder 1
        # device_model: iPhone16,1
        # system_version: 17.4
        # world_alignment: gravity
        # attitude_reference_frame: xArbitraryZVertical
        t,tracked,face_x,face_y,face_z,face_qw,face_qx,face_qy,face_qz,camera_x,camera_y,camera_z,camera_qw,camera_qx,camera_qy,camera_qz,attitude_t,attitude_qw,attitude_qx,attitude_qy,attitude_qz

        """
    static let rowFace = "10.016667,1,0.010000,-0.020000,-0.350000,1.0000000,0.0000000,0.0000000,0.0000000,0.000000,0.000000,0.000000,1.0000000,0.0000000,0.0000000,0.0000000,10.010000,0.5000000,0.5000000,0.5000000,0.5000000\n"
    static let rowTurned = "10.033333,1,0.500000,0.250000,-0.125000,0.0000000,1.0000000,0.0000000,0.0000000,0.001000,0.000000,0.000000,0.7071068,0.0000000,0.7071068,0.0000000,10.020000,1.0000000,0.0000000,0.0000000,0.0000000\n"
    static let rowNoAnchor = "10.050000,0,0.500000,0.250000,-0.125000,0.0000000,1.0000000,0.0000000,0.0000000,0.000000,0.000000,0.000000,1.0000000,0.0000000,0.0000000,0.0000000,10.020000,1.0000000,0.0000000,0.0000000,0.0000000\n"
    static let rowLost = "10.066667,0,0.000000,0.000000,-0.500000,1.0000000,0.0000000,0.0000000,0.0000000,0.000000,0.000000,0.000000,1.0000000,0.0000000,0.0000000,0.0000000,10.020000,1.0000000,0.0000000,0.0000000,0.0000000\n"

    func face(_ c: [[Float]], _ t: SIMD3<Float>, tracked: Bool) -> ARFaceAnchor {
        ARFaceAnchor(transform: Self.transform(c, t), geometry: ARFaceGeometry(vertices: [], triangleIndices: []), isTracked: tracked)
    }

    func settle() {
        let done = expectation(description: "main queue drained")
        DispatchQueue.main.async { DispatchQueue.main.async { done.fulfill() } }
        wait(for: [done], timeout: 5)
    }

    /// The simulation's hooks run on the main queue (as the replay driver calls them): `work` there, then drained.
    func onMain(_ work: @escaping () -> Void) {
        DispatchQueue.main.async(execute: work)
        settle()
    }

    func temporaryURL(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("parallax-recorder-\(name)-\(getpid()).csv")
    }

    /// A new simulated device and a running face-tracking session with `delegate`.
    func session(delegate: ARSessionDelegate) -> ARSession {
        ARSession.stopAll()
        CMMotionManager.stopAll()
        simulatedMachineIdentifier = "iPhone16,1"
        MainActor.assumeIsolated { UIDevice.simulatedCurrent = UIDevice(systemVersion: "17.4") }
        let session = ARSession()
        session.delegate = delegate
        session.run(ARFaceTrackingConfiguration())
        return session
    }

    func start(_ recorder: ParallaxRecorder) throws {
        try MainActor.assumeIsolated { try recorder.start() }
    }

    func motion(_ q: CMQuaternion, at t: TimeInterval) {
        onMain { CMMotionManager.deliver(attitude: q, rotationRate: CMRotationRate(x: 0, y: 0, z: 0), timestamp: t) }
    }

    static let camera = ARCamera(transform: transform(identity, SIMD3(0, 0, 0)))
    static let turnedCamera = ARCamera(transform: transform(quarterAboutY, SIMD3(0.001, 0, 0)))

    func testFramesBecomeTheDocumentedCSV() throws {
        let url = temporaryURL("frames")
        defer { try? FileManager.default.removeItem(at: url) }
        let recorder = ParallaxRecorder(fileURL: url)
        let delegate = FrameDelegate(recorder: recorder)
        let session = session(delegate: delegate)
        defer { withExtendedLifetime(session) {} }
        // Before start: nothing, not even the file.
        onMain { ARSession.deliver(frame: ARFrame(timestamp: 9.9, camera: Self.camera, anchors: [self.face(Self.identity, SIMD3(0, 0, -0.35), tracked: true)])) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
        try start(recorder)
        XCTAssertTrue(recorder.isRecording)
        XCTAssertEqual(recorder.fileURL, url)
        // Before any motion sample: no row.
        onMain { ARSession.deliver(frame: ARFrame(timestamp: 10.0, camera: Self.camera, anchors: [self.face(Self.identity, SIMD3(0, 0, -0.35), tracked: true)])) }
        motion(CMQuaternion(x: 0.5, y: 0.5, z: 0.5, w: 0.5), at: 10.01)
        // A face, then the phone turned (camera 90° about y), then no face anchor (the last face repeated, not tracked),
        // then a lost face ARKit still reports.
        onMain { ARSession.deliver(frame: ARFrame(timestamp: 10.0166667, camera: Self.camera, anchors: [self.face(Self.identity, SIMD3(0.01, -0.02, -0.35), tracked: true)])) }
        motion(CMQuaternion(x: 0, y: 0, z: 0, w: 1), at: 10.02)
        onMain { ARSession.deliver(frame: ARFrame(timestamp: 10.0333333, camera: Self.turnedCamera, anchors: [self.face(Self.halfAboutX, SIMD3(0.5, 0.25, -0.125), tracked: true)])) }
        onMain { ARSession.deliver(frame: ARFrame(timestamp: 10.05, camera: Self.camera, anchors: [])) }
        onMain { ARSession.deliver(frame: ARFrame(timestamp: 10.0666667, camera: Self.camera, anchors: [self.face(Self.identity, SIMD3(0, 0, -0.5), tracked: false)])) }
        recorder.stop()
        XCTAssertFalse(recorder.isRecording)

        let expected = Self.header + Self.rowFace + Self.rowTurned + Self.rowNoAnchor + Self.rowLost
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), expected)
        // After stop, nothing more is written.
        motion(CMQuaternion(x: 0, y: 0, z: 0, w: 1), at: 10.09)
        onMain { ARSession.deliver(frame: ARFrame(timestamp: 10.1, camera: Self.camera, anchors: [self.face(Self.identity, SIMD3(0, 0, -0.3), tracked: true)])) }
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), expected)
    }

    /// An app that receives anchors only: the time and camera come from the session's current frame, so the rows are
    /// the frames' (an update for a frame already written, or without a face, writes nothing).
    func testAnchorsWithTheSessionsCurrentFrameBecomeTheSameRows() throws {
        let url = temporaryURL("anchors")
        defer { try? FileManager.default.removeItem(at: url) }
        let recorder = ParallaxRecorder(fileURL: url)
        let delegate = AnchorDelegate(recorder: recorder)
        let session = session(delegate: delegate)
        defer { withExtendedLifetime(session) {} }
        try start(recorder)
        func frame(_ t: TimeInterval, _ camera: ARCamera, _ anchors: [ARAnchor]) {
            onMain {
                ARSession.deliver(frame: ARFrame(timestamp: t, camera: camera, anchors: anchors))
                ARSession.deliver(anchors)
            }
        }
        // No current frame yet: nothing.
        onMain { ARSession.deliver([self.face(Self.identity, SIMD3(0, 0, -0.35), tracked: true)]) }
        motion(CMQuaternion(x: 0.5, y: 0.5, z: 0.5, w: 0.5), at: 10.01)
        frame(10.0166667, Self.camera, [face(Self.identity, SIMD3(0.01, -0.02, -0.35), tracked: true)])
        motion(CMQuaternion(x: 0, y: 0, z: 0, w: 1), at: 10.02)
        frame(10.0333333, Self.turnedCamera, [face(Self.halfAboutX, SIMD3(0.5, 0.25, -0.125), tracked: true)])
        // The same frame's anchors again: no second row.
        onMain { ARSession.deliver([self.face(Self.identity, SIMD3(0, 0, -0.9), tracked: true)]) }
        // A frame without a face: no update of a face, no row.
        frame(10.05, Self.camera, [])
        frame(10.0666667, Self.camera, [face(Self.identity, SIMD3(0, 0, -0.5), tracked: false)])
        recorder.stop()
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), Self.header + Self.rowFace + Self.rowTurned + Self.rowLost)
    }

    /// Given the app's manager while the app's handler-based updates run: the recorder neither starts nor stops them,
    /// takes the samples the app hands over, and the app's handler keeps receiving.
    func testTheAppsRunningManagerIsSharedAndLeftRunning() throws {
        let url = temporaryURL("shared")
        defer { try? FileManager.default.removeItem(at: url) }
        let appManager = CMMotionManager()
        let recorder = ParallaxRecorder(fileURL: url, motionManager: appManager)
        let delegate = FrameDelegate(recorder: recorder)
        let session = session(delegate: delegate)
        defer { withExtendedLifetime(session) {} }
        var appSamples = 0
        appManager.startDeviceMotionUpdates(using: .xArbitraryZVertical, to: .main) { motion, _ in
            appSamples += 1
            if let motion { recorder.record(motion) }
        }
        try start(recorder)
        motion(CMQuaternion(x: 0.5, y: 0.5, z: 0.5, w: 0.5), at: 10.01)
        XCTAssertNil(appManager.deviceMotion, "handler-based updates leave deviceMotion alone")
        onMain { ARSession.deliver(frame: ARFrame(timestamp: 10.0166667, camera: Self.camera, anchors: [self.face(Self.identity, SIMD3(0.01, -0.02, -0.35), tracked: true)])) }
        recorder.stop()
        XCTAssertTrue(appManager.isDeviceMotionActive, "the app's updates still run")
        motion(CMQuaternion(x: 0, y: 0, z: 0, w: 1), at: 10.02)
        XCTAssertEqual(appSamples, 2)
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), Self.header + Self.rowFace)
    }

    /// Given the app's manager while it is idle: the recorder starts updates without a handler, reads `deviceMotion`,
    /// and stops them again.
    func testAnIdleAppManagerIsStartedAndStoppedByTheRecorder() throws {
        let url = temporaryURL("idle")
        defer { try? FileManager.default.removeItem(at: url) }
        let appManager = CMMotionManager()
        let recorder = ParallaxRecorder(fileURL: url, motionManager: appManager)
        let delegate = FrameDelegate(recorder: recorder)
        let session = session(delegate: delegate)
        defer { withExtendedLifetime(session) {} }
        try start(recorder)
        XCTAssertTrue(appManager.isDeviceMotionActive)
        XCTAssertEqual(appManager.deviceMotionUpdateInterval, 0.01)
        motion(CMQuaternion(x: 0.5, y: 0.5, z: 0.5, w: 0.5), at: 10.01)
        XCTAssertEqual(appManager.deviceMotion?.timestamp, 10.01)
        onMain { ARSession.deliver(frame: ARFrame(timestamp: 10.0166667, camera: Self.camera, anchors: [self.face(Self.identity, SIMD3(0.01, -0.02, -0.35), tracked: true)])) }
        recorder.stop()
        XCTAssertFalse(appManager.isDeviceMotionActive)
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), Self.header + Self.rowFace)
    }

    func testTheQuaternionOfEachShepperdBranch() {
        // About z by 180°: (0, 0, 0, 1), the m22-largest branch; about y by 180°: (0, 0, 1, 0).
        let z = ParallaxRecorder.quaternion(Self.transform([[-1, 0, 0], [0, -1, 0], [0, 0, 1]], .zero))
        XCTAssertEqual([z.w, z.x, z.y, z.z], [0, 0, 0, 1])
        let y = ParallaxRecorder.quaternion(Self.transform([[-1, 0, 0], [0, 1, 0], [0, 0, -1]], .zero))
        XCTAssertEqual([y.w, y.x, y.y, y.z], [0, 0, 1, 0])
        XCTAssertEqual(ParallaxRecorder.fixed(-0.0000001, 6), "0.000000")
        XCTAssertEqual(ParallaxRecorder.fixed(-0.25, 3), "-0.250")
    }

    // MARK: the device probe

    /// A frame-receiving app that forwards didAdd and didRemove (the header's step 3b).
    final class ProbeDelegate: NSObject, ARSessionDelegate {
        let recorder: ParallaxRecorder
        init(recorder: ParallaxRecorder) { self.recorder = recorder }
        func session(_ session: ARSession, didUpdate frame: ARFrame) { recorder.record(frame, in: session) }
        func session(_ session: ARSession, didAdd anchors: [ARAnchor]) { recorder.record(added: anchors, in: session) }
        func session(_ session: ARSession, didRemove anchors: [ARAnchor]) { recorder.record(removed: anchors, in: session) }
    }

    func probeJSON(_ url: URL) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    /// Frames carry the face, the app forwards its addition and removal: the calls in time order (at one time the
    /// forwarded call first), each stream's times within 10 s of the first frame, the renderer's thread, the Euler
    /// matrices Rx·Ry·Rz written out here, and each product b⁻¹⊗a.
    func testTheProbeHoldsEveryFieldAsDocumented() throws {
        let url = temporaryURL("probe"), probeURL = temporaryURL("probe").appendingPathExtension("json")
        defer { try? FileManager.default.removeItem(at: url); try? FileManager.default.removeItem(at: probeURL) }
        let manager = CMMotionManager()
        let recorder = ParallaxRecorder(fileURL: url, probeURL: probeURL, motionManager: manager)
        let delegate = ProbeDelegate(recorder: recorder)
        let session = session(delegate: delegate)
        defer { withExtendedLifetime(session) {} }
        manager.deviceMotionUpdateInterval = 0.02
        manager.startDeviceMotionUpdates(using: .xArbitraryZVertical, to: .main) { motion, _ in
            if let motion { recorder.record(motion) }
        }
        try start(recorder)
        let tracked = face(Self.identity, SIMD3(0, 0, -0.35), tracked: true)
        // The attitudes a = 90° about z, (w, x, y, z) = (√½, 0, 0, √½), then b = 90° about x, (√½, √½, 0, 0):
        // b⁻¹⊗a = (√½, −√½, 0, 0)⊗(√½, 0, 0, √½) = (½, −½, ½, ½) (Hamilton, written out).
        let h = Double(0.5).squareRoot()
        onMain {
            ARSession.deliver(frame: ARFrame(timestamp: 10.0, camera: Self.camera, anchors: [tracked]))
            ARSession.deliver([tracked], as: .add)
            recorder.recordRender(atTime: 10.004)
        }
        motion(CMQuaternion(x: 0, y: 0, z: h, w: h), at: 10.0)
        motion(CMQuaternion(x: h, y: 0, z: 0, w: h), at: 10.5)
        onMain {
            ARSession.deliver(frame: ARFrame(timestamp: 10.5, camera: Self.camera, anchors: []))
            ARSession.deliver([tracked], as: .remove)
            recorder.recordRender(atTime: 10.504)
        }
        // Past the window (10 s from the first frame): a call, but no timestamps.
        motion(CMQuaternion(x: 0, y: 0, z: 0, w: 1), at: 20.0)
        onMain { ARSession.deliver(frame: ARFrame(timestamp: 20.0, camera: Self.camera, anchors: [tracked])) }
        let offMain = expectation(description: "rendered off the main thread")
        DispatchQueue.global().async {
            recorder.recordRender(atTime: 20.004)
            offMain.fulfill()
        }
        wait(for: [offMain], timeout: 5)
        XCTAssertNil(recorder.probeURL, "written at stop")
        recorder.stop()
        XCTAssertEqual(recorder.probeURL, probeURL)

        let probe = try probeJSON(probeURL)
        XCTAssertEqual(Set(probe.keys), ["probe", "device_model", "system_version", "delegate_calls", "arkit_timestamps", "motion_timestamps",
                                         "render_timestamps", "motion_requested_interval", "render_thread", "euler_samples", "attitude_samples"])
        XCTAssertEqual(probe["probe"] as? Int, 1)
        XCTAssertEqual(probe["device_model"] as? String, "iPhone16,1")
        XCTAssertEqual(probe["system_version"] as? String, "17.4")
        let calls = try XCTUnwrap(probe["delegate_calls"] as? [[String: Any]])
        XCTAssertEqual(calls.map { $0["call"] as? String }, ["didAdd", "didUpdate", "didRemove", "didUpdate"])
        XCTAssertEqual(calls.map { $0["t"] as? Double }, [10.0, 10.0, 10.5, 20.0])
        XCTAssertEqual(probe["arkit_timestamps"] as? [Double], [10.0, 10.5])
        XCTAssertEqual(probe["motion_timestamps"] as? [Double], [10.0, 10.5])
        XCTAssertEqual(probe["render_timestamps"] as? [Double], [10.004, 10.504])
        XCTAssertEqual(probe["motion_requested_interval"] as? Double, 0.02)
        XCTAssertEqual(probe["render_thread"] as? String, "other", "one render off the main thread")

        let euler = try XCTUnwrap(probe["euler_samples"] as? [[String: [Double]]])
        XCTAssertEqual(euler.count, 24)
        for sample in euler {
            let (e, m) = (try XCTUnwrap(sample["euler"]), try XCTUnwrap(sample["matrix"]))
            XCTAssertTrue(e.allSatisfy { abs($0) >= 0.1 })
            let (cx, sx, cy, sy, cz, sz) = (cos(e[0]), sin(e[0]), cos(e[1]), sin(e[1]), cos(e[2]), sin(e[2]))
            // Rx·Ry·Rz, column-major: column 0 = (cy cz, cx sz + sx sy cz, sx sz − cx sy cz), …
            let expected = [cy * cz, cx * sz + sx * sy * cz, sx * sz - cx * sy * cz, 0,
                            -cy * sz, cx * cz - sx * sy * sz, sx * cz + cx * sy * sz, 0,
                            sy, -sx * cy, cx * cy, 0, 0, 0, 0, 1]
            for (got, want) in zip(m, expected) { XCTAssertEqual(got, want, accuracy: 1e-6) }
        }
        let pairs = try XCTUnwrap(probe["attitude_samples"] as? [[String: [Double]]])
        XCTAssertEqual(pairs.count, 1, "three attitudes kept (10, 10.5 and 20 s), paired half the list apart: one pair")
        for (got, want) in zip(try XCTUnwrap(pairs.first?["a"]), [h, 0, 0, h]) { XCTAssertEqual(got, want, accuracy: 1e-9) }
        for (got, want) in zip(try XCTUnwrap(pairs.first?["b"]), [h, h, 0, 0]) { XCTAssertEqual(got, want, accuracy: 1e-9) }
        for (got, want) in zip(try XCTUnwrap(pairs.first?["product"]), [0.5, -0.5, 0.5, 0.5]) { XCTAssertEqual(got, want, accuracy: 1e-9) }
    }

    /// Without a render call there is no probe (its render fields would say nothing); the CSV is written as before.
    func testNoRenderCallNoProbe() throws {
        let url = temporaryURL("norender"), probeURL = url.deletingPathExtension().appendingPathExtension("probe.json")
        defer { try? FileManager.default.removeItem(at: url); try? FileManager.default.removeItem(at: probeURL) }
        let recorder = ParallaxRecorder(fileURL: url)
        let delegate = ProbeDelegate(recorder: recorder)
        let session = session(delegate: delegate)
        defer { withExtendedLifetime(session) {} }
        try start(recorder)
        onMain { ARSession.deliver(frame: ARFrame(timestamp: 10.0, camera: Self.camera, anchors: [])) }
        recorder.stop()
        XCTAssertNil(recorder.probeURL)
        XCTAssertFalse(FileManager.default.fileExists(atPath: probeURL.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: url.path))
    }
}
