import DeviceFacts
import TestedApp
import Vocabulary

extension AuditCheckID {
    package static let cameraOffset = AuditCheckID("camera-offset")
}

extension AuditCheck {
    /// camera-offset: the image shift of using the front camera's position as the screen centre's, per sample: on the
    /// app's code, its run against the same code fed each anchor moved by the camera's position less the offset the code
    /// adds (`AppCodeAudit.cameraOffsetProbe`); else the model's (`IsolatedShift`).
    static let cameraOffset = AuditCheck(
        id: .cameraOffset,
        unit: .pixels,
        defaultLimit: 2.0,
        modes: [.cube, .splat],
        reachable: true,
        mechanism: "ARKit positions are relative to the front camera but used as relative to the screen centre",
        fixDescription: "camera offset added to the head position",
        fixCode: """
        // HeadTrackingService, in the Task that reads t: the front camera's position from the active area's centre (m), per model
        let cameraOffset = SIMD2<Float>(0.0075, 0.0656)  // iPhone 15 Pro (iPhone16,1); estimated: measure per model
        let rawX = t.x + cameraOffset.x
        let rawY = t.y + cameraOffset.y
        """,
        fixCaveat: "the camera positions are estimates (camera-position); the axes must be the screen's (arkit-axes)",
        fix: \AppPipeline.ignoresCameraOffset,
        assumptions: [.cameraPosition, .eye],
        modelOnly: nil,
        evaluate: { CameraOffsetCheck.evaluate($0, configured: $1) },
        measureOnCode: { CameraOffsetCheck.evaluate($0, code: $1, configured: $2) })
}

/// How camera-offset measures (`AuditCheck.cameraOffset`).
enum CameraOffsetCheck {
    static func camera(_ audit: AuditCase) -> String {
        let c = audit.screen.cameraOffset
        return "\(audit.screen.name): camera at (\(format(c.x * 1000)), \(format(c.y * 1000))) mm from the screen centre (\(audit.screen.cameraOffsetQuality.rawValue))"
    }

    static func evaluate(_ audit: AuditCase, configured: AppPipeline) -> CheckEvaluation {
        CheckEvaluation(samples: IsolatedShift.evaluate(AuditCheckID.cameraOffset, audit, configured: configured), notes: [camera(audit)])
    }

    /// On the code: the same code fed each anchor moved by the camera's position less what the code adds.
    static func evaluate(_ audit: AuditCase, code: AppCodeEvidence, configured: AppPipeline) -> CheckEvaluation {
        let after = audit.resetTime != nil, d = code.cameraOffsetAdded
        return CheckEvaluation(samples: CodeShift.samples(audit, configured: configured, app: code.straight(afterReset: after),
                                                          corrected: code.cameraOffsetCorrected(afterReset: after)),
                               notes: [camera(audit) + "; the app's code adds (\(format(d.x * 1000)), \(format(d.y * 1000))) mm"])
    }
}
