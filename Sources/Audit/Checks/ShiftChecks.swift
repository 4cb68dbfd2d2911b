/// camera-offset, eye-point, hand-off, splat-pinning, exaggeration: the image shift of the behaviour alone
/// (`IsolatedShift`), per sample.
enum ShiftChecks {
    static func evaluate(_ check: AuditCheckID, _ audit: AuditCase, configured: AppPipeline) -> CheckEvaluation {
        var notes: [String] = []
        switch check {
        case .cameraOffset:
            let c = audit.screen.cameraOffset
            notes.append("\(audit.screen.name): camera at (\(format(c.x * 1000)), \(format(c.y * 1000))) mm from the screen centre (\(audit.screen.cameraOffsetQuality.rawValue))")
        case .eyePoint:
            let e = configured.eyeModel
            notes.append("\(e.eye.rawValue) eye, IPD \(format(e.interpupillaryDistance * 1000, digits: 0)) mm, height \(format(e.height * 1000, digits: 0)) mm, depth \(format(e.depth * 1000, digits: 0)) mm")
        case .handOff:
            notes.append(audit.mode == .cube ? "cube: projection applied one frame (16.7 ms) later" : "splat: 60 Hz timer, head 0–1 frame old by phase")
        default: break
        }
        return CheckEvaluation(samples: IsolatedShift.evaluate(check, audit, configured: configured), notes: notes)
    }
}
