import Analysis
import Foundation
import Geometry
import ParallaxTestSupport
import Smoothing
import Testing
import Tracking
@testable import Tuning
import Vocabulary

@Suite struct TuneRobustnessTests {
    func make(_ sweep: String = "ema:alpha=0.1...0.9/0.1", scales: String = "1...2/0.5", objective: String = "visible_jitter_px",
              constraints: [String] = ["ramp_lag_ms<=200"]) -> ([(String, HeadTrace)]) throws -> TuneContext {
        { traces in
            try TuneContext(smoother: sweep, movementScale: scales, screen: "iphone-15-pro", traces: traces,
                            objective: objective, constraints: constraints)
        }
    }

    /// A synthesized trace as its file holds it (with the `# spec:` header).
    func synthesized(seed: UInt64, seconds: Double = 6) throws -> HeadTrace {
        let spec = TraceSpec(seed: seed, motion: [MotionSegment(model: .still, duration: seconds / 2),
                                                  MotionSegment(model: .sway, duration: seconds / 2)])
        return try spec.synthesizedAsFile(seed: seed)
    }

    @Test func seedsExpandSynthesizedTracesAndKeepRecordingsOnce() throws {
        let recording = TuneFixtures.rampTrace(cycles: 1)
        let set = try TuneTraceSet(files: [("a.csv", try synthesized(seed: 7)), ("rec.csv", recording)], seeds: 3, holdout: .none)
        #expect(set.training.map(\.name) == ["a.csv", "a.csv@seed=8", "a.csv@seed=9", "rec.csv"])
        #expect(set.training.map(\.seedIndex) == [0, 1, 2, nil])
        #expect(set.training(seed: 1).map(\.name) == ["a.csv@seed=8", "rec.csv"])
        // The file is its own first seed; seed + 2 is what synthesizing that seed gives.
        #expect(TuneContext.fingerprint(set.training[2].trace) == TuneContext.fingerprint(try synthesized(seed: 9)))
        #expect(TuneContext.fingerprint(set.training[0].trace) != TuneContext.fingerprint(set.training[1].trace))
    }

