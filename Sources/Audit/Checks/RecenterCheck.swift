import DeviceFacts
import Geometry
import TestedApp
import Vocabulary

extension AuditCheckID {
    package static let recenterIdempotent = AuditCheckID("recenter-idempotent")
}

extension AuditCheck {
    /// recenter-idempotent: the reset button pressed twice at a sample without moving; the jump between the frame
    /// after the first press and after the second (px, and mm of eye). The app stores the smoothed, already-offset
    /// position as the origin (x and y only; `HeadTrackingService.swift:46–51, :70–72`), so a second press toggles
    /// back to raw positions; z is never offset, by the app or the fix. Each press also restarts the smoothers and
    /// the gyro reference (`MainTabView.swift:214–219`). Measured on the audit's baseline.
    static let recenterIdempotent = AuditCheck(
        id: .recenterIdempotent,
        unit: .pixels,
        defaultLimit: 2.0,
        modes: [.cube, .splat],
        reachable: true,
        mechanism: "recenter stores the smoothed, already-offset position as the origin (x, y only), so a second press toggles back to raw positions",
        fixDescription: "origin := the raw current position (x, y)",
        fixCode: """
        // HeadTrackingService: keep the last raw position (set in the Task: self.lastRaw = SIMD3(rawX, rawY, rawZ))
        private var lastRaw: SIMD3<Float> = .zero
        // resetOrigin(): the raw position, x and y only
        originOffset = SIMD3<Float>(lastRaw.x, lastRaw.y, 0)
        """,
        fix: \AppPipeline.recenterStoresOffsetPosition,
        // The jump's size is the position the corrected pipeline stores: camera offset and eye offset included.,
        assumptions: [.cameraPosition, .eye],
        modelOnly: nil,
        evaluate: { RecenterCheck.evaluate($0, configured: $1) },
        measureOnCode: { RecenterCheck.evaluate($0, code: $1, configured: $2) })
}

/// How recenter-idempotent measures (`AuditCheck.recenterIdempotent`).
enum RecenterCheck {
    /// On the audit's baseline (`IsolatedShift.pipelines`): as shipped, the app's own jump; with the other fixes
    /// applied, the recenter defect alone — with the launch tilt corrected and the camera offset added, which the
    /// stored position then holds. With a reset at `AuditCase.resetTime` the two presses come on top of that first one.
    static func evaluate(_ audit: AuditCase, configured: AppPipeline) -> CheckEvaluation {
        let (variant, _) = IsolatedShift.pipelines(AuditCheckID.recenterIdempotent, configured: configured, baseline: audit.baseline)
        let image = audit.image(variant)
        let points = ProbePoints.points(screen: audit.screen, mode: audit.mode)
        let truth = audit.trueEyes(variant), viewers = audit.trueEyes(variant, exaggerated: false)
        var head = HeadPipeline(variant, cameraOffset: audit.screen.cameraOffset, mode: audit.mode)
        let press = audit.resetIndex
        var samples: [CheckSample] = []
        var worstJump = 0.0, worstDepthChange = 0.0
        for (i, input) in audit.inputs(variant).enumerated() {
            if i == press { head.recenter() }
            let before = head.update(input)
            guard audit.measures(i) else { continue }
            var pressed = head
            pressed.recenter()
            let once = pressed.update(input)
            pressed.recenter()
            let twice = pressed.update(input)
            worstJump = max(worstJump, (twice - once).length)
            worstDepthChange = max(worstDepthChange, abs(once.z - before.z), abs(twice.z - before.z))
            if let found = ProbePoints.compare(points, app: (image, twice), reference: (image, once), visibleIn: (image, truth[i]), viewer: viewers[i]) {
                samples.append(CheckSample(value: found.shift, place: audit.place(i), frame: FramePose(appEye: twice, referenceEye: once), viewer: found.viewer))
            }
        }
        return CheckEvaluation(samples: samples, notes: ["\(audit.traceName): largest eye jump \(format(worstJump * 1000)) mm, largest depth change \(format(worstDepthChange * 1000)) mm"])
    }

    /// With `--app-source`: the app's own reset button (its `resetOrigin()` and `resetReference()`), pressed twice at
    /// the replayed instants — the whole shipped pipeline as its code has it, no other fix on.
    static func evaluate(_ audit: AuditCase, code: AppCodeEvidence, configured: AppPipeline) -> CheckEvaluation {
        let presses = code.recenters(afterReset: audit.resetTime != nil)
        let image = audit.image(configured), points = ProbePoints.points(screen: audit.screen, mode: audit.mode)
        let truth = audit.trueEyes(configured), viewers = audit.trueEyes(configured, exaggerated: false)
        var samples: [CheckSample] = [], worstJump = 0.0, worstDepthChange = 0.0
        for press in presses where audit.measures(press.index) {
            worstJump = max(worstJump, (press.twice - press.once).length)
            worstDepthChange = max(worstDepthChange, abs(press.once.z - press.before.z), abs(press.twice.z - press.before.z))
            if let found = ProbePoints.compare(points, app: (image, press.twice), reference: (image, press.once),
                                               visibleIn: (image, truth[press.index]), viewer: viewers[press.index]) {
                samples.append(CheckSample(value: found.shift, place: audit.place(press.index), frame: FramePose(appEye: press.twice, referenceEye: press.once),
                                           viewer: found.viewer))
            }
        }
        return CheckEvaluation(samples: samples, notes: ["\(audit.traceName): the app's own code, pressed at \(presses.count) instants: largest eye jump \(format(worstJump * 1000)) mm, largest depth change \(format(worstDepthChange * 1000)) mm"])
    }
}
