import Foundation
import Geometry
import Testing
import Tracking

/// The lag tests of Analysis rely on the synthesizer's latency model: measured(t) = truth(t − latency).
@Suite struct SensorLatencyTests {
    @Test func measuredIsTheTruthOfLatencyEarlier() throws {
        var spec = TraceSpec(seed: 2, motion: [MotionSegment(model: .sway, duration: 5)], noise: .none)
        spec.noise.latency = 0.037
        let trace = try TraceSynthesizer.synthesize(spec)
        // sway: x = start.x + 0.04·sin(2π·0.25·t), y = start.y + 0.02·sin(2π·0.5·t).
        for sample in trace.samples where sample.t >= 0.037 {
            let s = sample.t - 0.037
            #expect(abs(sample.position.x - 0.04 * sin(2 * .pi * 0.25 * s)) < 1e-12)
            #expect(abs(sample.position.y - 0.02 * sin(2 * .pi * 0.5 * s)) < 1e-12)
        }
        for (sample, truth) in zip(trace.samples, trace.truth!) {
            #expect(abs(truth.x - 0.04 * sin(2 * .pi * 0.25 * sample.t)) < 1e-12)
        }
    }
}
