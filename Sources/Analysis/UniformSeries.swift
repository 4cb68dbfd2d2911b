import Foundation
import Geometry
import Tracking

/// Signals of one trace resampled by linear interpolation onto a uniform time grid t₀ + j/rate, so that
/// correlation and spectral estimates can treat them as regularly sampled (traces have timestamp jitter
/// and dropped frames). `valid[j]` is false where either bracketing sample was untracked.
package struct UniformSeries: Sendable {
    package var start: Double
    /// Grid rate, Hz.
    package var rate: Double
    /// Resampled signals, in the order they were given.
    package var signals: [[Vec3]]
    package var valid: [Bool]

    package var count: Int { valid.count }

    /// Resamples `signals` (each one value per sample of `samples`) at `rate` Hz. Grid points inside an
    /// interval longer than `maxInterval` (a timing gap, `TraceBreaks`) are invalid too.
    package init(samples: [HeadSample], signals input: [[Vec3]], rate: Double, maxInterval: Double = .infinity) {
        precondition(rate > 0, "rate must be > 0")
        precondition(input.allSatisfy { $0.count == samples.count }, "one value per sample")
        start = samples.first?.t ?? 0
        self.rate = rate
        let duration = (samples.last?.t ?? 0) - start
        let count = samples.isEmpty ? 0 : Int((duration * rate + 1e-9).rounded(.down)) + 1
        var outputs = [[Vec3]](repeating: [Vec3](repeating: .zero, count: count), count: input.count)
        var valid = [Bool](repeating: false, count: count)
        var k = 0
        for j in 0..<count {
            let t = start + Double(j) / rate
            while k + 1 < samples.count - 1 && samples[k + 1].t <= t { k += 1 }
            if samples.count == 1 {
                for s in input.indices { outputs[s][j] = input[s][0] }
                valid[j] = samples[0].tracked
                continue
            }
            let t0 = samples[k].t, t1 = samples[k + 1].t
            let w = min(max((t - t0) / (t1 - t0), 0), 1)
            for s in input.indices {
                let a = input[s][k], b = input[s][k + 1]
                outputs[s][j] = Vec3(a.x + w * (b.x - a.x), a.y + w * (b.y - a.y), a.z + w * (b.z - a.z))
            }
            valid[j] = samples[k].tracked && samples[k + 1].tracked && t1 - t0 <= maxInterval
        }
        self.signals = outputs
        self.valid = valid
    }

    /// Central-difference velocity (m/s) of a resampled signal; one-sided at the ends. `validity` is true
    /// where the three samples used are valid.
    package func velocity(of signal: [Vec3]) -> (velocity: [Vec3], valid: [Bool]) {
        let n = signal.count
        var velocity = [Vec3](repeating: .zero, count: n)
        var ok = [Bool](repeating: false, count: n)
        guard n >= 2 else { return (velocity, ok) }
        for i in 0..<n {
            let lo = max(i - 1, 0), hi = min(i + 1, n - 1)
            velocity[i] = (signal[hi] - signal[lo]) * (rate / Double(hi - lo))
            ok[i] = valid[lo] && valid[i] && valid[hi]
        }
        return (velocity, ok)
    }

    /// The nominal rate of a trace: its `rate` metadata when present and plausible, else 1 / median Δt.
    package static func nominalRate(of trace: HeadTrace) -> Double {
        if let text = trace.metadata("rate"), let rate = Double(text), rate > 0, rate <= 10_000 { return rate }
        guard trace.count >= 2 else { return 60 }
        var intervals = [Double]()
        intervals.reserveCapacity(trace.count - 1)
        for i in 1..<trace.count { intervals.append(trace.samples[i].t - trace.samples[i - 1].t) }
        intervals.sort()
        return 1 / intervals[intervals.count / 2]
    }
}
