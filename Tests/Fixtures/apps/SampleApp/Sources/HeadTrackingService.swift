import ARKit
import Observation

/// Face tracking: the anchor's translation, minus the origin, smoothed per axis.
@Observable
final class HeadTrackingService: NSObject {
    private let session = ARSession()
    private var filters = [ExponentialSmoother](repeating: ExponentialSmoother(weight: 0.5), count: 3)
    private var origin = SIMD2<Float>(0, 0)
    private var lastRaw = SIMD3<Float>(0, 0, 0.5)
    private(set) var currentPosition = HeadPosition.zero
    private(set) var lastWasTracked = true

    /// The weight of every axis's smoother (a Settings slider sets it).
    var smoothingAlpha: Float = 0.5 {
        didSet { for i in filters.indices { filters[i].weight = smoothingAlpha } }
    }

    func start() {
        guard ARFaceTrackingConfiguration.isSupported else { return }
        let configuration = ARFaceTrackingConfiguration()
        configuration.isLightEstimationEnabled = false
        session.delegate = self
        session.run(configuration)
    }

    /// Recenter on the raw position: pressing twice changes nothing.
    func resetOrigin() {
        origin = SIMD2(lastRaw.x, lastRaw.y)
        for i in filters.indices { filters[i].reset() }
    }

    fileprivate func receive(_ raw: SIMD3<Float>, tracked: Bool, vertices: Int) {
        lastRaw = raw
        lastWasTracked = tracked
        currentPosition = HeadPosition(
            x: filters[0].smooth(raw.x - origin.x),
            y: filters[1].smooth(raw.y - origin.y),
            z: filters[2].smooth(max(0.05, raw.z)),
            timestamp: Double(vertices))
    }
}

extension HeadTrackingService: ARSessionDelegate {
    nonisolated func session(_ session: ARSession, didUpdate anchors: [ARAnchor]) {
        guard let face = anchors.compactMap({ $0 as? ARFaceAnchor }).first else { return }
        let column = face.transform.columns.3
        let raw = SIMD3<Float>(column.x, column.y, abs(column.z))
        let tracked = face.isTracked
        let vertices = face.geometry.vertices.count + face.geometry.triangleCount + face.geometry.triangleIndices.count
        Task { @MainActor in
            self.receive(raw, tracked: tracked, vertices: vertices)
        }
    }
}
