@_spi(Simulation) import ARKit
@_spi(Simulation) import CoreMotion
import Foundation
@testable import Recorder
@_spi(Simulation) import UIKit
import XCTest

/// ParallaxRecorder on a simulated session: motion samples and frames in through the stand-ins' simulation hooks,
/// the CSV out, compared byte for byte with the rows written by hand from the documented columns. (XCTest: UIKit.)
final class ParallaxRecorderTests: XCTestCase {
    /// An app's session delegate that adds the recorder as its header comment says.
    final class AppDelegate: NSObject, ARSessionDelegate {
        let recorder: ParallaxRecorder
        init(recorder: ParallaxRecorder) { self.recorder = recorder }
        func session(_ session: ARSession, didUpdate frame: ARFrame) { recorder.record(frame) }
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

    func testASimulatedSessionBecomesTheDocumentedCSV() throws {
        ARSession.stopAll()
        CMMotionManager.stopAll()
        simulatedMachineIdentifier = "iPhone16,1"
        UIDevice.simulatedCurrent = UIDevice(systemVersion: "17.4")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-recorder-\(getpid()).csv")
        defer { try? FileManager.default.removeItem(at: url) }

        let recorder = ParallaxRecorder(fileURL: url)
        let configuration = ARFaceTrackingConfiguration()
        let session = ARSession(), delegate = AppDelegate(recorder: recorder)
        session.delegate = delegate
        session.run(configuration)
        try recorder.start(configuration: configuration)

        let camera = ARCamera(transform: Self.transform(Self.identity, SIMD3(0, 0, 0)))
        // Before any motion sample: no row.
        onMain { ARSession.deliver(frame: ARFrame(timestamp: 10.0, camera: camera, anchors: [self.face(Self.identity, SIMD3(0, 0, -0.35), tracked: true)])) }
        settle()
        onMain { CMMotionManager.deliver(attitude: CMQuaternion(x: 0.5, y: 0.5, z: 0.5, w: 0.5), rotationRate: CMRotationRate(x: 0, y: 0, z: 0), timestamp: 10.01) }
        settle()
        // A face, then the phone turned (camera 90° about y), then no face anchor (the last face repeated, not tracked),
        // then a lost face ARKit still reports.
        onMain { ARSession.deliver(frame: ARFrame(timestamp: 10.0166667, camera: camera, anchors: [self.face(Self.identity, SIMD3(0.01, -0.02, -0.35), tracked: true)])) }
        settle()
        onMain { CMMotionManager.deliver(attitude: CMQuaternion(x: 0, y: 0, z: 0, w: 1), rotationRate: CMRotationRate(x: 0, y: 0, z: 0), timestamp: 10.02) }
        onMain { ARSession.deliver(frame: ARFrame(timestamp: 10.0333333, camera: ARCamera(transform: Self.transform(Self.quarterAboutY, SIMD3(0.001, 0, 0))),
                                         anchors: [self.face(Self.halfAboutX, SIMD3(0.5, 0.25, -0.125), tracked: true)])) }
        settle()
        onMain { ARSession.deliver(frame: ARFrame(timestamp: 10.05, camera: camera, anchors: [])) }
        onMain { ARSession.deliver(frame: ARFrame(timestamp: 10.0666667, camera: camera, anchors: [self.face(Self.identity, SIMD3(0, 0, -0.5), tracked: false)])) }
        settle()
        recorder.stop()

        let expected = """
            # parallax-recorder 1
            # device_model: iPhone16,1
            # system_version: 17.4
            # world_alignment: gravity
            # attitude_reference_frame: xArbitraryZVertical
            t,tracked,face_x,face_y,face_z,face_qw,face_qx,face_qy,face_qz,camera_x,camera_y,camera_z,camera_qw,camera_qx,camera_qy,camera_qz,attitude_t,attitude_qw,attitude_qx,attitude_qy,attitude_qz
            10.016667,1,0.010000,-0.020000,-0.350000,1.0000000,0.0000000,0.0000000,0.0000000,0.000000,0.000000,0.000000,1.0000000,0.0000000,0.0000000,0.0000000,10.010000,0.5000000,0.5000000,0.5000000,0.5000000
            10.033333,1,0.500000,0.250000,-0.125000,0.0000000,1.0000000,0.0000000,0.0000000,0.001000,0.000000,0.000000,0.7071068,0.0000000,0.7071068,0.0000000,10.020000,1.0000000,0.0000000,0.0000000,0.0000000
            10.050000,0,0.500000,0.250000,-0.125000,0.0000000,1.0000000,0.0000000,0.0000000,0.000000,0.000000,0.000000,1.0000000,0.0000000,0.0000000,0.0000000,10.020000,1.0000000,0.0000000,0.0000000,0.0000000
            10.066667,0,0.000000,0.000000,-0.500000,1.0000000,0.0000000,0.0000000,0.0000000,0.000000,0.000000,0.000000,1.0000000,0.0000000,0.0000000,0.0000000,10.020000,1.0000000,0.0000000,0.0000000,0.0000000

            """
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), expected)
        // After stop, nothing more is written.
        onMain { ARSession.deliver(frame: ARFrame(timestamp: 10.1, camera: camera, anchors: [self.face(Self.identity, SIMD3(0, 0, -0.3), tracked: true)])) }
        settle()
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), expected)
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
}
