import Analysis
import DeviceFacts
import Plumbing
import TestedApp
import Vocabulary

extension AuditCase {
    /// The one line stating what `kind` assumed on this case.
    func assumption(_ kind: AuditAssumption, pipeline: AppPipeline) -> String {
        switch kind {
        case .arkitFrame:
            return pipeline.arkitFrame.assumption
        case .arkitAxes:
            return "ARKit axes: x, y taken as the screen's right and up for an upright phone, not mirrored (assumed)"
        case .attitude:
            switch attitudeSource {
            case .quaternion: return "device attitude: the trace's device_q columns; session start = the first sample"
            case .pitchRoll: return "device attitude: the trace's pitch,roll columns read as CoreMotion angles (yaw 0)"
            case .none: return "device attitude: none in the trace; the phone is upright and still"
            }
        case .eye:
            return pipeline.eyeModel.assumption(hasHeadOrientation: headOrientation != nil)
        case .truth:
            return truthIsEstimated ? "truth: none in the trace; the reference estimate (RTS smoother of the recording) stands in"
                                    : "truth: the trace's true_x,true_y,true_z columns (screen frame)"
        case .cameraPosition:
            let c = screen.cameraOffset
            return "camera position: \(screen.name) front camera at (\(format(c.x * 1000)), \(format(c.y * 1000))) mm from the active area's centre (\(screen.cameraOffsetQuality.rawValue))"
        case .sensorLatency:
            return "sensor latency: \(NumberText.format(LatencyModel.assumedSensorLatency * 1000)) ms assumed (Apple publishes no figure for ARKit face tracking)"
        case .coreMotionOrder:
            return "gyro: pitch about the device's x, roll about its y (CoreMotion's Euler order, inferred)"
        case .attitudeProduct:
            return "gyro: attitude.multiply(byInverseOf: reference) modelled as reference⁻¹·attitude (inferred)"
        case .handOffTiming:
            return "hand-off: the cube applies a projection one display frame later; the splat view's 60 Hz timer drifts in phase against a 60 Hz display (inferred from the app's code)"
        case .arkitFirstDelivery:
            return "ARKit delivery: the face arrives by didAdd, then didUpdate once per frame (inferred)"
        case .arkitLoss:
            return "ARKit face loss: didUpdate with tracked false and the last pose while lost (inferred)"
        case .sensorRates:
            return "sensor rates: ARKit, CoreMotion and the display each every 1/60 s (assumed)"
        case .renderThread:
            return "render thread: SceneKit's renderer(_:updateAtTime:) on the main thread (assumed)"
        case .scenekitEuler:
            return "SceneKit Euler angles: Rx·Ry·Rz (documented)"
        }
    }
}
