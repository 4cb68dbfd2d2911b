import Analysis
import Plumbing

/// What a check's number depends on beyond the app's code: each check lists its kinds (`AuditCheck.assumptions`)
/// and the case says what was assumed (`AuditCase.assumption(_:pipeline:)`), in the text, the JSON and the HTML.
package enum AuditAssumption: String, CaseIterable, Codable, Sendable, Comparable {
    case arkitFrame = "arkit-frame"
    case attitude
    case eye
    case truth
    case sensorLatency = "sensor-latency"
    case coreMotionOrder = "core-motion"
    case handOffTiming = "hand-off"

    package static func < (a: Self, b: Self) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }
}

extension AuditCase {
    /// The one line stating what `kind` assumed on this case.
    func assumption(_ kind: AuditAssumption, pipeline: AppPipeline) -> String {
        switch kind {
        case .arkitFrame:
            return pipeline.arkitFrame.assumption
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
        case .sensorLatency:
            return "sensor latency: \(NumberText.format(LatencyModel.assumedSensorLatency * 1000)) ms assumed (Apple publishes no figure for ARKit face tracking)"
        case .coreMotionOrder:
            return "gyro: attitude.multiply(byInverseOf: reference) modelled as reference⁻¹·attitude; pitch about the device's x, roll about its y (CoreMotion's Euler order)"
        case .handOffTiming:
            return "hand-off: the cube applies a projection one display frame later; the splat view's 60 Hz timer drifts in phase against a 60 Hz display"
        }
    }
}
