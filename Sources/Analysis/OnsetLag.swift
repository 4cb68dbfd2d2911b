import Foundation
import Geometry
import Scientific
import Tracking

/// The lag of one sample of a movement.
package struct OnsetLagFrame: Equatable, Sendable {
    /// Time since the movement's onset, s (> 0).
    package var sinceOnset: Double
    /// Lag, s (negative: the signal leads the reference).
    package var lag: Double
}

/// The median lag of the movement samples whose time since onset lies in [from, to).
package struct OnsetLagBin: Codable, Equatable, Sendable {
    package var fromSeconds: Double
    /// nil: open-ended.
    package var toSeconds: Double?
    /// nil when no sample falls in the bin.
    package var medianSeconds: Double?
    package var frames: Int
}

/// Lag as a function of time since movement onset (`OnsetLag.measure`).
package struct OnsetLagReport: Codable, Equatable, Sendable {
    /// Movements from rest measured, and how many of them were jumps.
    package var movements: Int
    package var jumps: Int
    /// The onset window, s: `onsetSeconds` covers (0, window), `steadySeconds` from the window on.
    package var onsetWindowSeconds: Double
    /// Median lag over the samples in the first `onsetWindowSeconds` after each onset, s; nil without any.
    package var onsetSeconds: Double?
    /// Median lag from `onsetWindowSeconds` after the onset to the movement's end, s; nil without any.
    package var steadySeconds: Double?
    package var bins: [OnsetLagBin]
}

