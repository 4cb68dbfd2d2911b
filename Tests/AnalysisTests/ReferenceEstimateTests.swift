import Analysis
import Foundation
import Geometry
import Projection
import Smoothing
import Testing
import Tracking

/// The RTS reference estimate on the canonical traces (which have ground truth): it must be closer to the
/// truth than the measurements, and metrics computed against it must stay close to the same metrics
/// computed against the truth.
@Suite struct ReferenceEstimateTests {
    static let tracesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Traces")

    static func canonical(_ name: String) throws -> HeadTrace {
        try TraceCSVReader.read(contentsOf: tracesDirectory.appendingPathComponent("\(name).csv").path)
    }

    static func withoutTruth(_ trace: HeadTrace) -> HeadTrace {
        var copy = trace
        copy.truth = nil
        return copy
    }

    /// RMS over tracked samples of |a − truth| (3D), m.
    static func rms(_ positions: [Vec3], _ truth: [Vec3], _ samples: [HeadSample]) -> Double {
        var sum = 0.0, count = 0
        for i in samples.indices where samples[i].tracked {
            sum += (positions[i] - truth[i]).dot(positions[i] - truth[i])
            count += 1
        }
        return (sum / Double(count)).squareRoot()
    }

    static let names = ["still", "sway", "lean", "glance", "step", "chirp", "dropouts", "walk-by"]

    /// Stated bands (README "Bring your own recording"): the estimate's RMS error is at least 2× below
    /// the measurements' on still / sway / lean (and below them on every canonical trace).
    @Test(arguments: names)
    func estimateIsCloserToTheTruthThanTheMeasurements(name: String) throws {
        let trace = try Self.canonical(name)
        let truth = try #require(trace.truth)
        let estimate = ReferenceEstimate.estimate(Self.withoutTruth(trace))
        let measured = Self.rms(trace.samples.map(\.position), truth, trace.samples)
        let reference = Self.rms(estimate.positions, truth, trace.samples)
        #expect(measured / reference >= (["still", "sway", "lean"].contains(name) ? 2 : 1.5), "\(name): measured \(measured) m, estimate \(reference) m")
    }

    /// The trace without the samples the tracker did not see (walk-by leaves the tracking range for a
    /// second: where the head went then is unknowable from the measurements, so its parallax error is
    /// compared over the tracked frames).
    static func trackedOnly(_ trace: HeadTrace) -> HeadTrace {
        let keep = trace.samples.indices.filter { trace.samples[$0].tracked }
        return HeadTrace(samples: keep.map { trace.samples[$0] }, truth: trace.truth.map { t in keep.map { t[$0] } }, metadata: trace.metadata)
    }

    /// Lag within ±5 ms; parallax error (total RMS, total p95, tracking RMS) within ±15 %, on every canonical trace.
    @Test(arguments: names)
    func metricsAgainstTheEstimateMatchMetricsAgainstTheTruth(name: String) throws {
        let full = try Self.canonical(name)
        let screen = try ScreenModel.parse("iphone-15-pro")
        let smoother = try SmootherSpec(parsing: "ema:alpha=0.25")
        let withTruth = try TraceAnalysis.analyze(full, smoother: smoother, screen: screen, movementScale: 1.5)
        let without = try TraceAnalysis.analyze(Self.withoutTruth(full), smoother: smoother, screen: screen, movementScale: 1.5)
        #expect(without.reference == TruthlessTrace.referenceName)
        #expect(without.trace.groundTruth == false)
        let lagTruth = try #require(withTruth.lag.total?.seconds), lagEstimate = try #require(without.lag.total?.seconds)
        #expect(abs(lagTruth - lagEstimate) <= 0.005, "\(name): lag \(lagTruth) s vs \(lagEstimate) s")

        var truthParallax = try #require(withTruth.parallax), estimateParallax = try #require(without.parallax)
        if name == "walk-by" {
            let tracked = Self.trackedOnly(full)
            var filter = smoother.makeSmoother()
            truthParallax = try ParallaxAccuracy.evaluate(trace: filter.smooth(tracked), screen: screen, movementScale: 1.5)
            let estimated = try #require(TruthlessTrace(Self.withoutTruth(full))).trace
            estimateParallax = try ParallaxAccuracy.evaluate(trace: Self.trackedOnly(filter.smooth(estimated)), screen: screen, movementScale: 1.5)
        }
        func within(_ a: Double, _ b: Double, _ what: String) {
            #expect(abs(b - a) <= 0.15 * a, "\(name) \(what): \(a) px against the truth, \(b) px against the estimate")
        }
        within(truthParallax.total.pixels.rms, estimateParallax.total.pixels.rms, "total RMS")
        within(truthParallax.total.pixels.p95, estimateParallax.total.pixels.p95, "total p95")
        within(truthParallax.tracking.pixels.rms, estimateParallax.tracking.pixels.rms, "tracking RMS")
    }
}

@Suite struct ReferenceEstimateClosedFormTests {
    /// A constant-velocity path is in the model: with tiny noise the estimate is the line itself.
    @Test func followsAStraightLineExactly() {
        let samples = (0..<600).map { k -> HeadSample in
            let t = Double(k) / 60 + (k % 3 == 0 ? 0.002 : 0)  // uneven intervals
            let wiggle = (k % 2 == 0 ? 1.0 : -1.0) * 1e-6     // ±1 µm "noise"
            return HeadSample(t: t, position: Vec3(0.01 + 0.05 * t + wiggle, -0.02 * t, 0.35 + 0.01 * t))
        }
        let estimate = ReferenceEstimate.estimate(HeadTrace(samples: samples))
        for (sample, position) in zip(samples, estimate.positions) {
            let line = Vec3(0.01 + 0.05 * sample.t, -0.02 * sample.t, 0.35 + 0.01 * sample.t)
            #expect((position - line).length < 2e-6)
        }
    }

    /// White noise of σ = 1 mm on a still head: the robust σ is recovered to 5 %, and the estimate's RMS
    /// error is far below σ (a still head is a constant: q goes to its lower bound).
    @Test func recoversWhiteNoiseSigmaOnAStillHead() throws {
        var noise = NoiseSpec.none
        noise.sigma = Vec3(0.001, 0.001, 0.001)
        noise.distanceExponent = .zero
        let spec = TraceSpec(seed: 5, motion: [MotionSegment(model: .sway, duration: 60)], noise: noise)
        var trace = try TraceSynthesizer.synthesize(spec)
        let truth = trace.truth!
        trace.truth = nil
        let estimate = ReferenceEstimate.estimate(trace)
        let meanSigma = estimate.measurementSigma.reduce(Vec3.zero, +) / Double(trace.count)
        for axis in 0..<3 { #expect(abs(meanSigma[axis] - 0.001) < 0.00005, "axis \(axis): \(meanSigma[axis])") }
        let rms = (zip(estimate.positions, truth).reduce(0.0) { $0 + ($1.0 - $1.1).dot($1.0 - $1.1) } / Double(trace.count)).squareRoot()
        #expect(rms < 0.4 * 0.001 * 3.0.squareRoot(), "\(rms)")
    }
}
