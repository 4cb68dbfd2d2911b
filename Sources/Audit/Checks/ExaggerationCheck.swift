import TestedApp
import Vocabulary

extension AuditCheckID {
    package static let exaggeration = AuditCheckID("exaggeration")
}

extension AuditCheck {
    /// exaggeration: the image shift of movementScale against the correct window (s = 1, `IsolatedShift`), per
    /// sample. Reported, never failed: the exaggeration is the app's deliberate choice.
    static let exaggeration = AuditCheck(
        id: .exaggeration,
        unit: .pixels,
        defaultLimit: 2.0,
        modes: [.cube, .splat],
        reachable: true,
        isGated: false,
        mechanism: "movementScale multiplies head x, y: deliberate, reported against the correct window (s = 1)",
        fixDescription: "movementScale 1",
        fix: \AppPipeline.exaggeratesMovement,
        modelOnly: "reported, not gated (the movement scale is deliberate): the model's value",
        evaluate: { ExaggerationCheck.evaluate($0, configured: $1) })
}

/// How exaggeration measures (`AuditCheck.exaggeration`).
enum ExaggerationCheck {
    static func evaluate(_ audit: AuditCase, configured: AppPipeline) -> CheckEvaluation {
        CheckEvaluation(samples: IsolatedShift.evaluate(AuditCheckID.exaggeration, audit, configured: configured))
    }
}
