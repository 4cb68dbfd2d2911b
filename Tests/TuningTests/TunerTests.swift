import Analysis
import Foundation
import Geometry
import ParallaxTestSupport
import Projection
import Smoothing
import Testing
import Tracking
@testable import Tuning
import Vocabulary

struct ParameterRangeTests {
    @Test func gridValuesAreExactAndInclusive() throws {
        let alphas = try ParameterRange("0.05...0.95/0.01", name: "alpha").values
        #expect(alphas.count == 91)
        #expect(alphas.first == 0.05 && alphas.last == 0.95)
        #expect(alphas.contains(0.25) && alphas.contains(0.18))
        #expect(try ParameterRange("0.5...3.0/0.1", name: "s").values.count == 26)
        #expect(try ParameterRange("1.5", name: "s").values == [1.5])
    }

    @Test func badRangesNameTheValueAndTheForm() {
        for (text, fragment) in [("0.9...0.1", "lo 0.9 > hi 0.1"), ("0.1...0.9/0", "step must be > 0"),
                                 ("0.1...0.9/-1", "step must be > 0"), ("a...0.9/0.1", "lo 'a' is not a number"),
                                 ("0.1...0.9", "has no step"), ("fast", "not a number or a range")] {
            #expect {
                _ = try ParameterRange(text, name: "--movement-scale")
            } throws: { error in
                let message = "\(error)"
                return message.contains(fragment) && message.contains("--movement-scale") && message.contains("lo...hi/step")
            }
        }
    }

    @Test func sweepSpecsDecodeFromTheirText() throws {
        let sweep = try JSONDecoder().decode(SweepSpec.self, from: Data(#""ema:alpha=0.1...0.3/0.1""#.utf8))
        #expect(sweep == (try SweepSpec(parsing: "ema:alpha=0.1...0.3/0.1")) && sweep.count == 3)
    }

    @Test func sweepSpecsCheckParameterDomains() throws {
        #expect(throws: FieldError.self) { try SweepSpec(parsing: "ema:alpha=0...0.5/0.1") }  // alpha ∈ (0, 1]
        #expect(throws: FieldError.self) { try SweepSpec(parsing: "ema:gain=0.1...0.5/0.1") }
        #expect(throws: FieldError.self) { try SweepSpec(parsing: "ema:alpha=0.1...0.5/0.1|predict") }
        let sweep = try SweepSpec(parsing: "one-euro:mincutoff=0.5...1.5/0.5,beta=0...20/10,variant=legacy")
        #expect(sweep.count == 9)
        #expect(sweep.values(at: 4) == [1.0, 10])
        #expect(try sweep.spec(at: 4).description.hasPrefix("one-euro:mincutoff=1,beta=10,dcutoff=1,variant=legacy"))
    }
}

struct TunerTests {
    /// EMA ramp lag is Te·(1 − α)/α, so "lag ≤ L" means α ≥ Te/(L + Te); minimising jitter picks the smallest
    /// such α on the grid.
    @Test func tunedAlphaForALagConstraintMatchesTheClosedForm() throws {
        let trace = TuneFixtures.rampTrace()
        let te = 1.0 / 60
        for lagLimit in [0.040, 0.070] {
            let context = try TuneContext(
                smoother: "ema:alpha=0.05...0.95/0.01", movementScale: "1.5", screen: "iphone-15-pro", traces: [("ramps", trace)],
                objective: "jitter_mm", constraints: ["ramp_lag_ms<=\(lagLimit * 1000)"])
            let result = try Tuner.run(context)
            let recommendation = try #require(result.recommendation)
            let closedForm = te / (lagLimit + te)
            let tuned = recommendation.values[0]
            #expect(tuned >= closedForm - 0.005 && tuned <= closedForm + 0.01, "tuned α \(tuned), closed form \(closedForm)")
            // And the measured lag of each α matches Te(1 − α)/α.
            for c in result.configurations where [0.1, 0.25, 0.5].contains(c.values[0]) {
                let alpha = c.values[0]
                let lag = try #require(c.rampLagMs)
                let closed = 1000 * te * (1 - alpha) / alpha
                #expect(abs(lag - closed) < max(1.0, 0.02 * closed), "α \(alpha): lag \(lag) ms")
            }
        }
    }

    /// The per-scale errors from the quadratic sums equal ParallaxAccuracy's RMS values.
    @Test func scaleSumsMatchParallaxAccuracy() throws {
        let trace = try TuneFixtures.swayTrace(seconds: 8)
        let context = try TuneContext(smoother: "ema:alpha=0.3", movementScale: "0.8...2.3/0.75", screen: "iphone-15-pro",
                                      traces: [("sway", trace)], constraints: [], settle: 0)
        let result = try Tuner.run(context)
        var smoother = try SmootherSpec(parsing: "ema:alpha=0.3").makeSmoother()
        let smoothed = smoother.smooth(trace)
        let screen = try ScreenModel.parse("iphone-15-pro")
        for (k, s) in result.movementScales.enumerated() {
            let report = try ParallaxAccuracy.evaluate(trace: smoothed, screen: screen, movementScale: s)
            let metrics = result.metrics(result.configurations[0], scale: k)
            let sameSums = NumericTolerance<Double>(absolute: 1e-7, relative: 1e-7)
            expectClose(metrics.trackingPx, report.tracking.pixels.rms, within: sameSums)
            expectClose(metrics.trackingMm, report.tracking.millimeters.rms, within: sameSums)
            expectClose(metrics.totalPx, report.total.pixels.rms, within: sameSums)
            expectClose(metrics.exaggerationPx, report.exaggeration.pixels.rms, within: sameSums)
            expectClose(try #require(metrics.visibleJitterPx), try #require(report.visibleJitter).pixels.rms, within: sameSums)
        }
    }

    /// gain = s·D/(z + D)·ppm/100: checked against the projection matrices for a 1 cm head move.
    @Test func effectStrengthMatchesTheProjection() throws {
        let trace = TuneFixtures.rampTrace(cycles: 1)
        let context = try TuneContext(smoother: "ema:alpha=0.3", movementScale: "2", screen: "iphone-15-pro",
                                      traces: [("ramps", trace)], constraints: [])
        let z = context.eyeDistance, depth = 0.30
        let screen = try ScreenModel.parse("iphone-15-pro")
        let projection = try OffAxisProjection(screen: screen, movementScale: 2)
        func glassX(_ head: Vec3) throws -> Double {
            let camera = try projection.camera(head: head)
            let clip = camera.viewProjection * Vec4(0, 0, -depth, 1)
            return clip.x / clip.w * screen.width / 2
        }
        let shift = try glassX(Vec3(0.01, 0, z)) - glassX(Vec3(0, 0, z))
        #expect(abs(context.effect(2).gainPxPerCm - abs(shift) * screen.pixelsPerMeter.x) < 1e-6)
    }

    @Test func shardsMergeToTheUnshardedBytes() throws {
        let traces = [("ramps", TuneFixtures.rampTrace(cycles: 2)), ("sway", try TuneFixtures.swayTrace())]
        let context = try TuneContext(smoother: "ema:alpha=0.1...0.9/0.1", movementScale: "1...2/0.5", screen: "iphone-15-pro",
                                      traces: traces)
        let full = try Tuner.run(context).jsonData()
        for n in [2, 3, 7] {
            let parts = try (1...n).reversed().map { i in
                try TuneResult.decode(try Tuner.evaluate(context, shard: ShardInfo(index: i, count: n)).jsonData(), name: "part \(i)")
            }
            #expect(try Tuner.merge(parts, context: context).jsonData() == full)
            #expect(throws: FieldError.self) { try Tuner.merge(Array(parts.dropFirst()), context: context) }
        }
        // An EMA recommendation off the app's settings (α on a 0.01 grid): its settability note is part of the
        // merged result as of the unsharded one.
        let offGrid = try TuneContext(smoother: "ema:alpha=0.05...0.95/0.01", movementScale: "1.0", screen: "iphone-15-pro",
                                      traces: traces, constraints: ["lag_ms<=50"])
        let unsharded = try Tuner.run(offGrid)
        #expect(unsharded.notes.contains { $0.contains("cannot be set in the app") })
        let parts = try (1...3).map { i in
            try TuneResult.decode(try Tuner.evaluate(offGrid, shard: ShardInfo(index: i, count: 3)).jsonData(), name: "part \(i)")
        }
        #expect(try Tuner.merge(parts, context: offGrid).jsonData() == unsharded.jsonData())
    }

    @Test func paretoFrontKeepsOnlyUndominatedConfigurations() throws {
        let context = try TuneContext(smoother: "ema:alpha=0.1...0.9/0.2", movementScale: "1.5", screen: "iphone-15-pro",
                                      traces: [("ramps", TuneFixtures.rampTrace(cycles: 2))])
        let result = try Tuner.run(context)
        let front = try #require(result.pareto?.first).indices
        let rows = result.configurations.map { ($0.rampLagMs!, $0.errors[0].visibleJitterPx!) }
        for i in front {
            #expect(!rows.indices.contains { j in
                j != i && rows[j].0 <= rows[i].0 && rows[j].1 <= rows[i].1 && (rows[j].0 < rows[i].0 || rows[j].1 < rows[i].1)
            })
        }
        for j in rows.indices where !front.contains(j) {
            #expect(front.contains { i in rows[i].0 <= rows[j].0 && rows[i].1 <= rows[j].1 })
        }
        let html = TuneReport.document(result)
        #expect(html.contains("Pareto front") && html.contains("<svg"))
        #expect(result.recommendation?.reasoning.contains("(the app's default) is") == true)
    }
}
