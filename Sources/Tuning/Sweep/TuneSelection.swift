import Analysis
import Foundation
import Geometry
import Projection
import Scientific
import Smoothing
import Tracking

/// Which configurations are feasible and which lie on the lag / visible-jitter Pareto front.
extension Tuner {
    static func feasible(_ metrics: TuneMetrics, _ constraints: [TuneConstraint], app: TuneMetrics) -> Bool {
        constraints.allSatisfy { $0.violation(metrics, app: app) == 0 }
    }

    /// Indices of the configurations not dominated in (lag, visible jitter) at scale index k, by lag.
    /// A configuration is dominated when another has lag ≤ and jitter ≤ with one strictly smaller; of equal
    /// (lag, jitter) pairs the lower index is kept. Configurations missing either metric are left out.
    static func paretoFront(_ result: TuneResult, scale k: Int) -> [Int] {
        var candidates: [(lag: Double, jitter: Double, index: Int)] = []
        for c in result.configurations {
            guard let lag = c.rampLagMs, let jitter = c.errors[k].visibleJitterPx else { continue }
            candidates.append((lag, jitter, c.index))
        }
        candidates.sort { ($0.lag, $0.jitter, $0.index) < ($1.lag, $1.jitter, $1.index) }
        var front: [Int] = []
        var bestJitter = Double.infinity
        for candidate in candidates where candidate.jitter < bestJitter {
            front.append(candidate.index)
            bestJitter = candidate.jitter
        }
        return front
    }
}
