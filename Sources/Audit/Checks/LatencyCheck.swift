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
        evaluate: { LatencyCheck.evaluate($0, configured: $1) })
}

/// How latency measures (`AuditCheck.latency`).
enum LatencyCheck {
    static func evaluate(_ audit: AuditCase, configured: AppPipeline) -> CheckEvaluation {
        let times = audit.times
        let evidence = audit.appCode(for: configured)
        // The hop and the hand-off where the code's run counted them (the driver's landing), else the model's.
        let hops = evidence?.landing.anchorsHop ?? configured.hopsToMainActor
        let handsOff = evidence?.landing.framesHop ?? configured.delaysHandOff
        // The shared head-to-photon computation (Analysis.HeadToPhoton), as the suite's scenarios compute it.
        let path = HeadToPhoton.Path(mainThreadHop: hops, handOffFrames: handsOff ? HandOff.meanFrames(mode: audit.mode) : 0, displayRate: HandOff.displayRate)
        let code = evidence?.filterLag
        let filterLag = code ?? HeadToPhoton.emaFilterLag(alpha: configured.smoothingAlpha, rate: HeadToPhoton.rate(times: times))
        let model = HeadToPhoton.model(filterLag: filterLag, path: path)
        let d = HeadToPhoton.distribution(model, times: times)
        let place = audit.traceName
        // The check's values are the whole distribution, so its mean, p95 and worst are the distribution's.
        let samples = HeadToPhoton.samples(model, times: times).map { CheckSample(value: $0 * 1000, place: place) }
        let landed = evidence.map { _ in "; the app's code: anchors reach the head \(hops ? "after a main-actor hop" : "within the delegate call"), the camera is set \(handsOff ? "after the frame's render" : "before it")" } ?? ""
        var evaluation = CheckEvaluation(samples: samples, notes: ["\(place): p50 \(format(d.p50 * 1000)) ms, p95 \(format(d.p95 * 1000)) ms (\(code == nil ? "EMA lag" : "the app's code's lag on a ramp") \(format(model.filterLag * 1000)) ms\(landed))"],
                               measuredOnCode: code != nil)
        if evidence != nil {
            // What the code's runs measured, whatever filter and threads it has: no EMA is assumed.
            evaluation.mechanism = "sensor + the app's code's own filter lag on a steady ramp (replayed) + "
                + (hops ? "a main-actor hop" : "no main-actor hop") + " + " + (handsOff ? "render hand-offs" : "the camera set before the render")
                + " (where the code's run applied the anchors and the frames), head to photon, against a budget"
        }
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
