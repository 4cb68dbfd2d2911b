import Vocabulary

/// hand-off: the image shift of drawing with an older head than the latest (`HandOff`, `IsolatedShift`), per
/// sample.
enum HandOffCheck: AuditCheck {
    static let id = AuditCheckID.handOff
    static let unit = MetricUnit.pixels
    static let defaultLimit = 2.0
    static let modes: Set<AppMode> = [.cube, .splat]
    static let reachable = true
    static let mechanism = "the cube applies its projection one frame later; the splat view copies the head on a 60 Hz timer that beats against the display"
    static let fixDescription = "the latest head for each frame"
    static let modelOnly: String? = "the driver applies each display frame's update at once; when SceneKit draws with it is the render loop's timing (hand-off), not the app's code"
    static var fix: WritableKeyPath<AppPipeline, Bool> { \.delaysHandOff }

    static func evaluate(_ audit: AuditCase, configured: AppPipeline) -> CheckEvaluation {
        CheckEvaluation(samples: IsolatedShift.evaluate(id, audit, configured: configured),
                        notes: [audit.mode == .cube ? "cube: projection applied one frame (16.7 ms) later" : "splat: 60 Hz timer, head 0–1 frame old by phase"])
    }
}
