import Vocabulary

/// splat-pinning: the image shift of the splat view's lookAt camera against the translate view that keeps the
/// glass pinned (`IsolatedShift`), per sample.
enum SplatPinningCheck: AuditCheck {
    static let id = AuditCheckID.splatPinning
    static let unit = MetricUnit.pixels
    static let defaultLimit = 2.0
    static let modes: Set<AppMode> = [.splat]
    static let reachable = false
    static let mechanism = "the splat view is lookAt(eye → (0, 0, −0.25)): points on the glass no longer stay pinned to their pixel"
    static let fixDescription = "translate view (pinned glass)"
    static let modelOnly: String? = "the replay drives the cube; the splat viewer is not reachable in the shipped app"
    static var fix: WritableKeyPath<AppPipeline, Bool> { \.splatLooksAt }

    static func evaluate(_ audit: AuditCase, configured: AppPipeline) -> CheckEvaluation {
        CheckEvaluation(samples: IsolatedShift.evaluate(id, audit, configured: configured))
    }
}
