import Geometry
import Smoothing
import Testing
import Tracking

@Suite struct SmootherSpecTraceTests {
    /// A unit step in x at the second sample.
    static let step = HeadTrace(samples: (0..<4).map { k in HeadSample(t: Double(k) / 60, position: Vec3(k == 0 ? 0 : 1, 0, 0.35)) },
                                metadata: [MetadataEntry(key: "model", value: "step")])

    /// EMA with α = 0.5 on 0, 1, 1, 1: y = 0, 0.5, 0.75, 0.875.
    @Test func smoothsWithAFreshFilterAndRecordsTheSpec() throws {
        let spec = try SmootherSpec(parsing: "ema:alpha=0.5")
        let smoothed = spec.smooth(Self.step)
        #expect(smoothed.samples.map(\.position.x) == [0, 0.5, 0.75, 0.875])
        #expect(smoothed.metadata("smoother") == spec.description && smoothed.metadata("model") == "step")
        // A fresh filter each time: the same input gives the same output.
        #expect(spec.smooth(Self.step).samples == smoothed.samples)
    }

    /// Smoothing a smoothed trace is the chain of both: the metadata says `first|second`.
    @Test func smoothingTwiceRecordsTheChain() throws {
        let first = try SmootherSpec(parsing: "ema:alpha=0.5"), second = try SmootherSpec(parsing: "none")
        let twice = second.smooth(first.smooth(Self.step))
        #expect(twice.metadata("smoother") == "\(first.description)|\(second.description)")
        #expect(twice.samples.map(\.position.x) == [0, 0.5, 0.75, 0.875])
    }
}
