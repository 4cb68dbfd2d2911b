import Geometry

/// The image shift one behaviour causes on its own: the frame of the corrected pipeline with only that
/// behaviour as `configured` has it, against the corrected pipeline (the correct, exaggerated window),
/// largest over the probe points, per sample. Zero when `configured` fixes the behaviour.
enum IsolatedShift {
    static func evaluate(_ check: AuditCheckID, _ audit: AuditCase, configured: AppPipeline,
                         attitude: [(pitch: Double, roll: Double)]? = nil) -> [CheckSample] {
        let (variant, reference) = pipelines(check, configured: configured)
        let referenceEyes = audit.eyes(reference, attitude: attitude)
        let variantEyes = audit.eyes(variant, attitude: attitude)
        let points = ProbePoints.points(screen: audit.screen, mode: audit.mode)
        let a = audit.image(variant), b = audit.image(reference)
        return referenceEyes.indices.map { i in
            CheckSample(value: ProbePoints.largestShift(points, a, eye: variantEyes[i], b, eye: referenceEyes[i]), place: audit.place(i),
                        frame: FramePose(appEye: variantEyes[i], referenceEye: referenceEyes[i]))
        }
    }

    /// The pipeline with only `check`'s behaviour as configured, and the corrected (exaggerated) reference.
    static func pipelines(_ check: AuditCheckID, configured: AppPipeline) -> (variant: AppPipeline, reference: AppPipeline) {
        var reference = configured.fixingAll()
        if check != .exaggeration { reference = reference.with(behaviourOf: .exaggeration, from: configured) }
        return (reference.with(behaviourOf: check, from: configured), reference)
    }
}
