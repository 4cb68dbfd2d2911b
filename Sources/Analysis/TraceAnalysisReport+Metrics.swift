import Vocabulary

extension TraceAnalysisReport {
    /// A scenario's metrics from its analysis and, when the trace has truth, its on-glass accuracy and swim: the one
    /// mapping for a smoother's scenarios and the app's, so that the headline's "the app" and `analyze` agree.
    package func metrics(accuracy: ParallaxAccuracyReport?, swim: SwimReport?, effectGain: Double?) -> [String: Double] {
        var metrics: [String: Double] = [:]
        if let lag = lag.total { metrics[metric: .lagMs] = lag.seconds * 1000 }
        if let lag = lag.filter { metrics[metric: .filterLagMs] = lag.seconds * 1000 }
        if let lag = lag.onset?.onsetSeconds { metrics[metric: .lagOnsetMs] = lag * 1000 }
        if let lag = lag.onset?.steadySeconds { metrics[metric: .lagSteadyMs] = lag * 1000 }
        if let jitter = jitter.stationary { metrics[metric: .stationaryJitterMm] = jitter.rmsMm.norm }
        // Head-to-photon: the app's pipeline after this smoother (HeadToPhoton, as the audit computes it).
        if let latency = latency.first(where: { $0.model.displayRate == HeadToPhoton.Path.app.displayRate }) {
            metrics[metric: .latencyP95Ms] = latency.distribution.p95 * 1000
        }
        if let effectGain { metrics[metric: .effectGainPxPerCm] = effectGain }
        if let accuracy {
            metrics[metric: .parallaxErrorP95Px] = accuracy.tracking.pixels.p95
            metrics[metric: .parallaxErrorRmsPx] = accuracy.tracking.pixels.rms
            metrics[metric: .exaggerationP95Px] = accuracy.exaggeration.pixels.p95
            metrics[metric: .parallaxErrorP95Arcmin] = accuracy.tracking.arcminutes.p95
            if let visible = accuracy.visibleJitter {
                metrics[metric: .visibleJitterPx] = visible.pixels.rms
                metrics[metric: .visibleJitterMm] = visible.millimeters.rms
            }
        }
        if let swim {
            metrics[metric: .swimP95DegS] = swim.tracking.p95
            metrics[metric: .swimRmsDegS] = swim.tracking.rms
        }
        return metrics
    }
}
