import Foundation
import Geometry
import Scientific

/// What a trace holds at a glance: size, timing, tracking, and (with ground truth) measurement error.
public struct TraceSummary: Codable, Equatable, Sendable {
    public var samples: Int
    /// Seconds from first to last sample.
    public var duration: Double
    /// Median interval between samples, seconds.
    public var medianInterval: Double
    /// 1 / median interval, Hz.
    public var rate: Double
    /// Fraction of samples with tracked = 1.
    public var trackedFraction: Double
    /// Per-axis [min, max] of the measured position, meters.
    public var minimum: Vec3
    public var maximum: Vec3
    public var hasTruth: Bool
    /// RMS of (measured − truth) per axis over tracked samples, meters; nil without truth.
    public var rmsError: Vec3?
    /// Timing gaps and frozen stretches (`TraceBreaks`, default gap threshold).
    public var breaks: BreakSummary

    enum CodingKeys: String, CodingKey {
        case samples, duration, rate, minimum, maximum
        case medianInterval = "median_interval", trackedFraction = "tracked_fraction"
        case hasTruth = "has_truth", rmsError = "rms_error", breaks
    }

    public init(_ trace: HeadTrace) {
        precondition(!trace.samples.isEmpty, "a summary needs at least one sample")
        samples = trace.count
        duration = trace.duration
        let intervals = zip(trace.samples, trace.samples.dropFirst()).map { $1.t - $0.t }
        medianInterval = intervals.isEmpty ? 0 : Statistics.median(intervals)
        rate = medianInterval > 0 ? 1 / medianInterval : 0
        trackedFraction = Double(trace.samples.filter { $0.tracked }.count) / Double(trace.count)
        var low = trace.samples[0].position, high = low
        for sample in trace.samples {
            for axis in 0..<3 {
                low[axis] = min(low[axis], sample.position[axis])
                high[axis] = max(high[axis], sample.position[axis])
            }
        }
        minimum = low
        maximum = high
        hasTruth = trace.truth != nil
        breaks = TraceBreaks(samples: trace.samples).summary
        if let truth = trace.truth {
            var sum = Vec3.zero
            var count = 0
            for (sample, real) in zip(trace.samples, truth) where sample.tracked {
                let e = sample.position - real
                sum += e.scaled(by: e)
                count += 1
            }
            rmsError = count == 0 ? nil : Vec3((sum.x / Double(count)).squareRoot(), (sum.y / Double(count)).squareRoot(), (sum.z / Double(count)).squareRoot())
        }
    }
}
