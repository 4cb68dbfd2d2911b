import TestedApp
import Vocabulary

extension AuditCheckID {
    package static let handOff = AuditCheckID("hand-off")
}

extension AuditCheck {
    /// hand-off: the image shift of drawing with an older head than the latest, per sample: on the app's code, its frames
    /// as drawn (the one before when its run sets the camera only after SceneKit's render, `UpdateLanding`) against its
    /// frames; else the model's (`HandOff`, `IsolatedShift`).
    static let handOff = AuditCheck(
        id: .handOff,
        unit: .pixels,
        defaultLimit: 2.0,
        modes: [.cube, .splat],
        reachable: true,
        mechanism: "the cube applies its projection one frame later; the splat view copies the head on a 60 Hz timer that beats against the display",
        fixDescription: "the latest head for each frame",
        fix: \AppPipeline.delaysHandOff,
        modelOnly: nil,
        evaluate: { HandOffCheck.evaluate($0, configured: $1) },
        measureOnCode: { HandOffCheck.evaluate($0, code: $1, configured: $2) })
}

/// How hand-off measures (`AuditCheck.handOff`).
enum HandOffCheck {
    static func evaluate(_ audit: AuditCase, configured: AppPipeline) -> CheckEvaluation {
        CheckEvaluation(samples: IsolatedShift.evaluate(AuditCheckID.handOff, audit, configured: configured),
                        notes: [audit.mode == .cube ? "cube: projection applied one frame (16.7 ms) later" : "splat: 60 Hz timer, head 0–1 frame old by phase"])
    }

    /// On the code (the cube): where its run set the camera. Set after the render, the frame drawn is the one before.
    /// A run rendering off the main thread (render-thread other) is not counted: the model's delay is assumed.
    static func evaluate(_ audit: AuditCase, code: AppCodeEvidence, configured: AppPipeline) -> CheckEvaluation {
        let late = code.landing.framesHop ?? configured.delaysHandOff
        let after = audit.resetTime != nil, frames = code.straight(afterReset: after)
        let drawn = late ? [frames[0]] + frames.dropLast() : frames
        let total = code.landing.framesDirect + code.landing.framesQueued
        let landing = total == 0 ? "frames rendered off the main thread are not counted; the camera taken as set \(late ? "after" : "before") the render (assumed)"
            : "the camera set after the frame's render in \(code.landing.framesQueued) of \(total) display frames"
        return CheckEvaluation(samples: CodeShift.samples(audit, configured: configured, app: drawn, corrected: frames,
                                                          appSample: { late ? max(0, $0 - 1) : $0 }),
                               notes: ["cube, the app's code: \(landing)" + (late ? ": drawn one frame (16.7 ms) later" : "")])
    }
}
