import Foundation
import Geometry
import ParallaxTestSupport
import Plumbing
import Scientific
import Testing
@testable import Tracking
import Vocabulary

@Suite struct SynthesisTests {
    /// A head held perfectly still at `start`, so measured − truth is pure sensor noise.
    func motionless(_ seconds: Double, start: Vec3 = Vec3(0, 0, 0.35), noise: NoiseSpec, seed: UInt64 = 5) throws -> HeadTrace {
        var segment = MotionSegment(model: .still, duration: seconds)
        segment.amplitude = .zero
        return try TraceSynthesizer.synthesize(TraceSpec(seed: seed, start: start, motion: [segment], noise: noise))
    }

    func residuals(_ trace: HeadTrace, axis: Int) -> [Double] {
        zip(trace.samples, trace.truth!).map { $0.position[axis] - $1[axis] }
    }

    @Test func gaussianNoiseHasTheConfiguredSigmaPerAxis() throws {
        var noise = NoiseSpec.none
        noise.sigma = Vec3(0.0005, 0.0008, 0.002)
        let trace = try motionless(600, noise: noise)
        let n = Double(trace.count)
        let bound = 4 / (2 * n).squareRoot()  // 4 standard errors of a sample σ
        for axis in 0..<3 {
            let sigma = Statistics.standardDeviation(residuals(trace, axis: axis))
            #expect(abs(sigma / noise.sigma[axis] - 1) < bound, "axis \(axis): \(sigma)")
        }
    }

    @Test func sigmaGrowsWithDistance() throws {
        var noise = NoiseSpec.none
        noise.sigma = Vec3(0.0005, 0.0005, 0.0015)
        let trace = try motionless(600, start: Vec3(0, 0, 0.70), noise: noise)  // twice the reference distance
        let bound = 4 / (2 * Double(trace.count)).squareRoot()
        // Lateral σ ∝ z (×2), depth σ ∝ z² (×4).
        #expect(abs(Statistics.standardDeviation(residuals(trace, axis: 0)) / 0.001 - 1) < bound)
        #expect(abs(Statistics.standardDeviation(residuals(trace, axis: 2)) / 0.006 - 1) < bound)
    }

    @Test func dropoutsHaveTheExpectedRateAndFreezeThePosition() throws {
        var noise = NoiseSpec.none
        noise.sigma = Vec3(0.001, 0.001, 0.001)
        noise.dropoutRate = 0.5
        noise.dropoutDuration = 0.3
        let trace = try motionless(2000, noise: noise)
        // Alternating renewal process: fraction of time lost = μ / (1/λ + μ) = 0.3 / 2.3.
        let lost = Double(trace.samples.filter { !$0.tracked }.count) / Double(trace.count)
        let expected = 0.3 / 2.3
        #expect(abs(lost / expected - 1) < 0.12, "lost fraction \(lost)")
        // Number of bursts ≈ λ·T/(1 + λμ).
        var bursts = 0
        for i in 1..<trace.count where !trace.samples[i].tracked && trace.samples[i - 1].tracked { bursts += 1 }
        let expectedBursts = 0.5 * 2000 / 1.15
        #expect(abs(Double(bursts) / expectedBursts - 1) < 0.15, "bursts \(bursts)")
        // While lost, the position is frozen at the last tracked value.
        for i in 1..<trace.count where !trace.samples[i].tracked {
            #expect(trace.samples[i].position == trace.samples[i - 1].position)
        }
    }

    @Test func latencyIsRecoveredByCrossCorrelation() throws {
        var noise = NoiseSpec.none
        noise.latency = 0.037
        noise.sigma = Vec3(0.0003, 0.0003, 0.0003)
        noise.timingJitter = 0.002
        var sway = MotionSegment(model: .chirp, duration: 30)
        sway.amplitude = Vec3(0.03, 0.0, 0)
        sway.startFrequency = 0.2
        sway.endFrequency = 2
        let trace = try TraceSynthesizer.synthesize(TraceSpec(seed: 3, motion: [sway], noise: noise))
        let times = trace.samples.map(\.t)
        let truthX = trace.truth!.map(\.x)
        let measuredX = trace.samples.map(\.position.x)
        // Correlate measured x(t) with truth x(t − d), truth linearly interpolated, over d on a 0.5 ms grid.
        func truth(at t: Double) -> Double {
            var low = 0, high = times.count - 1
            if t <= times[0] { return truthX[0] }
            while high - low > 1 {
                let mid = (low + high) / 2
                if times[mid] <= t { low = mid } else { high = mid }
            }
            let f = (t - times[low]) / (times[high] - times[low])
            return truthX[low] + f * (truthX[high] - truthX[low])
        }
        var best = (delay: 0.0, correlation: -1.0)
        for step in 0...200 {
            let d = Double(step) * 0.0005
            let shifted = times.map { truth(at: $0 - d) }
            let r = Statistics.correlation(Array(measuredX.dropFirst(60)), Array(shifted.dropFirst(60)))
            if r > best.correlation { best = (d, r) }
        }
        #expect(abs(best.delay - 0.037) <= 0.001, "recovered \(best.delay)")
    }

