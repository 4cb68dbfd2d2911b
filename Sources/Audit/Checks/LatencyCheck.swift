import Analysis
import Scientific
import Vocabulary

/// latency: the modelled head-to-photon latency (`LatencyModel`): sensor + the EMA's lag (1 − α)/α samples
/// + main-actor hop + render and hand-off frames + the wait for the frame, with the trace's timing jitter.
enum LatencyCheck: AuditCheck {
    static let id = AuditCheckID.latency
    static let unit = MetricUnit.milliseconds
    static let defaultLimit = 100.0
    static let modes: Set<AppMode> = [.cube, .splat]
    static let reachable = true
    static let mechanism = "sensor + per-sample EMA lag + main-actor hop + render hand-offs, head to photon, against a budget"
    static let fixDescription = "pose read on the render thread (no main-actor hop) and EMA α = 0.5"
    static var fix: WritableKeyPath<AppPipeline, Bool> { \.hopsToMainActor }
    static let assumptions: Set<AuditAssumption> = [.sensorLatency, .handOffTiming]

    static func evaluate(_ audit: AuditCase, configured: AppPipeline) -> CheckEvaluation {
        let times = audit.times
        let intervals = zip(times.dropFirst(), times).map { $0 - $1 }
        let rate = intervals.isEmpty ? 60 : 1 / Statistics.quantile(intervals, 0.5)
        let model = LatencyModel(filterLag: filterLag(alpha: configured.smoothingAlpha, rate: rate), displayRate: HandOff.displayRate,
                                 mainThreadHop: configured.hopsToMainActor,
                                 renderFrames: 1 + (configured.delaysHandOff ? HandOff.meanFrames(mode: audit.mode) : 0))
        let jitter = LatencyModel.timingOffsets(times: times, rate: rate)
        let d = model.distribution(timingJitter: jitter)
        let place = audit.traceName
        // The check's values are the whole distribution, so its mean, p95 and worst are the distribution's.
        let samples = model.samples(timingJitter: jitter).map { CheckSample(value: $0 * 1000, place: place) }
        return CheckEvaluation(samples: samples, notes: ["\(place): p50 \(format(d.p50 * 1000)) ms, p95 \(format(d.p95 * 1000)) ms (EMA lag \(format(model.filterLag * 1000)) ms)"])
    }

    /// The per-sample EMA's group delay at low frequency: (1 − α)/α samples.
    static func filterLag(alpha: Double, rate: Double) -> Double { (1 - alpha) / alpha / rate }
}
