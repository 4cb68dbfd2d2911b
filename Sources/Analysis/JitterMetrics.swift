import Foundation
import Geometry
import Scientific

/// Per-axis values in millimetres, plus the 3D norm where it makes sense.
package struct AxisMm: Codable, Equatable, Sendable {
    package var x: Double
    package var y: Double
    package var z: Double
    /// √(x² + y² + z²) for RMS values; the largest axis for peak-to-peak.
    package var norm: Double
}

/// Jitter over stationary stretches.
package struct StationaryJitter: Codable, Equatable, Sendable {
    /// Seconds of stationary data used.
    package var seconds: Double
    package var segments: Int
    /// RMS of the jitter per axis, mm.
    package var rmsMm: AxisMm
    /// Largest per-segment peak-to-peak per axis, mm.
    package var peakToPeakMm: AxisMm
    /// Mean error (filtered − truth) per axis, mm; nil without ground truth.
    package var biasMm: AxisMm?
}

/// High-frequency residual from a Welch PSD.
package struct ResidualPower: Codable, Equatable, Sendable {
    package var cutoffHz: Double
    /// RMS of the residual above the cut-off per axis, mm.
    package var rmsMm: AxisMm
    package var segments: Int
}

/// Jitter metrics (positions in meters in, millimetres out).
///
/// Stationary detection: grid samples where the reference speed (central differences; without ground
/// truth, of a centred 0.5 s moving average of the measured positions) is below `speedThreshold`
/// (default 0.01 m/s); runs shorter than `settle + minimumDuration` are dropped and the first `settle`
/// seconds of each run (default 0.3 s, the filter catching up after a motion) are skipped.
///
/// Jitter with ground truth: e = filtered − truth per sample, minus its mean over the segment (the mean is
/// reported as bias). Without ground truth (stated fallback): each segment is cut into 1 s windows and
/// e = filtered − its least-squares quadratic per window; the RMS divides by n − 3 per window.
package enum JitterMetrics {
    package struct Options: Sendable {
        package var speedThreshold = 0.01
        package var settle = 0.3
        package var minimumDuration = 0.5
        package init() {}
    }

    /// Stationary runs as grid index ranges.
    package static func stationarySegments(reference: [Vec3], valid: [Bool], rate: Double, options: Options = Options()) -> [Range<Int>] {
        let n = reference.count
        guard n >= 3 else { return [] }
        var segments: [Range<Int>] = []
        let settle = Int((options.settle * rate).rounded())
        let minimum = max(3, Int((options.minimumDuration * rate).rounded()))
        var runStart: Int?
        for i in 0...n {
            var still = false
            if i < n {
                let lo = max(i - 1, 0), hi = min(i + 1, n - 1)
                let speed = (reference[hi] - reference[lo]).length * rate / Double(hi - lo)
                still = valid[i] && valid[lo] && valid[hi] && speed < options.speedThreshold
            }
            if still {
                if runStart == nil { runStart = i }
            } else if let s = runStart {
                if i - s >= settle + minimum { segments.append((s + settle)..<i) }
                runStart = nil
            }
        }
        return segments
    }

    /// Centred moving average (window `width` samples), used as the reference without ground truth.
    package static func movingAverage(_ values: [Vec3], width: Int) -> [Vec3] {
        let n = values.count
        guard n > 0 else { return [] }
        let half = max(width / 2, 0)
        var prefix = [Vec3](repeating: .zero, count: n + 1)
        for i in 0..<n { prefix[i + 1] = prefix[i] + values[i] }
        return (0..<n).map { i in
            let lo = max(0, i - half), hi = min(n, i + half + 1)
            return (prefix[hi] - prefix[lo]) / Double(hi - lo)
        }
    }

    /// Jitter of `filtered` over `segments` against `truth` (nil: the quadratic-detrend fallback).
    package static func stationary(filtered: [Vec3], truth: [Vec3]?, segments: [Range<Int>], rate: Double) -> StationaryJitter? {
        guard !segments.isEmpty else { return nil }
        var sumSquares = Vec3.zero
        var degrees = 0.0
        var peak = Vec3.zero
        var bias = Vec3.zero
        var count = 0
        for segment in segments {
            if let truth {
                var mean = Vec3.zero
                for i in segment { mean += filtered[i] - truth[i] }
                bias += mean
                mean = mean / Double(segment.count)
                var low = Vec3(.infinity, .infinity, .infinity), high = -low
                for i in segment {
                    let e = filtered[i] - truth[i] - mean
                    sumSquares += e.scaled(by: e)
                    low = Vec3(min(low.x, e.x), min(low.y, e.y), min(low.z, e.z))
                    high = Vec3(max(high.x, e.x), max(high.y, e.y), max(high.z, e.z))
                }
                degrees += Double(segment.count - 1)
                count += segment.count
                peak = Vec3(max(peak.x, high.x - low.x), max(peak.y, high.y - low.y), max(peak.z, high.z - low.z))
            } else {
                let window = max(6, Int(rate.rounded()))
                var start = segment.lowerBound
                while start < segment.upperBound {
                    var end = min(start + window, segment.upperBound)
                    if segment.upperBound - end < window / 2 { end = segment.upperBound }  // fold a short tail in
                    let range = start..<end
                    start = end
                    guard range.count >= 6 else { continue }
                    var low = Vec3(.infinity, .infinity, .infinity), high = -low
                    for axis in 0..<3 {
                        let residuals = quadraticResiduals(range.map { filtered[$0][axis] })
                        for r in residuals {
                            sumSquares[axis] += r * r
                            low[axis] = min(low[axis], r)
                            high[axis] = max(high[axis], r)
                        }
                    }
                    degrees += Double(range.count - 3)
                    count += range.count
                    peak = Vec3(max(peak.x, high.x - low.x), max(peak.y, high.y - low.y), max(peak.z, high.z - low.z))
                }
            }
        }
        guard degrees > 0 else { return nil }
        let rms = Vec3((sumSquares.x / degrees).squareRoot(), (sumSquares.y / degrees).squareRoot(), (sumSquares.z / degrees).squareRoot()) * 1000
        let p2p = peak * 1000
        let meanBias = truth == nil ? nil : bias / Double(count) * 1000
        return StationaryJitter(
            seconds: Double(count) / rate, segments: segments.count,
            rmsMm: AxisMm(x: rms.x, y: rms.y, z: rms.z, norm: rms.length),
            peakToPeakMm: AxisMm(x: p2p.x, y: p2p.y, z: p2p.z, norm: max(p2p.x, p2p.y, p2p.z)),
            biasMm: meanBias.map { AxisMm(x: $0.x, y: $0.y, z: $0.z, norm: $0.length) })
    }

    /// Residuals of a least-squares quadratic fit over equally spaced samples.
    static func quadraticResiduals(_ values: [Double]) -> [Double] {
        let n = values.count
        let mid = Double(n - 1) / 2
        // Orthogonal polynomials on the centred index u: 1, u, u² − c.
        let us = (0..<n).map { Double($0) - mid }
        let c = us.reduce(0) { $0 + $1 * $1 } / Double(n)
        let p2 = us.map { $0 * $0 - c }
        let mean = values.reduce(0, +) / Double(n)
        let slope = zip(us, values).reduce(0) { $0 + $1.0 * $1.1 } / us.reduce(0) { $0 + $1 * $1 }
        let curve = zip(p2, values).reduce(0) { $0 + $1.0 * $1.1 } / p2.reduce(0) { $0 + $1 * $1 }
        return (0..<n).map { values[$0] - mean - slope * us[$0] - curve * p2[$0] }
    }

    /// RMS above `cutoff` Hz of `residual` (filtered − truth, or — without ground truth — the filtered
    /// signal itself, head motion being mostly below a few Hz) from a Welch PSD (Hann, `segmentLength`
    /// samples, 50 % overlap, mean removed per segment; segments containing an invalid sample skipped).
    package static func residualPower(
        _ residual: [Vec3], valid: [Bool], rate: Double, cutoff: Double, segmentLength: Int = Welch.defaultSegmentLength
    ) -> ResidualPower? {
        var values = Vec3.zero
        var segments = 0
        for axis in 0..<3 {
            guard let estimate = Welch.psd(residual.map { $0[axis] }, sampleRate: rate, segmentLength: segmentLength, valid: valid) else { return nil }
            values[axis] = estimate.rms(above: cutoff) * 1000
            segments = estimate.segments
        }
        return ResidualPower(cutoffHz: cutoff, rmsMm: AxisMm(x: values.x, y: values.y, z: values.z, norm: values.length), segments: segments)
    }
}
