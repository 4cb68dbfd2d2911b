import Foundation
import Geometry
import Scientific
import Smoothing
import Tracking

/// Head-to-photon latency: how late the picture is. The one definition the suite's scenarios
/// (`latency_p95_ms`), `parallax analyze` and the app audit's `latency` check share — the app's pipeline as the
/// audit models it:
///
///     sensor latency (the tracker's; `LatencyModel.assumedSensorLatency` unless given)
///       + filter lag (the smoother's delay on steady motion, `filterLag(of:rate:)`)
///       + main-actor hop (1 frame) + render hand-off (the cube applies a frame's projection on the next: 1 frame)
///       + render to photons (1 frame) + the wait for the next frame U[0, F) + the trace's timestamp jitter
///
/// at the display's rate (60 Hz). The trace's own truth → measured delay is not a part: it is the delay of the
/// trace's tracker (a synthesized trace has none), reported as sensor lag, not the phone's.
package enum HeadToPhoton {
    /// What the pipeline after the filter does: the app's hops and hand-offs (the audit switches them off one
    /// fix at a time).
    package struct Path: Sendable, Equatable {
        package var mainThreadHop: Bool
        /// Frames the render hand-off adds (the cube: 1; the splat viewer's timer: 0.5 on average; none: 0).
        package var handOffFrames: Double
        package var displayRate: Double

        package init(mainThreadHop: Bool = true, handOffFrames: Double = 1, displayRate: Double = 60) {
            self.mainThreadHop = mainThreadHop
            self.handOffFrames = handOffFrames
            self.displayRate = displayRate
        }

        /// The shipped app showing the cube: main-actor hop, one hand-off frame, 60 Hz.
        package static let app = Path()
    }

    /// The parts, in order, as `(name, seconds)` — the wait is its mean (half a frame).
    package static func parts(_ model: LatencyModel) -> [(name: String, seconds: Double)] {
        let frame = 1 / model.displayRate
        return [("sensor", model.sensorLatency), ("filter lag on steady motion", model.filterLag), ("main-thread hop", model.mainThreadHop ? frame : 0),
                ("render hand-off and display", model.renderFrames * frame), ("wait for the frame (mean)", frame / 2)]
    }

    /// The latency model of `path` with the given filter lag (s).
    package static func model(filterLag: Double, sensorLatency: Double = LatencyModel.assumedSensorLatency, path: Path = .app) -> LatencyModel {
        LatencyModel(sensorLatency: sensorLatency, filterLag: filterLag, displayRate: path.displayRate, mainThreadHop: path.mainThreadHop,
                     renderFrames: 1 + path.handOffFrames)
    }

    /// The rate of a trace's samples: 1 / the median interval (60 Hz with fewer than two samples).
    package static func rate(times: [Double]) -> Double {
        let intervals = zip(times.dropFirst(), times).map { $0 - $1 }
        return intervals.isEmpty ? 60 : 1 / Statistics.quantile(intervals, 0.5)
    }

    /// Every value of the distribution over the trace's sample times (its timestamp jitter), s.
    package static func samples(_ model: LatencyModel, times: [Double]) -> [Double] {
        model.samples(timingJitter: LatencyModel.timingOffsets(times: times, rate: rate(times: times)))
    }

    /// The distribution over the trace's sample times, s.
    package static func distribution(_ model: LatencyModel, times: [Double]) -> LatencyDistribution {
        model.distribution(timingJitter: LatencyModel.timingOffsets(times: times, rate: rate(times: times)))
    }

    /// The per-sample EMA's delay on steady motion: (1 − α)/α samples, s (its group delay at low frequency).
    package static func emaFilterLag(alpha: Double, rate: Double) -> Double { (1 - alpha) / alpha / rate }

    /// Speed of the steady motion the filter lag is measured on: 0.1 m/s, a slow sway. A speed-adaptive filter
    /// (One Euro) lags less when faster; a linear one (EMA, Kalman CV) does not depend on it.
    package static let rampSpeed = 0.1

    /// The smoother's delay on steady motion, s: it is fed a noiseless ramp at `rampSpeed` for 10 s at `rate`, and
    /// the delay is how far its last output trails the ramp, over the speed. Negative: the output leads
    /// (prediction). For the EMA this is `emaFilterLag` (to rounding).
    package static func filterLag(of spec: SmootherSpec, rate: Double) -> Double {
        let count = Int((10 * rate).rounded())
        let samples = (0..<count).map { k in
            let t = Double(k) / rate
            return HeadSample(t: t, position: Vec3(rampSpeed * t, 0, 0.35))
        }
        var smoother = spec.makeSmoother()
        let output = smoother.smooth(samples)
        guard let last = samples.last, let filtered = output.last else { return 0 }
        return (last.position.x - filtered.x) / rampSpeed
    }
}