/// Lag across a movement: predictive filters lag most at the start of a movement, before their velocity
/// estimate has caught up; an EMA lags least there (on a ramp its lag grows as (1 − α)/α·(1 − (1 − α)^k)
/// samples). One lag figure over a whole trace hides both.
///
/// Movements from rest are found in the reference (`MovementOnsets`). For each sample k of a movement:
/// - **continuous movement**: the lag τ such that the signal equals the reference at t_k − τ along the
///   movement's direction — the latest earlier crossing of the signal's value by the reference (linear
///   between samples), or, when the signal is ahead, the first later one (τ < 0). Samples whose value the
///   reference does not reach within ±`maxLag` inside the movement are skipped.
/// - **jump** (the reference has no intermediate values to compare against): the ramp-equivalent lag
///   τ_k = Σ_{m ≤ k} (r_m − y_m)·(t_m − t_{m−1}), r and y the reference and signal along the jump as
///   fractions of it. For a linear filter the ramp response is the running sum of the step response, so
///   this is exactly the lag the same filter shows on a ramp that starts at the onset.
///
/// The samples are then grouped by time since onset: the onset window (0, `onsetWindow`), the rest of
/// the movement ("steady"), and bins; each gets the median lag (robust to the noisy first samples, where
/// the reference has barely moved).
package enum OnsetLag {
    package struct Options: Sendable {
        /// Below this speed the reference is at rest, m/s (the stationary threshold of the jitter metrics).
        package var stillSpeed = JitterMetrics.Options().speedThreshold
        /// Rest needed before an onset, s (the jitter metrics' settling time: the filter has caught up).
        package var leadIn = JitterMetrics.Options().settle
        /// Shortest movement measured, m.
        package var minimumDisplacement = 0.01
        /// Length of the onset window, s.
        package var onsetWindow = 0.1
        /// Lower edges of the bins, s; the last bin is open-ended.
        package var binEdges = [0, 0.05, 0.1, 0.2]
        /// Largest |lag| searched for, s (the cross-correlation's range).
        package var maxLag = AnalysisOptions().maxLag
        package init() {}
    }

    /// The note of an analysis whose reference never moves from rest (with the default options).
    package static let noMovementNote: String = {
        let o = Options()
        return String(format: "lag across a movement: no movement from rest (≥ %g mm at ≥ %g m/s after ≥ %g s below it); lag_onset_ms and lag_steady_ms not computed",
                      o.minimumDisplacement * 1000, o.stillSpeed, o.leadIn)
    }()

    /// Lag of `filtered` behind the trace's truth (nil without truth) across its movements from rest, on
    /// the original samples, never across a timing gap, frozen repeat or untracked sample.
    package static func measure(trace: HeadTrace, filtered: [Vec3], breaks: TraceBreaks, options: Options = Options()) -> OnsetLagReport? {
        guard let truth = trace.truth else { return nil }
        let tracked = trace.samples.map(\.tracked)
        var runs: [Range<Int>] = []
        for segment in breaks.segments(count: trace.count) {
            var start: Int?
            for i in segment.lowerBound...segment.upperBound {
                let usable = i < segment.upperBound && tracked[i]
                if usable, start == nil { start = i }
                if !usable, let s = start { runs.append(s..<i); start = nil }
            }
        }
        return measure(times: trace.samples.map(\.t), reference: truth, signal: filtered, runs: runs, options: options)
    }

    /// Lag of `signal` behind `reference` across the reference's movements from rest within `runs`
    /// (index ranges of uninterrupted, tracked samples). nil when there is no movement from rest.
    package static func measure(times: [Double], reference: [Vec3], signal: [Vec3], runs: [Range<Int>], options: Options = Options()) -> OnsetLagReport? {
        let movements = MovementOnsets.find(times: times, reference: reference, runs: runs, stillSpeed: options.stillSpeed,
                                            leadIn: options.leadIn, minimumDisplacement: options.minimumDisplacement)
        guard !movements.isEmpty else { return nil }
        let frames = movements.flatMap { lags(of: $0, times: times, reference: reference, signal: signal, maxLag: options.maxLag) }
        /// Median lag and count of the samples whose time since onset lies in [from, to).
        func median(from: Double, to: Double) -> (Double?, Int) {
            let lags = frames.filter { $0.sinceOnset >= from && $0.sinceOnset < to }.map(\.lag)
            return (lags.isEmpty ? nil : Statistics.median(lags), lags.count)
        }
        let edges = options.binEdges
        let bins = edges.indices.map { index -> OnsetLagBin in
            let upper = index + 1 < edges.count ? edges[index + 1] : nil
            let (value, count) = median(from: edges[index], to: upper ?? .infinity)
            return OnsetLagBin(fromSeconds: edges[index], toSeconds: upper, medianSeconds: value, frames: count)
        }
        return OnsetLagReport(movements: movements.count, jumps: movements.filter(\.isJump).count, onsetWindowSeconds: options.onsetWindow,
                              onsetSeconds: median(from: 0, to: options.onsetWindow).0,
                              steadySeconds: median(from: options.onsetWindow, to: .infinity).0, bins: bins)
    }

    /// The lag of every measurable sample after the onset of `movement`.
    package static func lags(of movement: Movement, times: [Double], reference: [Vec3], signal: [Vec3], maxLag: Double) -> [OnsetLagFrame] {
        let origin = reference[movement.onset]
        let d = movement.direction
        let start = movement.onset + 1
        if movement.isJump {
            var lag = 0.0
            return (start..<movement.measuredEnd).map { m in
                let shortfall = (reference[m] - signal[m]).dot(d) / movement.displacement
                lag += shortfall * (times[m] - times[m - 1])
                return OnsetLagFrame(sinceOnset: times[m] - times[movement.onset], lag: lag)
            }
        }
        let along = (movement.onset..<movement.end).map { (reference[$0] - origin).dot(d) }
        func p(_ j: Int) -> Double { along[j - movement.onset] }
        /// The time between samples j − 1 and j at which the reference passes `value`, if it does.
        func crossing(_ j: Int, _ value: Double) -> Double? {
            let a = p(j - 1), b = p(j)
            guard min(a, b) <= value && value <= max(a, b) else { return nil }
            if value == b { return times[j] }  // exactly, so that a signal equal to the reference has lag 0
            return times[j - 1] + (value - a) / (b - a) * (times[j] - times[j - 1])
        }
        var frames: [OnsetLagFrame] = []
        for k in start..<movement.end {
            let value = (signal[k] - origin).dot(d)
            var found: Double?
            if value <= p(k) {
                var j = k
                while j > movement.onset && times[k] - times[j] <= maxLag {
                    if let s = crossing(j, value) { found = s; break }
                    j -= 1
                }
            } else {
                var j = k + 1
                while j < movement.end && times[j - 1] - times[k] <= maxLag {
                    if let s = crossing(j, value) { found = s; break }
                    j += 1
                }
            }
            guard let s = found, abs(times[k] - s) <= maxLag else { continue }
            frames.append(OnsetLagFrame(sinceOnset: times[k] - times[movement.onset], lag: times[k] - s))
        }
        return frames
    }
}

extension OnsetLagReport {
    /// Rows of `parallax analyze`'s lag table: the onset and steady medians, then the bins.
    package var textRows: [(label: String, value: String)] {
        func ms(_ seconds: Double?) -> String { seconds.map { String(format: "%.1f ms", $0 * 1000) } ?? "—" }
        func edge(_ seconds: Double) -> String { String(format: "%g", seconds * 1000) }
        let window = edge(onsetWindowSeconds)
        var rows = [
            (label: "lag after onset (0–\(window) ms)", value: "\(ms(onsetSeconds))  (median over \(movements) movements from rest, \(jumps) jumps)"),
            (label: "lag after \(window) ms (steady)", value: ms(steadySeconds)),
        ]
        let bins = self.bins.map { bin in
            "\(edge(bin.fromSeconds))\(bin.toSeconds.map { "–" + edge($0) } ?? "+") ms: \(ms(bin.medianSeconds)) (\(bin.frames))"
        }
        rows.append((label: "  by time since onset (frames)", value: bins.joined(separator: ", ")))
        return rows
    }
}
