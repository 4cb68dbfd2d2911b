import Analysis
import Foundation
import Geometry
import ParallaxTestSupport
import Scientific
import Smoothing
import Testing
import Tracking

@Suite struct OnsetLagTests {
    let rate = 60.0
    var dt: Double { 1 / rate }
    let exact = NumericTolerance<Double>(absolute: 1e-12, relative: 1e-9)
    /// Still for `rest` samples (≥ the 0.3 s lead-in), then a ramp at `speed` m/s along x from sample `rest`.
    let rest = 60, speed = 0.2

    func times(_ count: Int) -> [Double] { (0..<count).map { Double($0) / rate } }

    /// x_k = 0 up to the onset sample `rest`, then v·(t_k − t_rest): the ramp from rest of the closed forms.
    func ramp(count: Int) -> [Vec3] {
        times(count).enumerated().map { k, t in Vec3(k <= rest ? 0 : speed * (t - Double(rest) * dt), 0, 0.35) }
    }

    func smoothed(_ spec: String, _ reference: [Vec3], times: [Double]) throws -> [Vec3] {
        var smoother = try SmootherSpec(parsing: spec).makeSmoother()
        return smoother.smooth(zip(times, reference).map { HeadSample(t: $0, position: $1) })
    }

    func onlyMovement(_ reference: [Vec3], times: [Double]) throws -> Movement {
        let movements = MovementOnsets.find(times: times, reference: reference, runs: [0..<reference.count], stillSpeed: 0.01,
                                            leadIn: 0.3, minimumDisplacement: 0.01)
        #expect(movements.count == 1)
        return try #require(movements.first)
    }

    /// The report's medians from per-frame lags computed by hand, split by time since onset as documented.
    func expectMedians(_ report: OnsetLagReport, _ expected: [(sinceOnset: Double, lag: Double)]) {
        let onset = expected.filter { $0.sinceOnset > 0 && $0.sinceOnset < 0.1 }.map(\.lag)
        let steady = expected.filter { $0.sinceOnset >= 0.1 }.map(\.lag)
        expectClose(report.onsetSeconds ?? .nan, Statistics.median(onset), within: exact)
        expectClose(report.steadySeconds ?? .nan, Statistics.median(steady), within: exact)
    }

    /// EMA on a noiseless ramp from rest: y_k = v·dt·(k − (1−α)/α·(1 − (1−α)^k)), so τ_k = (1−α)/α·(1 − (1−α)^k)·dt.
    @Test(arguments: [0.25, 0.5, 0.1]) func emaOnARampHasTheClosedFormLag(alpha: Double) throws {
        let count = rest + 90
        let t = times(count), reference = ramp(count: count)
        let signal = try smoothed("ema:alpha=\(alpha)", reference, times: t)
        let movement = try onlyMovement(reference, times: t)
        #expect(movement.onset == rest && !movement.isJump)
        let frames = OnsetLag.lags(of: movement, times: t, reference: reference, signal: signal, maxLag: 0.5)
        let expected = (1..<(movement.end - rest)).map { k in
            (sinceOnset: Double(k) * dt, lag: (1 - alpha) / alpha * (1 - pow(1 - alpha, Double(k))) * dt)
        }
        #expect(frames.count == expected.count)
        expectClose(frames.map(\.lag), expected.map(\.lag), within: exact)
        expectClose(frames.map(\.sinceOnset), expected.map(\.sinceOnset), within: exact)
        let report = try #require(OnsetLag.measure(times: t, reference: reference, signal: signal, runs: [0..<count]))
        #expect(report.movements == 1 && report.jumps == 0)
        expectMedians(report, expected)
        // The EMA lags least at the start: onset < steady < (1 − α)/α samples.
        #expect(report.onsetSeconds! < report.steadySeconds! && report.steadySeconds! < (1 - alpha) / alpha * dt)
    }

