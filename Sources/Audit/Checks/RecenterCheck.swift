import Geometry
import Vocabulary

/// recenter-idempotent: the reset button pressed twice at a sample without moving; the jump between the frame
/// after the first press and after the second (px, and mm of eye). The app stores the smoothed, already-offset
/// position as the origin (x and y only; `HeadTrackingService.swift:46–51, :70–72`), so a second press toggles
/// back to raw positions; z is never offset, by the app or the fix. Each press also restarts the smoothers and
/// the gyro reference (`MainTabView.swift:214–219`).
enum RecenterCheck: AuditCheck {
    static let id = AuditCheckID.recenterIdempotent
    static let unit = MetricUnit.pixels
    static let defaultLimit = 2.0
    static let modes: Set<AppMode> = [.cube, .splat]
    static let reachable = true
    static let mechanism = "recenter stores the smoothed, already-offset position as the origin (x, y only), so a second press toggles back to raw positions"
    static let fixDescription = "origin := the raw current position (x, y)"
    static var fix: WritableKeyPath<AppPipeline, Bool> { \.recenterStoresOffsetPosition }
    static let assumptions: Set<AuditAssumption> = [.arkitFrame, .attitude, .eye]
    static let readsTheShippedPipeline = true

    static func evaluate(_ audit: AuditCase, configured: AppPipeline) -> CheckEvaluation {
        let image = audit.image(configured.fixingAll())
        let points = ProbePoints.points(screen: audit.screen, mode: audit.mode)
        let truth = audit.trueEyes(configured)
        if let appCode = audit.appCode(for: configured) {
            // The app's own resetOrigin() and resetReference(), pressed at the replayed instants.
            var samples: [CheckSample] = [], worstJump = 0.0, worstDepthChange = 0.0
            for press in appCode.recenters {
                worstJump = max(worstJump, (press.twice - press.once).length)
                worstDepthChange = max(worstDepthChange, abs(press.once.z - press.before.z), abs(press.twice.z - press.before.z))
                if let shift = ProbePoints.largestShift(points, image, eye: press.twice, image, eye: press.once, visibleIn: (image, truth[press.index])) {
                    samples.append(CheckSample(value: shift, place: audit.place(press.index)))
                }
            }
            return CheckEvaluation(samples: samples, notes: ["\(audit.traceName): the app's own code, pressed at \(appCode.recenters.count) instants: largest eye jump \(format(worstJump * 1000)) mm, largest depth change \(format(worstDepthChange * 1000)) mm"])
        }
        var head = HeadPipeline(configured, cameraOffset: audit.screen.cameraOffset, mode: audit.mode)
        var samples: [CheckSample] = []
        var worstJump = 0.0, worstDepthChange = 0.0
        for (i, input) in audit.inputs(configured).enumerated() {
            let before = head.update(input)
            var pressed = head
            pressed.recenter()
            let once = pressed.update(input)
            pressed.recenter()
            let twice = pressed.update(input)
            worstJump = max(worstJump, (twice - once).length)
            worstDepthChange = max(worstDepthChange, abs(once.z - before.z), abs(twice.z - before.z))
            if let shift = ProbePoints.largestShift(points, image, eye: twice, image, eye: once, visibleIn: (image, truth[i])) {
                samples.append(CheckSample(value: shift, place: audit.place(i)))
            }
        }
        return CheckEvaluation(samples: samples, notes: ["\(audit.traceName): largest eye jump \(format(worstJump * 1000)) mm, largest depth change \(format(worstDepthChange * 1000)) mm"])
    }
}
