import Geometry
import Vocabulary

/// tracking-loss: after each loss, the seconds until the app's frame is within 1 px of the pipeline that
/// restarts its smoother when the face returns; notes the px error against the true window while lost.
enum TrackingLossCheck: AuditCheck {
    static let id = AuditCheckID.trackingLoss
    static let unit = MetricUnit.seconds
    static let defaultLimit = 0.1
    static let modes: Set<AppMode> = [.cube, .splat]
    static let reachable = true
    static let mechanism = "lost tracking is not detected: the frozen pose is fed on and the EMA glides from it when the face returns"
    static let fixDescription = "smoother reset when tracking returns"
    static var fix: WritableKeyPath<AppPipeline, Bool> { \.keepsSmootherThroughLoss }
    static let fixCode: String? = """
        // HeadTrackingService: private var wasTracked = true
        // session(_:didUpdate:), before the main-actor hop: let tracked = faceAnchor.isTracked
        // then, first in the main-actor closure (a frozen pose is not fed on; the smoothers restart when the face returns):
        if tracked && !self.wasTracked { self.smootherX.reset(); self.smootherY.reset(); self.smootherZ.reset() }
        self.wasTracked = tracked
        guard tracked else { return }
        """
    static let assumptions: Set<AuditAssumption> = [.eye, .truth]
    static let readsTheShippedPipeline = true

    static let recoveredPx = 1.0

    static func evaluate(_ audit: AuditCase, configured: AppPipeline) -> CheckEvaluation {
        var reference = configured
        reference.keepsSmootherThroughLoss = false
        let appEyes = audit.eyes(configured), referenceEyes = audit.eyes(reference)
        let image = audit.image(configured)
        let points = ProbePoints.points(screen: audit.screen, mode: audit.mode)
        let samples = audit.trace.samples
        // Probe points are those the true window shows at each instant.
        let truth = audit.trueEyes(configured)
        let trueImage = audit.image(configured.fixingAll())
        var recoveries: [CheckSample] = []
        for j in samples.indices.dropFirst() where audit.measures(j) && samples[j].tracked && !samples[j - 1].tracked {
            var k = j
            while k < samples.count, samples[k].tracked,
                  (ProbePoints.largestShift(points, image, eye: appEyes[k], image, eye: referenceEyes[k], visibleIn: (trueImage, truth[k])) ?? 0) > recoveredPx { k += 1 }
            let end = min(k, samples.count - 1)
            recoveries.append(CheckSample(value: samples[end].t - samples[j].t, place: audit.place(j),
                                          frame: FramePose(appEye: appEyes[j], referenceEye: referenceEyes[j]), viewer: nil))
        }
        // While lost: the frozen pose against the true window (TruthPipeline), px.
        let lost = samples.indices.filter { audit.measures($0) && !samples[$0].tracked }
        let lostError = lost.compactMap { ProbePoints.largestShift(points, image, eye: appEyes[$0], trueImage, eye: truth[$0]) }
        let mean = lostError.isEmpty ? 0 : lostError.reduce(0, +) / Double(lostError.count)
        let note = "\(audit.traceName): \(recoveries.count) losses, \(lost.count) lost samples, mean error while lost \(format(mean)) px vs the true window\(audit.truthIsEstimated ? " (reference estimate)" : "")"
        return CheckEvaluation(samples: recoveries, notes: recoveries.isEmpty && lost.isEmpty ? [] : [note])
    }
}