    /// A jump has no intermediate reference values; its ramp-equivalent lag Σ (1 − y_m)·Δt is exactly the
    /// ramp's: for the EMA, y_m = 1 − (1−α)^m after the jump gives the same (1−α)/α·(1 − (1−α)^k)·dt.
    @Test func emaOnAStepHasTheSameLagAsOnARamp() throws {
        let alpha = 0.25, count = rest + 60
        let t = times(count)
        let reference = (0..<count).map { Vec3($0 <= rest ? 0 : 0.05, 0, 0.35) }
        let signal = try smoothed("ema:alpha=\(alpha)", reference, times: t)
        let movement = try onlyMovement(reference, times: t)
        #expect(movement.onset == rest && movement.isJump && movement.measuredEnd == count)
        let frames = OnsetLag.lags(of: movement, times: t, reference: reference, signal: signal, maxLag: 0.5)
        let expected = (1..<(count - rest)).map { (1 - alpha) / alpha * (1 - pow(1 - alpha, Double($0))) * dt }
        expectClose(frames.map(\.lag), expected, within: exact)
        let report = try #require(OnsetLag.measure(times: t, reference: reference, signal: signal, runs: [0..<count]))
        #expect(report.jumps == 1)
        // Long after the jump the lag is the EMA's steady ramp lag (1 − α)/α samples = 50 ms at 60 Hz.
        expectClose(frames.last!.lag, 3 * dt, within: NumericTolerance(absolute: 1e-6))
    }

    /// A pure delay of L samples: τ = t_k − t_{k−L} (L·dt on a uniform grid) once L samples have passed,
    /// with jittered timestamps too; before that the signal is still at the start, so τ = the time since onset.
    @Test func pureDelayIsItsDelayAfterTheFirstSamples() throws {
        let delay = 4, count = rest + 80
        var generator = SplitMix64(seed: 20)
        var t = [0.0]
        for _ in 1..<count { t.append(t.last! + dt * generator.uniform(0.8...1.2)) }
        let reference = t.map { Vec3(max(0, $0 - t[rest]) * speed, 0, 0.35) }
        let signal = reference.indices.map { reference[max(0, $0 - delay)] }
        let movement = try onlyMovement(reference, times: t)
        #expect(movement.onset == rest)
        let frames = OnsetLag.lags(of: movement, times: t, reference: reference, signal: signal, maxLag: 0.5)
        let expected = ((rest + 1)..<movement.end).map { k in k - rest < delay ? t[k] - t[rest] : t[k] - t[k - delay] }
        expectClose(frames.map(\.lag), expected, within: exact)
    }

    @Test func zeroLagGivesZeroOnAMinimumJerkMove() throws {
        let count = rest + 60
        let t = times(count)
        let reference = t.map { MinimumJerk.position(from: Vec3(0, 0, 0.35), to: Vec3(0.06, 0.03, 0.35), duration: 0.5, at: $0 - t[rest]) }
        let report = try #require(OnsetLag.measure(times: t, reference: reference, signal: reference, runs: [0..<count]))
        #expect(report.movements == 1 && report.jumps == 0)
        #expect(report.onsetSeconds == 0 && report.steadySeconds == 0)
        #expect(report.bins.allSatisfy { $0.frames == 0 || $0.medianSeconds == 0 })
    }

    /// Brown's double exponential smoothing (`desp` with predict = 0, output 2S₁ − S₂) has the ramp error
    /// (1 − G)²·x with G = α/(1 − (1−α)z⁻¹), i.e. τ_k = k·(1−α)^(k+1)·dt: zero, up, then back to zero —
    /// a predictive filter lags most at the onset.
    @Test func despLagsMostAtTheOnset() throws {
        let alpha = 0.5, count = rest + 60
        let t = times(count), reference = ramp(count: count)
        let signal = try smoothed("desp:alpha=\(alpha),predict=0", reference, times: t)
        let movement = try onlyMovement(reference, times: t)
        let frames = OnsetLag.lags(of: movement, times: t, reference: reference, signal: signal, maxLag: 0.5)
        let expected = (1..<(movement.end - rest)).map { k in
            (sinceOnset: Double(k) * dt, lag: Double(k) * pow(1 - alpha, Double(k + 1)) * dt)
        }
        expectClose(frames.map(\.lag), expected.map(\.lag), within: NumericTolerance(absolute: 1e-12))
        let report = try #require(OnsetLag.measure(times: t, reference: reference, signal: signal, runs: [0..<count]))
        expectMedians(report, expected)
        #expect(report.onsetSeconds! > 2 * report.steadySeconds!)
    }

