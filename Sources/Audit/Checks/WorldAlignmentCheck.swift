import DeviceFacts
import Foundation
import Geometry
import Scientific
import TestedApp
import Vocabulary

extension AuditCheckID {
    package static let worldAlignment = AuditCheckID("world-alignment")
}

extension AuditCheck {
    /// world-alignment: the app's image with only the world-frame behaviour (ARKit's gravity-aligned anchor read as
    /// screen-relative, `ARKitFrame`) against the corrected one (`IsolatedShift`), per sample. Notes: the false height
    /// and depth at launch, and what the gyro tilt offset does with and without this fix (with a world-fixed anchor it
    /// is the only thing that moves when the phone turns — the audit measures whether that helps; with the fix it is a
    /// pure error).
    static let worldAlignment = AuditCheck(
        id: .worldAlignment,
        unit: .pixels,
        defaultLimit: 2.0,
        modes: [.cube, .splat],
        reachable: true,
        mechanism: "under the gravity hypothesis (inferred: ARFaceTrackingConfiguration's default worldAlignment is .gravity, HeadTrackingService.swift:33–36, :59) the face is reported in a world frame fixed at session start and read as screen-relative: a phone tilted at launch puts the head too high and too close, and turning the phone moves nothing",
        fixDescription: "read the anchor relative to the camera (camera.transform⁻¹ · anchor.transform) and rotate the sensor's landscape axes by −90° about z into the portrait screen's",
        fixCode: WorldAlignmentFix.code,
        fixCaveat: "right under the gravity hypothesis only (arkit-frame): if ARKit already reports the anchor relative to the camera, the fix turns a correct reading by the phone's attitude; whether the front camera mirrors x needs the device check (arkit-axes)",
        fix: \AppPipeline.readsWorldAnchor,
        assumptions: [.arkitFrame, .arkitAxes, .attitude, .eye],
        modelOnly: nil,
        evaluate: { WorldAlignmentCheck.evaluate($0, configured: $1) },
        measureOnCode: { WorldAlignmentCheck.evaluate($0, code: $1, configured: $2) })
}

/// How world-alignment measures (`AuditCheck.worldAlignment`).
enum WorldAlignmentCheck {
    static func evaluate(_ audit: AuditCase, configured: AppPipeline) -> CheckEvaluation {
        CheckEvaluation(samples: IsolatedShift.evaluate(AuditCheckID.worldAlignment, audit, configured: configured), notes: notes(audit, configured: configured))
    }

    /// On the code: the app fed ARKit's report under the hypothesis against the same app fed the anchor relative to
    /// the camera (what the fix reads); under the camera hypothesis the two are one run.
    static func evaluate(_ audit: AuditCase, code: AppCodeEvidence, configured: AppPipeline) -> CheckEvaluation {
        let after = audit.resetTime != nil
        return CheckEvaluation(samples: CodeShift.samples(audit, configured: configured, app: code.straight(afterReset: after),
                                                          corrected: code.cameraReading(afterReset: after)),
                               notes: notes(audit, configured: configured))
    }

    /// The false height and depth at launch, the fix's reading under the other hypothesis, and the gyro offset with
    /// and without the fix (the model's, whichever app was measured).
    static func notes(_ audit: AuditCase, configured: AppPipeline) -> [String] {
        var notes: [String] = []
        if configured.arkitFrame == .gravity, audit.attitude != nil, let m = audit.trace.samples.first?.position {
            let r = audit.gravityReport[0]
            notes.append("\(audit.traceName): at launch the head reads \(format((r.y - m.y) * 1000)) mm higher, \(format((m.z - r.z) * 1000)) mm closer")
        }
        if let attitude = audit.attitude, let m = audit.trace.samples.first?.position {
            // The fix's code under the other hypothesis: what it would read at launch.
            let other = configured.arkitFrame.other
            let fixed = WorldAlignmentFix.position(WorldAlignmentFix.report(m, attitude: attitude[0], start: attitude[0], frame: other))
            notes.append("\(audit.traceName): the fix's code under the \(other.rawValue) hypothesis would read the head at launch \(format((fixed.y - m.y) * 1000)) mm higher, \(format((m.z - fixed.z) * 1000)) mm closer")
        }
        if audit.mode == .cube, configured.arkitFrame == .gravity, let attitude = audit.attitude,
           attitude.contains(where: { $0.angle(to: attitude[0]) > 1e-6 }) {
            // The gyro offset against the true window, with and without this fix: everything else corrected.
            let (_, reference) = IsolatedShift.pipelines(AuditCheckID.worldAlignment, configured: configured, baseline: .otherFixesApplied)
            func p95(worldAnchor: Bool, tilt: Bool) -> Double {
                var variant = reference
                variant.readsWorldAnchor = worldAnchor
                variant.addsTiltOffset = tilt
                let values = IsolatedShift.shifts(audit, variant: variant, reference: reference).map(\.value)
                return values.isEmpty ? 0 : Statistics.quantile(values, 0.95)
            }
            notes.append("\(audit.traceName) (the phone turns): gyro offset, p95 vs the true window — world anchor \(format(p95(worldAnchor: true, tilt: false))) px without it, \(format(p95(worldAnchor: true, tilt: true))) px with it; camera anchor with it \(format(p95(worldAnchor: false, tilt: true))) px")
        }
        return notes
    }
}
