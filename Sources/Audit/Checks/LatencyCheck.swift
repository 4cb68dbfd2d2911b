import Analysis
import Scientific

/// latency: the modelled head-to-photon latency (`LatencyModel`): sensor + the EMA's lag (1 − α)/α samples
/// + main-actor hop + render and hand-off frames + the wait for the frame, with the trace's timing jitter.
enum LatencyCheck {
    static func evaluate(_ audit: AuditCase, configured: AppPipeline) -> CheckEvaluation {
        let times = audit.times
        let intervals = zip(times.dropFirst(), times).map { $0 - $1 }
        let rate = intervals.isEmpty ? 60 : 1 / Statistics.quantile(intervals, 0.5)
        let model = LatencyModel(filterLag: filterLag(alpha: configured.alpha, rate: rate), displayRate: HandOff.displayRate,
                                 mainThreadHop: configured.hopsToMainActor,
                                 renderFrames: 1 + (configured.delaysHandOff ? HandOff.meanFrames(mode: audit.mode) : 0))
        let d = model.distribution(timingJitter: LatencyModel.timingOffsets(times: times, rate: rate))
        let place = audit.traceName
        // The check's values are the distribution's quantiles, so mean/p95/worst read as the distribution's.
        let samples = [d.min, d.p05, d.p50, d.p95, d.max].map { CheckSample(value: $0 * 1000, place: place) }
        return CheckEvaluation(samples: samples, notes: ["\(place): p50 \(format(d.p50 * 1000)) ms, p95 \(format(d.p95 * 1000)) ms (EMA lag \(format(model.filterLag * 1000)) ms)"])
    }

    /// The per-sample EMA's group delay at low frequency: (1 − α)/α samples.
    static func filterLag(alpha: Double, rate: Double) -> Double { (1 - alpha) / alpha / rate }
}