    /// The constant-velocity Kalman filter contains the ramp, so its steady lag on a noiseless ramp is 0;
    /// at the onset its velocity estimate starts at 0, so it lags.
    @Test func kalmanCVLagsAtTheOnsetAndNotOnceCaughtUp() throws {
        let count = rest + 90
        let t = times(count), reference = ramp(count: count)
        let signal = try smoothed("kalman-cv", reference, times: t)
        let report = try #require(OnsetLag.measure(times: t, reference: reference, signal: signal, runs: [0..<count]))
        let onset = try #require(report.onsetSeconds), steady = try #require(report.steadySeconds)
        #expect(onset > 0.001 && abs(steady) < 0.05 * onset)
        #expect(report.bins.last.flatMap(\.medianSeconds).map { abs($0) < 1e-5 } == true)
        // More measurement noise assumed (σ = 10 mm): more smoothing, a longer catch-up, still no steady lag.
        let heavy = try smoothed("kalman-cv:r=1e-4", reference, times: t)
        let heavyReport = try #require(OnsetLag.measure(times: t, reference: reference, signal: heavy, runs: [0..<count]))
        #expect(try #require(heavyReport.onsetSeconds) > 0.01 && heavyReport.steadySeconds! < 0.5 * heavyReport.onsetSeconds!)
        #expect(heavyReport.bins.last.flatMap(\.medianSeconds).map { abs($0) < 1e-5 } == true)
    }

    @Test func noOnsetWithoutRestBeforeOrAcrossABreak() throws {
        let count = rest + 60
        let t = times(count), reference = ramp(count: count)
        // Rest cut to 0.2 s by a break (the runs) before the onset: no lead-in, no movement.
        let runs = [0..<(rest - 12), (rest - 12)..<count]
        #expect(OnsetLag.measure(times: t, reference: reference, signal: reference, runs: runs) == nil)
        // A drift of a few mm is not a movement.
        let drift = t.map { Vec3(0.004 * sin(2 * Double.pi * 0.5 * $0), 0, 0.35) }
        #expect(OnsetLag.measure(times: t, reference: drift, signal: drift, runs: [0..<count]) == nil)
    }

    /// Through a trace: a timing gap or an untracked sample within the rest before the onset leaves too little
    /// rest (0.18 s); the same trace without them has its one movement.
    @Test func timingGapsAndUntrackedSamplesCutTheRestBeforeAnOnset() throws {
        let count = rest + 60
        let t = times(count), reference = ramp(count: count)
        func trace(_ times: [Double], lostAt lost: Int? = nil) -> HeadTrace {
            // Measured = truth plus a 1 µm wiggle: identical positions would read as a frozen (lost) tracker.
            HeadTrace(samples: times.indices.map { k in
                HeadSample(t: times[k], position: reference[k] + Vec3(k % 2 == 0 ? 1e-6 : 0, 0, 0), tracked: k != lost)
            }, truth: reference)
        }
        func measure(_ trace: HeadTrace) -> OnsetLagReport? {
            OnsetLag.measure(trace: trace, filtered: reference, breaks: TraceBreaks(samples: trace.samples))
        }
        #expect(measure(trace(t))?.movements == 1)
        #expect(measure(trace(t.indices.map { $0 < rest - 11 ? t[$0] - 0.5 : t[$0] })) == nil)  // a 0.5 s hole
        #expect(measure(trace(t, lostAt: rest - 12)) == nil)
    }

    @Test func analysisReportsOnsetLagOnSynthesizedGlancesAndANoteOnStill() throws {
        var glance = MotionSegment(model: .glance, duration: 12)
        glance.extent = Vec3(0.08, 0.05, 0)
        let glances = try TraceSynthesizer.synthesize(TraceSpec(seed: 3, motion: [glance]))
        let report = TraceAnalysis.analyze(glances, smoother: try SmootherSpec(parsing: "ema:alpha=0.25"))
        let onset = try #require(report.lag.onset)
        #expect(onset.movements >= 5 && onset.jumps == 0)
        // The EMA's lag grows towards 3 samples (50 ms) at α = 0.25 and 60 Hz: smaller at the onset.
        let (early, late) = (try #require(onset.onsetSeconds), try #require(onset.steadySeconds))
        #expect(early > 0 && early < late)
        #expect(report.text(file: "g.csv").contains("lag after onset (0–100 ms)"))
        #expect(!report.notes.contains(OnsetLag.noMovementNote))

        let still = try TraceSynthesizer.synthesize(TraceSpec(seed: 3, motion: [MotionSegment(model: .still, duration: 5)]))
        let stillReport = TraceAnalysis.analyze(still, smoother: try SmootherSpec(parsing: "ema:alpha=0.25"))
        #expect(stillReport.lag.onset == nil)
        #expect(stillReport.notes.contains(OnsetLag.noMovementNote))
    }
}
