import Geometry
import TestedApp

/// The image shift one behaviour causes on its own: the frame of the corrected pipeline with only that
/// behaviour as `configured` has it, against the corrected pipeline (the correct, exaggerated window, with the
/// app's smoother in both images), largest over the probe points the reference image shows, per sample.
/// Zero when `configured` fixes the behaviour. Instants where the reference shows no probe point give no value.
package enum IsolatedShift {
    static func evaluate(_ check: AuditCheckID, _ audit: AuditCase, configured: AppPipeline,
                         attitude: [Quaternion]? = nil) -> [CheckSample] {
        let (variant, reference) = pipelines(check, configured: configured, baseline: audit.baseline)
        return shifts(audit, variant: variant, reference: reference, attitude: attitude, judgedByTheTrueWindow: audit.baseline == .asShipped)
    }

    /// Per-sample largest shift between two pipelines' frames (probe points visible in the reference), with what
    /// the viewer at the true, unexaggerated eye (`TruthPipeline`) sees of it. The probe points are those the
    /// reference shows, or (`judgedByTheTrueWindow`: as shipped, where the reference keeps the app's other defects
    /// and may show none) those the true window shows.
    static func shifts(_ audit: AuditCase, variant: AppPipeline, reference: AppPipeline, attitude: [Quaternion]? = nil,
                       judgedByTheTrueWindow: Bool = false) -> [CheckSample] {
        shifts(audit, variant: (variant, audit.eyes(variant, attitude: attitude)), reference: (reference, audit.eyes(reference, attitude: attitude)),
               judgedByTheTrueWindow: judgedByTheTrueWindow)
    }

    /// The same between two given eye sequences drawn by two pipelines' images (the app's code's runs: `CodeShift`).
    static func shifts(_ audit: AuditCase, variant: (pipeline: AppPipeline, eyes: [Vec3]), reference: (pipeline: AppPipeline, eyes: [Vec3]),
                       judgedByTheTrueWindow: Bool) -> [CheckSample] {
        let (variant, variantEyes) = variant, (reference, referenceEyes) = reference
        let viewers = audit.trueEyes(reference, exaggerated: false)
        let points = ProbePoints.points(screen: audit.screen, mode: audit.mode)
        let a = audit.image(variant), b = audit.image(reference)
        let window = audit.image(variant.fixingAll().with(behaviourOf: .exaggeration, from: variant))
        let windowEyes = judgedByTheTrueWindow ? audit.trueEyes(variant) : []
        return referenceEyes.indices.compactMap { i in
            guard audit.measures(i) else { return nil }
            let judge = judgedByTheTrueWindow ? (window, windowEyes[i]) : (b, referenceEyes[i])
            return ProbePoints.compare(points, app: (a, variantEyes[i]), reference: (b, referenceEyes[i]), visibleIn: judge, viewer: viewers[i]).map { found in
                CheckSample(value: found.shift, place: audit.place(i), frame: FramePose(appEye: variantEyes[i], referenceEye: referenceEyes[i]), viewer: found.viewer)
            }
        }
    }

    /// The two sides of `check` on `baseline`. As shipped: the app as configured against the same app with only
    /// `check`'s behaviour corrected. With the other fixes applied: the pipeline with only `check`'s behaviour as
    /// configured against the corrected reference — exaggerated as configured (unless the check is the exaggeration)
    /// and smoothed as configured (unless it is the latency fix's smoother), so the defect is seen on its own.
    package static func pipelines(_ check: AuditCheckID, configured: AppPipeline, baseline: AuditBaseline) -> (variant: AppPipeline, reference: AppPipeline) {
        if baseline == .asShipped { return (configured, configured.fixing([check])) }
        var reference = configured.fixingAll()
        if check != .exaggeration { reference = reference.with(behaviourOf: .exaggeration, from: configured) }
        if check != .latency { reference = reference.with(behaviourOf: .latency, from: configured) }
        return (reference.with(behaviourOf: check, from: configured), reference)
    }
}
