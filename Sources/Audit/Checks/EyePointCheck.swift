import TestedApp
import Vocabulary

extension AuditCheckID {
    package static let eyePoint = AuditCheckID("eye-point")
}

extension AuditCheck {
    /// eye-point: the image shift of using the face anchor as the eye, per sample: on the app's code, its run against
    /// the same code fed each anchor moved to the eye (`AppCodeEvidence.eyeAtAnchor`); else the model's (`IsolatedShift`).
    static let eyePoint = AuditCheck(
        id: .eyePoint,
        unit: .pixels,
        defaultLimit: 2.0,
        modes: [.cube, .splat],
        reachable: true,
        mechanism: "the face-anchor origin is used as the eye; the eye sits ±IPD/2 to the side and above it",
        fixDescription: "the eye model's offset added to the face anchor",
        fixCode: """
        // HeadTrackingService.session(_:didUpdate:): the midpoint of the eyes instead of the anchor's origin
        let eyes = (faceAnchor.leftEyeTransform.columns.3 + faceAnchor.rightEyeTransform.columns.3) / 2
        let t = simd_mul(faceAnchor.transform, eyes)
        """,
        fixCaveat: "with the world-alignment fix, read simd_mul(local, eyes) with local = camera.transform⁻¹ · faceAnchor.transform, rotated as that fix says",
        fix: \AppPipeline.usesAnchorAsEye,
        modelOnly: nil,
        evaluate: { EyePointCheck.evaluate($0, configured: $1) },
        measureOnCode: { EyePointCheck.evaluate($0, code: $1, configured: $2) })
}

/// How eye-point measures (`AuditCheck.eyePoint`).
enum EyePointCheck {
    static func note(_ e: EyeModel) -> String {
        "\(e.eye.rawValue) eye, IPD \(format(e.interpupillaryDistance * 1000, digits: 0)) mm, height \(format(e.height * 1000, digits: 0)) mm, depth \(format(e.depth * 1000, digits: 0)) mm"
    }

    static func evaluate(_ audit: AuditCase, configured: AppPipeline) -> CheckEvaluation {
        CheckEvaluation(samples: IsolatedShift.evaluate(AuditCheckID.eyePoint, audit, configured: configured), notes: [note(configured.eyeModel)])
    }

    /// On the code: the same code fed each anchor moved to the eye, the face's eyes reported relative to it.
    static func evaluate(_ audit: AuditCase, code: AppCodeEvidence, configured: AppPipeline) -> CheckEvaluation {
        let after = audit.resetTime != nil
        return CheckEvaluation(samples: CodeShift.samples(audit, configured: configured, app: code.straight(afterReset: after),
                                                          corrected: code.eyeAtAnchor(afterReset: after)), notes: [note(configured.eyeModel)])
    }
}
