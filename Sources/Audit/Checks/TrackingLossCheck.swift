import DeviceFacts
import Geometry
import TestedApp
import Vocabulary

extension AuditCheckID {
    package static let trackingLoss = AuditCheckID("tracking-loss")
}

extension AuditCheck {
    /// tracking-loss: after each loss, the seconds until the app's frame is within 1 px of the pipeline that
    /// restarts its smoother when the face returns; notes the px error against the true window while lost.
    static let trackingLoss = AuditCheck(
        id: .trackingLoss,
        unit: .seconds,
        defaultLimit: 0.1,
        modes: [.cube, .splat],
        reachable: true,
        mechanism: "lost tracking is not detected: the frozen pose is fed on and the EMA glides from it when the face returns",
        fixDescription: "smoother reset when tracking returns",
        fixCode: """
        // HeadTrackingService: private var wasTracked = true
        // session(_:didUpdate:), before the main-actor hop: let tracked = faceAnchor.isTracked
        // then, first in the main-actor closure (a frozen pose is not fed on; the smoothers restart when the face returns):
        if tracked && !self.wasTracked { self.smootherX.reset(); self.smootherY.reset(); self.smootherZ.reset() }
        self.wasTracked = tracked
        guard tracked else { return }
        """,
        fix: \AppPipeline.keepsSmootherThroughLoss,
        assumptions: [.eye, .truth],
        modelOnly: nil,
        ownBaseline: .asShipped,
        evaluate: { TrackingLossCheck.evaluate($0, configured: $1) },
        measureOnCode: { TrackingLossCheck.evaluate($0, code: $1, configured: $2) })
}

/// How tracking-loss measures (`AuditCheck.trackingLoss`).
enum TrackingLossCheck {
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
        let viewers = audit.trueEyes(configured, exaggerated: false)
        var recoveries: [CheckSample] = [], angles: [Double] = []
        for j in samples.indices.dropFirst() where audit.measures(j) && samples[j].tracked && !samples[j - 1].tracked {
            var k = j
            while k < samples.count, samples[k].tracked,
                  let found = ProbePoints.compare(points, app: (image, appEyes[k]), reference: (image, referenceEyes[k]), visibleIn: (trueImage, truth[k]),
                                                  viewer: viewers[k]), found.shift > recoveredPx {
                angles.append(found.viewer.viewAngle)
                k += 1
            }
            let end = min(k, samples.count - 1)
            recoveries.append(CheckSample(value: samples[end].t - samples[j].t, place: audit.place(j),
                                          frame: FramePose(appEye: appEyes[j], referenceEye: referenceEyes[j]), viewer: nil))
        }
        // While lost: the frozen pose against the true window (TruthPipeline), px.
        let lost = samples.indices.filter { audit.measures($0) && !samples[$0].tracked }
        let lostError = lost.compactMap { ProbePoints.largestShift(points, image, eye: appEyes[$0], trueImage, eye: truth[$0]) }
        let mean = lostError.isEmpty ? 0 : lostError.reduce(0, +) / Double(lostError.count)
        let note = "\(audit.traceName): \(recoveries.count) losses, \(lost.count) lost samples, mean error while lost \(format(mean)) px vs the true window\(audit.truthIsEstimated ? " (reference estimate)" : "")"
        var evaluation = CheckEvaluation(samples: recoveries, notes: recoveries.isEmpty && lost.isEmpty ? [] : [note])
        evaluation.viewAngles = angles
        return evaluation
    }

    /// On the code: after each return, the app's frame against a fresh app started at the return and fed the same
    /// samples from there (the same code, its smoothers starting anew), until within `recoveredPx`. The fresh app's
    /// head stands in for the app's (its own tilt reference would differ): reference eye = the app's eye + the head
    /// difference through the code's movement scale (x, y; z as is). With a Reset, the fresh app holds no origin:
    /// the app's origin is read as the head difference with and without the press just before the return.
    static func evaluate(_ audit: AuditCase, code: AppCodeEvidence, configured: AppPipeline) -> CheckEvaluation {
        let afterReset = audit.resetTime != nil
        let app = code.straight(afterReset: afterReset)
        let s = code.settings.movementScale
        let image = audit.image(configured), trueImage = audit.image(configured.fixingAll())
        let points = ProbePoints.points(screen: audit.screen, mode: audit.mode)
        let truth = audit.trueEyes(configured)
        let samples = audit.trace.samples
        let viewers = audit.trueEyes(configured, exaggerated: false)
        var recoveries: [CheckSample] = [], angles: [Double] = []
        for (j, fresh) in code.restarts.sorted(by: { $0.key < $1.key }) where audit.measures(j) {
            let origin = afterReset ? code.frames[j - 1].head - code.framesAfterReset[j - 1].head : Vec3(0, 0, 0)
            var k = j
            while k < samples.count, samples[k].tracked {
                let d = fresh[k - j].head - Vec3(origin.x, origin.y, 0) - app[k].head
                let reference = app[k].eye + Vec3(s * d.x, s * d.y, d.z)
                guard let found = ProbePoints.compare(points, app: (image, app[k].eye), reference: (image, reference), visibleIn: (trueImage, truth[k]),
                                                      viewer: viewers[k]), found.shift > recoveredPx else { break }
                angles.append(found.viewer.viewAngle)
                k += 1
            }
            let end = min(k, samples.count - 1)
            recoveries.append(CheckSample(value: samples[end].t - samples[j].t, place: audit.place(j)))
        }
        let note = "\(audit.traceName): the app's own code against itself restarted at each of \(recoveries.count) returns"
        var evaluation = CheckEvaluation(samples: recoveries, notes: recoveries.isEmpty ? [] : [note])
        evaluation.viewAngles = angles
        return evaluation
    }
}
