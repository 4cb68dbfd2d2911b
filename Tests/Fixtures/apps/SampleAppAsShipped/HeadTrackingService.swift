import ARKit
import Observation

/// The sample app's head tracker with the two defects the audit finds in Splat Frame's, written in the shape the
/// audit's patches edit (`Sources/AuditVariants/AppFixes.swift`): per-axis smoothers, recenter storing the smoothed,
/// already-offset position (a second press toggles back), and a lost face's frozen pose fed on.
@Observable
final class HeadTrackingService: NSObject {
    private let session = ARSession()
    private var smootherX = ExponentialSmoother(weight: 0.5)
    private var smootherY = ExponentialSmoother(weight: 0.5)
    private var smootherZ = ExponentialSmoother(weight: 0.5)
    private var originOffset: SIMD3<Float> = .zero
    private(set) var currentPosition = HeadPosition.zero

    /// The weight of every axis's smoother (a Settings slider sets it).
    var smoothingAlpha: Float = 0.5 {
        didSet {
            smootherX.weight = smoothingAlpha
            smootherY.weight = smoothingAlpha
            smootherZ.weight = smoothingAlpha
        }
    }

    func start() {
        guard ARFaceTrackingConfiguration.isSupported else { return }
        let configuration = ARFaceTrackingConfiguration()
        configuration.isLightEstimationEnabled = false
        session.delegate = self
        session.run(configuration)
    }

    /// Recenter: the position on screen becomes the origin.
    func resetOrigin() {
        originOffset = currentPosition.simd3
        smootherX.reset()
        smootherY.reset()
        smootherZ.reset()
    }
}

extension HeadTrackingService: ARSessionDelegate {
    nonisolated func session(_ session: ARSession, didUpdate anchors: [ARAnchor]) {
        guard let faceAnchor = anchors.compactMap({ $0 as? ARFaceAnchor }).first else { return }
        let t = faceAnchor.transform.columns.3
        Task { @MainActor in
            let rawX = t.x
            let rawY = t.y
            let rawZ = abs(t.z)
            self.currentPosition = HeadPosition(
                x: self.smootherX.smooth(rawX - self.originOffset.x),
                y: self.smootherY.smooth(rawY - self.originOffset.y),
                z: self.smootherZ.smooth(max(0.05, rawZ)),
                timestamp: 0)
        }
    }
}
