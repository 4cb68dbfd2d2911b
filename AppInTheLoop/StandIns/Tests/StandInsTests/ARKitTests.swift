@_spi(Simulation) import ARKit
import Foundation
import Testing

/// The session calls its delegate on the main queue while it runs (Apple: delegateQueue nil → main queue); the
/// anchor, its geometry and the configuration hold what they were given.
@MainActor @Suite(.serialized) struct ARKitTests {
    final class Delegate: NSObject, ARSessionDelegate {
        var updates: [(onMain: Bool, z: Float, tracked: Bool)] = []
        func session(_ session: ARSession, didUpdate anchors: [ARAnchor]) {
            let face = anchors.first as! ARFaceAnchor
            updates.append((CoreMotionTests.onMainQueue, face.transform.columns.3.z, face.isTracked))
        }
    }

    static func anchor(z: Float, tracked: Bool) -> ARFaceAnchor {
        var transform = matrix_identity_float4x4
        transform.columns.3 = SIMD4<Float>(0, 0, z, 1)
        return ARFaceAnchor(transform: transform, geometry: ARFaceGeometry(vertices: [], triangleIndices: []), isTracked: tracked)
    }

    @Test func aRunningSessionCallsItsDelegateOnTheMainQueueUntilPaused() async {
        ARSession.stopAll()
        let session = ARSession(), delegate = Delegate()
        session.delegate = delegate
        let configuration = ARFaceTrackingConfiguration()
        configuration.isLightEstimationEnabled = false
        #expect(ARFaceTrackingConfiguration.isSupported)
        ARSession.deliver([Self.anchor(z: -0.1, tracked: true)])  // not running yet: nobody hears it
        session.run(configuration)
        ARSession.deliver([Self.anchor(z: -0.4, tracked: true)])
        ARSession.deliver([Self.anchor(z: -0.5, tracked: false)])
        await CoreMotionTests.settle()
        session.pause()
        ARSession.deliver([Self.anchor(z: -0.6, tracked: true)])
        await CoreMotionTests.settle()
        #expect(delegate.updates.map(\.z) == [-0.4, -0.5])
        #expect(delegate.updates.map(\.tracked) == [true, false])
        #expect(delegate.updates.allSatisfy { $0.onMain })
    }

    @Test func aFaceGeometryCountsItsTriangles() {
        let geometry = ARFaceGeometry(vertices: [SIMD3(0, 0, 0), SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(1, 1, 0)], triangleIndices: [0, 1, 2, 1, 3, 2])
        #expect(geometry.triangleCount == 2 && geometry.vertices.count == 4 && geometry.triangleIndices == [0, 1, 2, 1, 3, 2])
    }
}
