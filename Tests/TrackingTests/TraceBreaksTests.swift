import Geometry
import Testing
@testable import Tracking

@Suite struct TraceBreaksTests {
    /// 60 Hz samples at x = k mm, with the given times and positions overridden.
    static func samples(count: Int, times: [Int: Double] = [:], positions: [Int: Vec3] = [:]) -> [HeadSample] {
        (0..<count).map { k in
            HeadSample(t: times[k] ?? Double(k) / 60, position: positions[k] ?? Vec3(Double(k) * 0.001, 0, 0.35))
        }
    }

    @Test func findsAGapLongerThanTwoAndAHalfMedianIntervals() {
        // Samples 0…9 at 60 Hz, then a 2.3 s hole before sample 10.
        var times: [Int: Double] = [:]
        for k in 10..<20 { times[k] = Double(k - 1) / 60 + 2.3 }
        let breaks = TraceBreaks(samples: Self.samples(count: 20, times: times))
        #expect(abs(breaks.gapThreshold - 2.5 / 60) < 1e-12)
        #expect(breaks.gaps.count == 1)
        #expect(breaks.gaps[0].after == 9)
        #expect(abs(breaks.gaps[0].duration - 2.3) < 1e-9)
        #expect(breaks.frozen.isEmpty)
        #expect(breaks.segments(count: 20) == [0..<10, 10..<20])
        // A hole of 2 median intervals (one dropped frame) is not a gap.
        let dropped = TraceBreaks(samples: Self.samples(count: 20).enumerated().filter { $0.offset != 6 }.map(\.element))
        #expect(dropped.gaps.isEmpty)
    }

    @Test func findsFrozenStretchesOfThreeOrMoreIdenticalPositions() {
        let frozen = Vec3(0.004, 0, 0.35)
        // Samples 4, 5, 6, 7 repeat sample 4 (a stretch of 4); samples 12, 13 are a pair only (not frozen).
        let pair = Vec3(0.012, 0, 0.35)
        let breaks = TraceBreaks(samples: Self.samples(count: 20, positions: [4: frozen, 5: frozen, 6: frozen, 7: frozen, 12: pair, 13: pair]))
        #expect(breaks.frozen.count == 1)
        #expect(breaks.frozen[0].indices == 4..<8)
        // From the first frozen sample to the first moving one: 4 intervals.
        #expect(abs(breaks.frozen[0].duration - 4.0 / 60) < 1e-12)
        #expect(breaks.repeatsFrozenPosition() == [5, 6, 7])
        #expect(breaks.segments(count: 20) == [0..<5, 8..<20])
        let summary = breaks.summary
        #expect(summary.frozenStretches == 1 && summary.gaps == 0)
        let marked = HeadTrace(samples: Self.samples(count: 20, positions: [4: frozen, 5: frozen, 6: frozen, 7: frozen])).markingFrozenRepeatsUntracked(breaks)
        #expect(marked.samples.map(\.tracked) == (0..<20).map { ![5, 6, 7].contains($0) })
    }

    @Test func inspectSummaryCountsBreaks() {
        var times: [Int: Double] = [:]
        for k in 30..<60 { times[k] = Double(k) / 60 + 1.0 }
        let frozen = Vec3(0.05, 0, 0.35)
        let trace = HeadTrace(samples: Self.samples(count: 60, times: times, positions: [50: frozen, 51: frozen, 52: frozen]))
        let summary = TraceSummary(trace).breaks
        #expect(summary.gaps == 1)
        #expect(abs(summary.longestGap - (1.0 + 1.0 / 60)) < 1e-9)
        #expect(summary.frozenStretches == 1)
        #expect(abs(summary.longestFrozen - 3.0 / 60) < 1e-9)
    }
}
