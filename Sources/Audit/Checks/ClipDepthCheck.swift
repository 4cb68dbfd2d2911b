import TestedApp
import Vocabulary

extension AuditCheckID {
    package static let clipDepth = AuditCheckID("clip-depth")
}

extension AuditCheck {
    /// clip-depth: a GL matrix handed to Metal maps eye depth d to z_metal = z_gl, clipped below 0, which is
    /// d < 2fn/(f + n): the range [n, 2fn/(f + n)] is lost, 2fn/(f + n) − n (mm). The limit is the depth of the
    /// nearest scene geometry beyond the near plane over the trace (the room's opening, the glass at z = 0).
    static let clipDepth = AuditCheck(
        id: .clipDepth,
        unit: .millimeters,
        defaultLimit: 0.0,
        modes: [.splat],
        reachable: false,
        mechanism: "a GL-convention matrix (z ∈ [−1, 1]) is handed to Metal (z ∈ [0, 1]): depths between n and 2fn/(f+n) are clipped",
        fixDescription: "Metal clip convention",
        fix: \AppPipeline.feedsGLClipToMetal,
        modelOnly: "a constant of the projection's near and far against Metal's clip space, read from the model's near and far",
        ownBaseline: .asShipped,
        evaluate: { ClipDepthCheck.evaluate($0, configured: $1) })
}

/// How clip-depth measures (`AuditCheck.clipDepth`).
enum ClipDepthCheck {
    static func lostDepth(near n: Double, far f: Double) -> Double { 2 * f * n / (f + n) - n }

    static func evaluate(_ audit: AuditCase, configured: AppPipeline) -> CheckEvaluation {
        let lost = configured.feedsGLClipToMetal ? lostDepth(near: configured.near, far: configured.far) : 0
        let eyes = audit.eyes(configured)
        let nearestIndex = eyes.indices.min { eyes[$0].z < eyes[$1].z } ?? 0
        let nearest = (eyes.isEmpty ? 0 : eyes[nearestIndex].z) - configured.near
        return CheckEvaluation(samples: [CheckSample(value: lost * 1000, place: audit.place(nearestIndex))],
                               notes: ["\(audit.traceName): nearest geometry \(format(nearest * 1000)) mm beyond the near plane"],
                               limit: nearest * 1000)
    }
}
