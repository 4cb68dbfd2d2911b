import Analysis
import DeviceFacts
import TestedApp
import Vocabulary

extension AuditCheckID {
    package static let latency = AuditCheckID("latency")
}

extension AuditCheck {
    /// latency: the modelled head-to-photon latency (`LatencyModel`): sensor + the filter's lag on steady motion + main-actor
    /// hop + render and hand-off frames + the wait for the frame, with the trace's timing jitter. The filter's lag is the
    /// app's own code's on a ramp when it was replayed (`--app-source`, the app as shipped), else the EMA's (1 − α)/α samples;
    /// the hop and the hand-off are where the code's run put them (`UpdateLanding`), else the model's.
    static let latency = AuditCheck(
        id: .latency,
        unit: .milliseconds,
        defaultLimit: 100.0,
        modes: [.cube, .splat],
        reachable: true,
        mechanism: "sensor + per-sample EMA lag + main-actor hop + render hand-offs, head to photon, against a budget",
        fixDescription: "pose read on the render thread (no main-actor hop) and EMA α = 0.5 — the delay alone; parallax tune weighs that lag against jitter and may advise a lower α",
        fix: \AppPipeline.hopsToMainActor,
        assumptions: [.sensorLatency, .handOffTiming],
        modelOnly: nil,
        ownBaseline: .asShipped,
        evaluate: { LatencyCheck.evaluate($0, configured: $1) },
        measureOnCode: { LatencyCheck.evaluate($0, code: $1, configured: $2) })
}

/// How latency measures (`AuditCheck.latency`).
enum LatencyCheck {
    static func evaluate(_ audit: AuditCase, configured: AppPipeline) -> CheckEvaluation {
        let filterLag = HeadToPhoton.emaFilterLag(alpha: configured.smoothingAlpha, rate: HeadToPhoton.rate(times: audit.times))
        return measure(audit, configured: configured, filterLag: filterLag, hops: configured.hopsToMainActor, handsOff: configured.delaysHandOff,
                       lagSource: "EMA lag", landed: "")
    }

    /// On the code: its own lag on a ramp (whatever filter it has), and the hop and the hand-off where its run counted
    /// them (the driver's landing; none counted: the model's).
    static func evaluate(_ audit: AuditCase, code: AppCodeEvidence, configured: AppPipeline) -> CheckEvaluation {
        let hops = code.landing.anchorsHop ?? configured.hopsToMainActor
        let handsOff = code.landing.framesHop ?? configured.delaysHandOff
        let landed = "; the app's code: anchors reach the head \(hops ? "after a main-actor hop" : "within the delegate call"), the camera is set \(handsOff ? "after the frame's render" : "before it")"
        var evaluation = measure(audit, configured: configured, filterLag: code.filterLag, hops: hops, handsOff: handsOff,
                                 lagSource: "the app's code's lag on a ramp", landed: landed)
        evaluation.mechanism = "sensor + the app's code's own filter lag on a steady ramp (replayed) + "
            + (hops ? "a main-actor hop" : "no main-actor hop") + " + " + (handsOff ? "render hand-offs" : "the camera set before the render")
            + " (where the code's run applied the anchors and the frames), head to photon, against a budget"
        return evaluation
    }

    /// The shared head-to-photon computation (Analysis.HeadToPhoton), as the suite's scenarios compute it.
    static func measure(_ audit: AuditCase, configured: AppPipeline, filterLag: Double, hops: Bool, handsOff: Bool,
                        lagSource: String, landed: String) -> CheckEvaluation {
        let times = audit.times
        let path = HeadToPhoton.Path(mainThreadHop: hops, handOffFrames: handsOff ? HandOff.meanFrames(mode: audit.mode) : 0, displayRate: HandOff.displayRate)
        let model = HeadToPhoton.model(filterLag: filterLag, path: path)
        let d = HeadToPhoton.distribution(model, times: times)
        let place = audit.traceName
        // The check's values are the whole distribution, so its mean, p95 and worst are the distribution's.
        let samples = HeadToPhoton.samples(model, times: times).map { CheckSample(value: $0 * 1000, place: place) }
        var evaluation = CheckEvaluation(samples: samples, notes: ["\(place): p50 \(format(d.p50 * 1000)) ms, p95 \(format(d.p95 * 1000)) ms (\(lagSource) \(format(model.filterLag * 1000)) ms\(landed))"])
        let angles = viewAngles(audit, configured: configured, latencies: HeadToPhoton.samples(model, times: times))
        evaluation.viewAngles = angles.map(\.angle)
        evaluation.viewAngleTimes = angles.map(\.time)
        return evaluation
    }

    /// The view-angle error the delay causes (°) and its instant: at each measured instant, the true window drawn for
    /// the eye one latency ago against the one drawn for the eye now, at the viewer's true eye.
    static func viewAngles(_ audit: AuditCase, configured: AppPipeline, latencies: [Double]) -> [(time: Double, angle: Double)] {
        let times = audit.times, eyes = audit.trueEyes(configured), viewers = audit.trueEyes(configured, exaggerated: false)
        let window = audit.image(configured.fixingAll().with(behaviourOf: .exaggeration, from: configured))
        let points = ProbePoints.points(screen: audit.screen, mode: audit.mode)
        return zip(times.indices, latencies).compactMap { i, latency in
            guard audit.measures(i) else { return nil }
            let late = AuditCase.interpolate(eyes, times: times, at: times[i] - latency)
            return ProbePoints.compare(points, app: (window, late), reference: (window, eyes[i]), viewer: viewers[i]).map { (times[i], $0.viewer.viewAngle) }
        }
    }
}
