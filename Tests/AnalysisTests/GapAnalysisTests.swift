import Analysis
import Foundation
import Geometry
import Smoothing
import Testing
import Tracking

/// Nothing is measured across a timing gap: the jump of the head across a 2.3 s hole is not a step.
@Suite struct GapAnalysisTests {
    /// Still at x = 0 for 5 s, a 2.3 s hole, still at x = 5 cm for 5 s; ±0.3 mm alternating "noise"; no truth.
    static func recordingWithAGap() -> HeadTrace {
        var samples: [HeadSample] = []
        for k in 0..<600 {
            let t = Double(k) / 60 + (k >= 300 ? 2.3 : 0)
            let x = (k >= 300 ? 0.05 : 0) + (k % 2 == 0 ? 0.0003 : -0.0003) + 0.0001 * sin(Double(k))
            samples.append(HeadSample(t: t, position: Vec3(x, 0.0002 * cos(Double(k)), 0.35 + 0.0001 * sin(0.7 * Double(k)))))
        }
        return HeadTrace(samples: samples)
    }

    @Test func theJumpAcrossAGapIsNotAStep() throws {
        let trace = Self.recordingWithAGap()
        let spec = try SmootherSpec(parsing: "ema:alpha=0.25")
        var smoother = spec.makeSmoother()
        let filtered = smoother.smooth(trace.samples)
        // Without gap handling the jump is one step with the EMA's response…
        let unguarded = try #require(StepResponse.measure(samples: trace.samples, reference: trace.samples.map(\.position), filtered: filtered, threshold: 0.02))
        #expect(unguarded.steps == 1)
        // …with it, none; and the analysis says why.
        #expect(StepResponse.measure(samples: trace.samples, reference: trace.samples.map(\.position), filtered: filtered, threshold: 0.02,
                                     maxInterval: TraceBreaks(samples: trace.samples).gapThreshold) == nil)
        let report = try TraceAnalysis.analyze(trace, smoother: spec, screen: nil, movementScale: 1.5)
        #expect(report.lag.step == nil)
        #expect(report.notes.contains { $0.hasPrefix("1 timing gap(s) longer than 41.7 ms (longest 2.317 s)") })
    }

    /// Grid points inside the hole are invalid; the ones on either side are not.
    @Test func uniformGridIsInvalidInsideAGap() {
        let trace = Self.recordingWithAGap()
        let threshold = TraceBreaks(samples: trace.samples).gapThreshold
        let grid = UniformSeries(samples: trace.samples, signals: [trace.samples.map(\.position)], rate: 60, maxInterval: threshold)
        let invalid = grid.valid.indices.filter { !grid.valid[$0] }
        // The hole spans [299/60, 300/60 + 2.3): grid points 299 (its start, interpolated from the bracket
        // across the hole) … 437 at 1/60 s; 438 (= 7.3 s) is sample 300 itself.
        #expect(invalid.first == 299 && invalid.last == 437)
        #expect(invalid.count == 139)
    }
}
