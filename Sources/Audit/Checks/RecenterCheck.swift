import Geometry
import Plumbing

/// recenter-idempotent: recenter pressed twice at a sample without moving; the jump between the frame
/// after the first press and after the second (px, and mm of eye). The app toggles back to raw positions.
enum RecenterCheck: AuditCheck {
    static let id = AuditCheckID.recenterIdempotent
    static let unit = MetricUnit.pixels
    static let defaultLimit = 2.0
    static let modes: Set<AppMode> = [.cube, .splat]
    static let reachable = true
    static let mechanism = "recenter stores the already-offset position as the origin, so a second press toggles back to raw positions"
    static let fixDescription = "origin := raw current position"
    static var fix: WritableKeyPath<AppPipeline, Bool> { \.recenterStoresOffsetPosition }

    static func evaluate(_ audit: AuditCase, configured: AppPipeline) -> CheckEvaluation {
        let image = audit.image(configured.fixingAll())
        let points = ProbePoints.points(screen: audit.screen, mode: audit.mode)
        var head = HeadPipeline(configured, cameraOffset: audit.screen.cameraOffset, mode: audit.mode)
        var samples: [CheckSample] = []
        var worstJump = 0.0
        for (i, sample) in audit.trace.samples.enumerated() {
            _ = head.update(sample)
            var pressed = head
            pressed.recenter()
            let once = pressed.update(sample)
            pressed.recenter()
            let twice = pressed.update(sample)
            worstJump = max(worstJump, (twice - once).length)
            samples.append(CheckSample(value: ProbePoints.largestShift(points, image, eye: once, image, eye: twice), place: audit.place(i)))
        }
        return CheckEvaluation(samples: samples, notes: ["\(audit.traceName): largest eye jump \(format(worstJump * 1000)) mm"])
    }
}
