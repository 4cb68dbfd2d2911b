import Analysis
import Plumbing
import Smoothing

extension TuneContext {
    /// The smoother-dependent metrics of `spec` on each trace, in order (evaluated in parallel).
    func perTrace(_ spec: SmootherSpec) throws -> [PointTraceMetrics] {
        try Parallel.map(traces.count) { t in
            try TuneEvaluator.evaluate(spec, on: traces[t], core: core, points: points, ppm: ppm)
        }
    }

    /// The metrics at scale s pooled over the traces at `indices` (a multiset: a bootstrap resample may repeat
    /// a trace), from per-trace results of `perTrace`: exactly what a sweep on those traces alone reports.
    func metrics(_ perTrace: [PointTraceMetrics], at indices: [Int], scale s: Double) -> TuneMetrics {
        let pooled = PooledPoint(indices.map { perTrace[$0] })
        let effect = self.effect(s, over: indices)
        return TuneResult.metrics(rampLagMs: pooled.lagMs, jitterMm: pooled.jitterMm, errors: pooled.errors(s), effect: effect)
    }
}
