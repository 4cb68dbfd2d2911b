import Vocabulary

/// exaggeration: the image shift of movementScale against the correct window (s = 1, `IsolatedShift`), per
/// sample. Reported, never failed: the exaggeration is the app's deliberate choice.
enum ExaggerationCheck: AuditCheck {
    static let id = AuditCheckID.exaggeration
    static let unit = MetricUnit.pixels
    static let defaultLimit = 2.0
    static let modes: Set<AppMode> = [.cube, .splat]
    static let reachable = true
    static let isGated = false
    static let mechanism = "movementScale multiplies head x, y: deliberate, reported against the correct window (s = 1)"
    static let fixDescription = "movementScale 1"
    static let modelOnly: String? = "reported, not gated (the movement scale is deliberate): the model's value"
    static var fix: WritableKeyPath<AppPipeline, Bool> { \.exaggeratesMovement }

    static func evaluate(_ audit: AuditCase, configured: AppPipeline) -> CheckEvaluation {
        CheckEvaluation(samples: IsolatedShift.evaluate(id, audit, configured: configured))
    }
}
