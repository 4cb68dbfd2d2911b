import Foundation
import Scientific

/// Quantiles of a latency distribution, seconds.
package struct LatencyDistribution: Codable, Equatable, Sendable {
    package var mean: Double
    package var min: Double
    package var p05: Double
    package var p50: Double
    package var p95: Double
    package var max: Double
}

/// End-to-end latency from head motion to photons, as a distribution:
///
///     sensor latency + filter lag + wait for the next frame U[0, F) + main-thread hop (1 frame)
///       + render-to-display (`renderFrames` frames) + timestamp jitter
///
/// with F = 1/`displayRate` (60 or 120 Hz). The wait is uniform because updates arrive at a random
/// phase of the display's frame clock; the timestamp jitter is the trace's own deviation of each sample
/// time from the nominal grid (main-thread timestamps), mean removed. The distribution is evaluated
/// deterministically on all combinations of 32 evenly spaced phases and up to 1024 evenly spaced
/// jitter values. Defaults are stated estimates, not measurements.
package struct LatencyModel: Codable, Equatable, Sendable {
    /// Capture-to-delivery latency of the tracker, s (measured from the trace when it has ground truth).
    package var sensorLatency: Double
    /// Filter lag, s (from the velocity cross-correlation of measured vs filtered).
    package var filterLag: Double
    /// Display refresh rate, Hz.
    package var displayRate: Double
    /// The app hops to the main thread before rendering: +1 frame.
    package var mainThreadHop: Bool
    /// Frames from the start of rendering to photons (default 1: the frame is shown at the next vsync).
    package var renderFrames: Double

    /// Assumed tracker latency when a trace has no ground truth: 0.033 s (two 60 Hz camera frames; an
    /// estimate — Apple publishes no figure for ARKit face tracking).
    package static let assumedSensorLatency = 0.033

    package init(sensorLatency: Double = assumedSensorLatency, filterLag: Double = 0, displayRate: Double = 60,
                mainThreadHop: Bool = true, renderFrames: Double = 1) {
        self.sensorLatency = sensorLatency
        self.filterLag = filterLag
        self.displayRate = displayRate
        self.mainThreadHop = mainThreadHop
        self.renderFrames = renderFrames
    }

    /// The fixed part: everything except the uniform wait and the jitter, s.
    package var fixedPart: Double {
        let frame = 1 / displayRate
        return sensorLatency + filterLag + (mainThreadHop ? frame : 0) + renderFrames * frame
    }

    /// The distribution, with `timingJitter` the per-sample timestamp offsets (s; empty = none).
    package func distribution(timingJitter: [Double] = []) -> LatencyDistribution {
        let values = samples(timingJitter: timingJitter)
        let q = Statistics.quantiles(values, [0, 0.05, 0.5, 0.95, 1])
        return LatencyDistribution(mean: values.reduce(0, +) / Double(values.count), min: q[0], p05: q[1], p50: q[2], p95: q[3], max: q[4])
    }

    /// Every value of the distribution (equally weighted): each of 32 evenly spaced frame phases with each of up
    /// to 1024 evenly spaced jitter values, s.
    package func samples(timingJitter: [Double] = []) -> [Double] {
        let frame = 1 / displayRate
        let phases = 32
        var jitter: [Double]
        if timingJitter.isEmpty {
            jitter = [0]
        } else {
            let mean = timingJitter.reduce(0, +) / Double(timingJitter.count)
            let count = Swift.min(timingJitter.count, 1024)
            jitter = (0..<count).map { timingJitter[$0 * timingJitter.count / count] - mean }
        }
        var values: [Double] = []
        values.reserveCapacity(phases * jitter.count)
        let fixed = fixedPart
        for j in 0..<phases {
            let wait = (Double(j) + 0.5) / Double(phases) * frame
            for offset in jitter { values.append(fixed + wait + offset) }
        }
        return values
    }

    /// Deviation of each sample time from the nominal grid t₀ + k/rate (k the nearest grid index), s.
    package static func timingOffsets(times: [Double], rate: Double) -> [Double] {
        guard let t0 = times.first else { return [] }
        return times.map { t in
            let k = ((t - t0) * rate).rounded()
            return t - (t0 + k / rate)
        }
    }
}