    @Test func depthScaleErrorScalesDepth() throws {
        var noise = NoiseSpec.none
        noise.depthScaleError = 0.03
        let trace = try motionless(5, start: Vec3(0.01, 0, 0.4), noise: noise)
        for (sample, truth) in zip(trace.samples, trace.truth!) {
            #expect(abs(sample.position.z - truth.z * 1.03) < 1e-12)
            #expect(sample.position.x == truth.x)
        }
    }

    @Test func outliersAppearAtTheirRateWithTheirMagnitude() throws {
        var noise = NoiseSpec.none
        noise.outlierProbability = 0.01
        noise.outlierMagnitude = 0.02
        let trace = try motionless(1000, noise: noise)
        let spikes = zip(trace.samples, trace.truth!).map { ($0.position - $1).length }.filter { $0 > 1e-9 }
        let expected = 0.01 * Double(trace.count)
        #expect(abs(Double(spikes.count) - expected) < 4 * expected.squareRoot())
        #expect(spikes.allSatisfy { abs($0 - 0.02) < 1e-12 })
    }

    @Test func timingJitterAndDroppedFrames() throws {
        var noise = NoiseSpec.none
        noise.timingJitter = 0.001
        noise.droppedFrameProbability = 0.02
        let trace = try motionless(600, noise: noise)
        let nominal = 600 * 60.0
        let dropped = nominal - Double(trace.count)
        #expect(abs(dropped - 0.02 * nominal) < 4 * (0.02 * 0.98 * nominal).squareRoot())
        let offsets = trace.samples.map { $0.t - ($0.t * 60).rounded() / 60 }
        #expect(abs(Statistics.standardDeviation(offsets) / 0.001 - 1) < 0.03)
        #expect(zip(trace.samples, trace.samples.dropFirst()).allSatisfy { $0.t < $1.t })
    }

    @Test func minimumJerkMatchesItsClosedForm() {
        for s in stride(from: 0.0, through: 1.0, by: 0.05) {
            let closedForm = 10 * pow(s, 3) - 15 * pow(s, 4) + 6 * pow(s, 5)
            #expect(abs(MinimumJerk.fraction(s) - closedForm) < 1e-14)
        }
        #expect(MinimumJerk.fraction(0.5) == 0.5)
        // Peak speed 1.875·D/T at the midpoint; zero speed at the ends (numerical derivative).
        let h = 1e-6
        #expect(abs((MinimumJerk.fraction(0.5 + h) - MinimumJerk.fraction(0.5 - h)) / (2 * h) - 1.875) < 1e-6)
        #expect(abs(MinimumJerk.fraction(h) / h) < 1e-9)
        #expect(MinimumJerk.fraction(-1) == 0 && MinimumJerk.fraction(2) == 1)
    }

    @Test func glanceMovesAreMinimumJerkBetweenTargetsInsideTheExtent() throws {
        var glance = MotionSegment(model: .glance, duration: 20)
        glance.extent = Vec3(0.05, 0.03, 0)
        let trace = try TraceSynthesizer.synthesize(TraceSpec(motion: [glance], noise: .none))
        let truth = trace.truth!
        #expect(truth.allSatisfy { abs($0.x) <= 0.05 + 1e-12 && abs($0.y) <= 0.03 + 1e-12 && $0.z == 0.35 })
        // Speeds stay below the minimum-jerk peak 1.875·D/T for the largest possible move in the shortest time.
        let maxStep = zip(truth, truth.dropFirst()).map { ($1 - $0).length }.max()!
        let maxDistance = (0.1 * 0.1 + 0.06 * 0.06).squareRoot()
        #expect(maxStep * 60 < 1.875 * maxDistance / 0.2 * 1.1)
        #expect(maxStep > 0)
    }

    @Test func swayStepChirpAndLeanFollowTheirFormulas() throws {
        let rate = 60.0
        var sway = MotionSegment(model: .sway, duration: 4)
        sway.amplitude = Vec3(0.04, 0.02, 0)
        sway.frequency = Vec3(0.25, 0.5, 0)
        var trace = try TraceSynthesizer.synthesize(TraceSpec(rate: rate, start: Vec3(0.01, 0, 0.4), motion: [sway], noise: .none))
        for (sample, truth) in zip(trace.samples, trace.truth!) {
            #expect(abs(truth.x - (0.01 + 0.04 * sin(2 * .pi * 0.25 * sample.t))) < 1e-12)
            #expect(abs(truth.y - 0.02 * sin(2 * .pi * 0.5 * sample.t)) < 1e-12)
        }
        let step = MotionSegment(model: .step, duration: 4)
        trace = try TraceSynthesizer.synthesize(TraceSpec(motion: [step], noise: .none))
        for (sample, truth) in zip(trace.samples, trace.truth!) {
            let jumped = Int(sample.t) % 2 == 1
            #expect(truth.x == (jumped ? 0.05 : 0))
        }
        var lean = MotionSegment(model: .lean, duration: 30)
        lean.near = 0.3
        lean.far = 0.5
        trace = try TraceSynthesizer.synthesize(TraceSpec(motion: [lean], noise: .none))
        let z = trace.truth!.map(\.z)
        #expect(z.min()! >= 0.3 - 1e-12 && z.max()! <= 0.5 + 1e-12)
        #expect(z.contains { abs($0 - 0.3) < 1e-9 } && z.contains { abs($0 - 0.5) < 1e-9 })
    }

