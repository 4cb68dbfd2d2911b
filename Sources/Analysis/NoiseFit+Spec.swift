import Foundation
import Geometry
import Scientific
import Tracking

extension NoiseFit {
    /// A synthesis spec that looks like the recording: the fitted noise, the recording's rate and median
    /// position, and a motion plan of 10 s holding still then sway with the recording's lateral extent
    /// (half the 5–95 % range of x and y, at 0.25 / 0.5 Hz) for the rest of its duration (at least 20 s).
    package func traceSpec(recording: HeadTrace, given: NoiseSpec = NoiseSpec(), seed: UInt64 = 1) -> TraceSpec {
        let positions = recording.samples.filter(\.tracked).map(\.position)
        let all = positions.isEmpty ? recording.samples.map(\.position) : positions
        func range(_ axis: Int) -> (median: Double, half: Double) {
            let values = all.map { $0[axis] }
            let q = Statistics.quantiles(values, [0.05, 0.5, 0.95])
            return (q[1], (q[2] - q[0]) / 2)
        }
        let x = range(0), y = range(1), z = range(2)
        var sway = MotionSegment(model: .sway, duration: (max(duration, 20) - 10).rounded())
        sway.amplitude = significant(Vec3(min(x.half, 0.5), min(y.half, 0.5), 0))
        sway.frequency = Vec3(0.25, 0.5, 0)
        var noise = noiseSpec(given: given)
        noise.sigma = significant(noise.sigma)
        noise.referenceDistance = significant(noise.referenceDistance)
        noise.distanceExponent = significant(noise.distanceExponent)
        noise.outlierProbability = significant(noise.outlierProbability)
        noise.outlierMagnitude = significant(noise.outlierMagnitude)
        noise.dropoutRate = significant(noise.dropoutRate)
        noise.dropoutDuration = significant(noise.dropoutDuration)
        noise.timingJitter = significant(noise.timingJitter)
        noise.droppedFrameProbability = significant(noise.droppedFrameProbability)
        return TraceSpec(seed: seed, rate: significant(rate), start: significant(Vec3(x.median, y.median, max(z.median, 0.05))),
                         motion: [MotionSegment(model: .still, duration: 10), sway], noise: noise)
    }

    /// Four significant digits: more than the fit's intervals support, and short decimals in the YAML.
    func significant(_ value: Double) -> Double { Double(String(format: "%.4g", value)) ?? value }
    func significant(_ v: Vec3) -> Vec3 { Vec3(significant(v.x), significant(v.y), significant(v.z)) }

    /// The fitted values, one per line, with 95 % intervals where the estimator gives them.
    package var summaryLines: [String] {
        func interval(_ v: FittedValue, _ scale: Double, _ format: String) -> String {
            let value = String(format: format, v.value * scale)
            guard let low = v.low, let high = v.high else { return value }
            return value + " [" + String(format: format, low * scale) + ", " + String(format: format, high * scale) + "]"
        }
        var lines = [
            String(format: "samples %d over %.1f s; rate %.3f Hz (1 / median interval)", samples, duration, rate),
            "timing jitter σ            " + interval(timingJitter, 1000, "%.3f") + " ms",
            "dropped frames             " + interval(droppedFrameProbability, 100, "%.3f") + " % of frames",
        ]
        for (axis, name) in ["x", "y", "z"].enumerated() {
            var line = "noise σ \(name) at " + String(format: "%.3f m", referenceDistance) + "     " + interval(sigma[axis], 1000, "%.3f") + " mm"
            if let p = distanceExponent[axis] { line += ", distance exponent " + interval(p, 1, "%.2f") }
            lines.append(line)
        }
        lines.append(String(format: "depth span                 ×%.2f (far / near bin distance)", depthSpan))
        lines.append("outliers                   " + interval(outlierProbability, 100, "%.3f") + String(format: " %% of samples, size %.1f mm (median)", outlierMagnitude * 1000))
        lines.append("dropouts                   \(dropouts): rate " + interval(dropoutRate, 1, "%.3f") + " /s, mean length " + interval(dropoutDuration, 1, "%.3f") + " s")
        return lines + notes.map { "note: " + $0 }
    }
}
