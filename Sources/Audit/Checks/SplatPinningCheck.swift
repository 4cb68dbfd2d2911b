import TestedApp
import Vocabulary

extension AuditCheckID {
    package static let splatPinning = AuditCheckID("splat-pinning")
}

extension AuditCheck {
    /// splat-pinning: the image shift of the splat view's lookAt camera against the translate view that keeps the
    /// glass pinned (`IsolatedShift`), per sample.
    static let splatPinning = AuditCheck(
        id: .splatPinning,
        unit: .pixels,
        defaultLimit: 2.0,
        modes: [.splat],
        reachable: false,
        mechanism: "the splat view is lookAt(eye → (0, 0, −0.25)): points on the glass no longer stay pinned to their pixel",
        fixDescription: "translate view (pinned glass)",
        fix: \AppPipeline.splatLooksAt,
        modelOnly: "the replay drives the cube; the splat viewer is not reachable in the shipped app",
        evaluate: { SplatPinningCheck.evaluate($0, configured: $1) })
}

/// How splat-pinning measures (`AuditCheck.splatPinning`).
enum SplatPinningCheck {
    static func evaluate(_ audit: AuditCase, configured: AppPipeline) -> CheckEvaluation {
        CheckEvaluation(samples: IsolatedShift.evaluate(AuditCheckID.splatPinning, audit, configured: configured))
    }
}