    @Test func segmentsAreContinuous() throws {
        let trace = try TraceSynthesizer.synthesize(TraceSpec(motion: [
            MotionSegment(model: .sway, duration: 2.1), MotionSegment(model: .glance, duration: 3),
            MotionSegment(model: .lean, duration: 3), MotionSegment(model: .still, duration: 2),
        ], noise: .none))
        let truth = trace.truth!
        let maxStep = zip(truth, truth.dropFirst()).map { ($1 - $0).length }.max()!
        #expect(maxStep < 0.02)
    }

    @Test func walkByLosesTrackingOutsideTheRange() throws {
        var walk = MotionSegment(model: .walkBy, duration: 6)
        walk.trackingRange = 0.2
        let trace = try TraceSynthesizer.synthesize(TraceSpec(motion: [walk], noise: .none))
        for (sample, truth) in zip(trace.samples, trace.truth!) {
            #expect(sample.tracked == (abs(truth.x) <= 0.2))
        }
        #expect(trace.samples.contains { !$0.tracked })
        #expect(trace.truth!.map(\.x).max()! > 0.49)
    }

    @Test func sameSpecSameBytesDifferentSeedDifferentBytes() throws {
        var spec = TraceSpec(seed: 21, motion: [MotionSegment(model: .glance, duration: 10)])
        spec.noise.latency = 0.02
        let a = TraceCSVWriter.encode(try TraceSynthesizer.synthesize(spec))
        let b = TraceCSVWriter.encode(try TraceSynthesizer.synthesize(spec))
        spec.seed = 22
        let c = TraceCSVWriter.encode(try TraceSynthesizer.synthesize(spec))
        #expect(a == b)
        #expect(a != c)
    }

    @Test func invalidSpecValuesNameTheField() {
        var spec = TraceSpec(motion: [MotionSegment(model: .sway, duration: 5)])
        spec.noise.dropoutRate = -1
        #expect(throws: FieldError.self) { try TraceSynthesizer.synthesize(spec) }
        do {
            _ = try TraceSynthesizer.synthesize(spec)
        } catch let error as FieldError {
            #expect(error.path.description == "noise.dropout_rate")
        } catch {
            Issue.record("unexpected \(error)")
        }
        spec = TraceSpec(start: Vec3(0, 0, -0.1), motion: [MotionSegment(model: .sway, duration: 5)])
        #expect(throws: FieldError.self) { try TraceSynthesizer.synthesize(spec) }
    }

    @Test func specDecodesFromYAMLAndJSONAndRejectsUnknownKeys() throws {
        let dir = try TemporaryDirectory(prefix: "parallax-spec")
        defer { dir.cleanUp() }
        let yaml = dir.path("s.yml")
        try "seed: 4\nmotion:\n  - {model: glance, duration: 3, move_time: [0.3, 0.4]}\nnoise: {latency: 0.01}\n"
            .write(toFile: yaml, atomically: true, encoding: .utf8)
        let spec = try SpecFile.load(TraceSpec.self, from: yaml)
        #expect(spec.seed == 4)
        #expect(spec.motion[0].moveTime == ClosedRangeSpec(0.3, 0.4))
        #expect(spec.noise.latency == 0.01)
        #expect(spec.noise.sigma == NoiseSpec().sigma)

        let json = dir.path("s.json")
        try JSONEncoder().encode(spec).write(to: URL(fileURLWithPath: json))
        #expect(try SpecFile.load(TraceSpec.self, from: json) == spec)

        try "motion:\n  - {model: glance, duration: 3}\nnoise: {latncy: 0.01}\n".write(toFile: yaml, atomically: true, encoding: .utf8)
        #expect { try SpecFile.load(TraceSpec.self, from: yaml) } throws: { error in
            "\(error)".contains("noise.latncy") && "\(error)".contains("unknown key")
        }
        try "motion:\n  - {model: step, duration: 3, frequency: [1, 1, 1]}\n".write(toFile: yaml, atomically: true, encoding: .utf8)
        #expect { try SpecFile.load(TraceSpec.self, from: yaml) } throws: { error in
            "\(error)".contains("not a parameter of model 'step'")
        }
    }
}