    /// Re-synthesis allocates what the header describes: a header larger than its file is refused before it.
    @Test func aHeaderDescribingMoreThanItsFileIsRefused() throws {
        var trace = try synthesized(seed: 3, seconds: 2)
        let huge = TraceSpec(seed: 3, motion: [MotionSegment(model: .still, duration: 100_000)])
        trace.setMetadata("spec", try huge.json())
        #expect { try TuneTraceSet(files: [("forged.csv", trace)], seeds: 2, holdout: .none) } throws: { error in
            "\(error)" == "forged.csv: '# spec:' header: expected the spec the file was synthesized from (\(trace.count) samples), found one describing 6000000 samples"
        }
        trace.setMetadata("spec", "{\"motion\": 3}")
        #expect { try TuneTraceSet(files: [("bad.csv", trace)], seeds: 2, holdout: .none) } throws: { error in
            "\(error)".hasPrefix("bad.csv: '# spec:' header: expected the JSON spec `parallax synth` writes")
        }
        let endless = TraceSpec(seed: 1, motion: [MotionSegment(model: .still, duration: 1e9)])
        #expect { try endless.validate() } throws: { error in "\(error)".contains("expected at most 10000000 samples") }
    }

    @Test func holdoutPicksFilesAndRefusesBadChoices() throws {
        let files = try (1...4).map { ("t\($0).csv", try synthesized(seed: UInt64($0), seconds: 2)) }
        let named = try TuneTraceSet(files: files, seeds: 2, holdout: .files(["t3.csv"]))
        #expect(named.heldOutFiles == ["t3.csv"] && named.heldOut.count == 2)
        #expect(named.trainingFiles == ["t1.csv", "t2.csv", "t4.csv"])
        let half = try TuneTraceSet(files: files, seeds: 1, holdout: .fraction(0.5))
        #expect(half.heldOutFiles.count == 2 && half.trainingFiles.count == 2)
        #expect(try TuneTraceSet(files: files, seeds: 1, holdout: .fraction(0.5)).heldOutFiles == half.heldOutFiles)
        #expect(throws: FieldError.self) { try TuneTraceSet(files: files, seeds: 1, holdout: .files(["nope.csv"])) }
        #expect(throws: FieldError.self) { try TuneTraceSet(files: files, seeds: 1, holdout: .files(files.map(\.0))) }
        #expect(throws: FieldError.self) { try TuneTraceSet(files: files, seeds: 0, holdout: .none) }
        #expect(throws: FieldError.self) { try HoldoutChoice(parsingFraction: "1.5") }
    }

    /// Pooling per-trace results over all traces reproduces the sweep's metrics bit for bit (the gain to the
    /// last bit: a subset's median eye distance is selected, not sorted).
    @Test func subsetMetricsOverAllTracesEqualTheSweep() throws {
        let context = try make()([("a", try synthesized(seed: 3)), ("b", TuneFixtures.rampTrace(cycles: 1))])
        let result = try Tuner.run(context)
        let configuration = result.configurations[2]
        let perTrace = try context.perTrace(try SmootherSpec(parsing: configuration.smoother))
        for (k, s) in result.movementScales.enumerated() {
            var subset = context.metrics(perTrace, at: [0, 1], scale: s)
            let sweep = result.metrics(configuration, scale: k)
            expectClose(subset.gainPxPerCm, sweep.gainPxPerCm, within: NumericTolerance<Double>(absolute: 0, relative: 1e-15))
            subset.gainPxPerCm = sweep.gainPxPerCm
            #expect(subset == sweep)
        }
    }

    /// Copies of one trace: every resample pools the same data, so the interval collapses onto the objective;
    /// held out, a further copy gives the training metrics and no warning.
    @Test func identicalTracesGiveADegenerateIntervalAndAgreeingHoldout() throws {
        let trace = try synthesized(seed: 5)
        let files = ["a", "b", "c", "d"].map { ($0, trace) }
        let set = try TuneTraceSet(files: files, seeds: 1, holdout: .files(["d"]))
        let result = try Tuner.runRobust(set, options: RobustnessOptions(holdout: .files(["d"]), margin: 0), make: make()).result
        let r = try #require(result.recommendation)
        let interval = try #require(result.robustness?.objectiveInterval)
        let close = NumericTolerance<Double>(absolute: 1e-12, relative: 1e-12)
        expectClose(interval.low, r.objective, within: close)
        expectClose(interval.high, r.objective, within: close)
        let holdout = try #require(result.robustness?.holdout)
        expectClose(try #require(holdout.heldOutObjective), r.objective, within: close)
        expectClose(holdout.heldOut.trackingPx, holdout.training.trackingPx, within: close)
        #expect(holdout.warning == nil && holdout.brokenConstraints.isEmpty)
    }

    /// A held-out trace far noisier than the training one: its visible jitter is far above training's, so the
    /// comparison warns (margin 25 %) and names the constraint it breaks.
    @Test func aDifferentHeldOutTraceWarns() throws {
        let quiet = TuneFixtures.rampTrace(seed: 1, sigma: 0.0002), noisy = TuneFixtures.rampTrace(seed: 2, sigma: 0.002)
        let set = try TuneTraceSet(files: [("quiet", quiet), ("noisy", noisy)], seeds: 1, holdout: .files(["noisy"]))
        let result = try Tuner.runRobust(set, options: RobustnessOptions(holdout: .files(["noisy"])),
                                         make: make(scales: "1.5", constraints: ["visible_jitter_px<=1"])).result
        let holdout = try #require(result.robustness?.holdout)
        let (train, held) = (try #require(holdout.trainingObjective), try #require(holdout.heldOutObjective))
        #expect(held > 1.25 * train)
        #expect(holdout.brokenConstraints == ["visible_jitter_px<=1"])
        #expect(holdout.warning?.contains("beyond the ±25 % margin") == true)
    }

    /// Each seed's search is the plain sweep of that seed's traces; the spread summarises them.
    @Test func perSeedRecommendationsAreThePlainSweepsOfEachSeed() throws {
        let set = try TuneTraceSet(files: [("a", try synthesized(seed: 11)), ("r", TuneFixtures.rampTrace(cycles: 1))], seeds: 3, holdout: .none)
        let result = try Tuner.runRobust(set, options: RobustnessOptions(seeds: 3), make: make()).result
        let robustness = try #require(result.robustness)
        #expect(robustness.perSeed.count == 3)
        for k in 0..<3 {
            let plain = try Tuner.run(try make()(set.training(seed: k).map { ($0.name, $0.trace) })).recommendation
            #expect(robustness.perSeed[k].smoother == plain?.smoother && robustness.perSeed[k].objective == plain?.objective)
            #expect(robustness.perSeed[k].traces == 2)
        }
        let alphas = robustness.perSeed.compactMap { $0.values?[0] }.sorted()
        let alpha = try #require(robustness.spread.first)
        #expect(alpha.name == "alpha" && alpha.minimum == alphas.first && alpha.maximum == alphas.last && alpha.median == alphas[1])
        #expect(robustness.spread.last?.name == "movement_scale")
        // Deterministic bytes.
        let again = try Tuner.runRobust(set, options: RobustnessOptions(seeds: 3), make: make()).result
        #expect(try again.jsonData() == result.jsonData())
    }
}
