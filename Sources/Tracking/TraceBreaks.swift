import Foundation
import Geometry
import Scientific

/// Where a trace stops being a continuous measurement: timing gaps (no sample for longer than
/// `gapThreshold`) and frozen stretches (≥ `minimumFrozenRun` consecutive identical positions — how ARKit +
/// the app deliver a lost face when nobody logged `tracked`).
///
/// No metric may be measured across a break: a step, a lag or a jitter that spans one is the tracker's
/// hole, not the person's motion.
public struct TraceBreaks: Codable, Equatable, Sendable {
    /// A hole in the timestamps: no sample between `samples[after].t` and `samples[after + 1].t`.
    public struct Gap: Codable, Equatable, Sendable {
        /// Index of the sample before the hole.
        public var after: Int
        public var start: Double
        public var duration: Double
    }

    /// A run of identical positions, `indices` (≥ 3 samples); its first sample is the last real
    /// measurement, the rest are repeats of it.
    public struct FrozenStretch: Codable, Equatable, Sendable {
        public var indices: Range<Int>
        public var start: Double
        /// From the first to the sample after the last repeat (or the last sample), s.
        public var duration: Double
    }

    /// Default gap threshold: this many median intervals.
    public static let defaultGapFactor = 2.5
    /// Fewest identical consecutive positions that count as frozen.
    public static let minimumFrozenRun = 3

    public var gapThreshold: Double
    public var gaps: [Gap]
    public var frozen: [FrozenStretch]

    /// Finds the breaks of `samples`; `gapThreshold` nil means `defaultGapFactor` × the median interval.
    public init(samples: [HeadSample], gapThreshold: Double? = nil) {
        let n = samples.count
        var intervals: [Double] = []
        intervals.reserveCapacity(max(n - 1, 0))
        for i in 1..<max(n, 1) { intervals.append(samples[i].t - samples[i - 1].t) }
        let threshold = gapThreshold ?? Self.defaultGapFactor * (intervals.isEmpty ? 0 : Statistics.median(intervals))
        self.gapThreshold = threshold
        gaps = intervals.indices.compactMap { i in
            intervals[i] > threshold ? Gap(after: i, start: samples[i].t, duration: intervals[i]) : nil
        }
        var frozen: [FrozenStretch] = []
        var runStart = 0
        for i in 1...max(n, 1) {
            if i < n && samples[i].position == samples[runStart].position { continue }
            if i - runStart >= Self.minimumFrozenRun {
                let end = i < n ? samples[i].t : samples[n - 1].t
                frozen.append(FrozenStretch(indices: runStart..<i, start: samples[runStart].t, duration: end - samples[runStart].t))
            }
            runStart = i
        }
        self.frozen = frozen
    }

    public var isEmpty: Bool { gaps.isEmpty && frozen.isEmpty }

    /// Whether sample `index` repeats a frozen position (the first sample of each stretch is real).
    public func repeatsFrozenPosition() -> Set<Int> {
        var repeats = Set<Int>()
        for stretch in frozen { repeats.formUnion(stretch.indices.dropFirst()) }
        return repeats
    }

    /// Index ranges of the continuous segments between gaps and frozen repeats.
    public func segments(count: Int) -> [Range<Int>] {
        var cuts = [Bool](repeating: false, count: count)  // cuts[i]: a break between i − 1 and i
        for gap in gaps where gap.after + 1 < count { cuts[gap.after + 1] = true }
        var excluded = [Bool](repeating: false, count: count)
        for stretch in frozen { for i in stretch.indices.dropFirst() { excluded[i] = true } }
        var segments: [Range<Int>] = []
        var start: Int?
        for i in 0...count {
            let ends = i == count || excluded[i] || cuts[i]
            if ends, let s = start { segments.append(s..<i); start = nil }
            if i < count && !excluded[i] && start == nil { start = i }
        }
        return segments
    }

    /// A summary for `inspect`: counts, total and longest durations, s.
    public var summary: BreakSummary {
        BreakSummary(gapThreshold: gapThreshold, gaps: gaps.count, gapTotal: gaps.reduce(0) { $0 + $1.duration },
                     longestGap: gaps.map(\.duration).max() ?? 0, frozenStretches: frozen.count,
                     frozenTotal: frozen.reduce(0) { $0 + $1.duration }, longestFrozen: frozen.map(\.duration).max() ?? 0)
    }
}
/// Counts and durations of a trace's breaks (seconds).
public struct BreakSummary: Codable, Equatable, Sendable {
    public var gapThreshold: Double
    public var gaps: Int
    public var gapTotal: Double
    public var longestGap: Double
    public var frozenStretches: Int
    public var frozenTotal: Double
    public var longestFrozen: Double

    enum CodingKeys: String, CodingKey {
        case gaps
        case gapThreshold = "gap_threshold", gapTotal = "gap_total", longestGap = "longest_gap"
        case frozenStretches = "frozen_stretches", frozenTotal = "frozen_total", longestFrozen = "longest_frozen"
    }
}

extension HeadTrace {
    /// The trace with frozen repeats marked untracked (a recording without a `tracked` column says
    /// "lost" only by repeating the last pose).
    public func markingFrozenRepeatsUntracked(_ breaks: TraceBreaks) -> HeadTrace {
        var copy = self
        for stretch in breaks.frozen {
            for i in stretch.indices.dropFirst() { copy.samples[i].tracked = false }
        }
        return copy
    }
}
