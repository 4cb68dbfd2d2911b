import Scientific
import Testing
@testable import Tuning

struct NelderMeadTests {
    @Test func findsTheMinimumOfAShiftedQuadratic() {
        var options = NelderMead.Options()
        options.sizeTolerance = 1e-6
        options.maxIterations = 2000
        let result = NelderMead.minimize(start: [0, 0, 0], steps: [1, 1, 1], options: options) { x in
            (x[0] - 1.5) * (x[0] - 1.5) + 2 * (x[1] + 0.7) * (x[1] + 0.7) + 0.5 * (x[2] - 3) * (x[2] - 3) + 4
        }
        #expect(result.converged)
        #expect(abs(result.x[0] - 1.5) < 1e-4 && abs(result.x[1] + 0.7) < 1e-4 && abs(result.x[2] - 3) < 1e-4)
        #expect(abs(result.value - 4) < 1e-9)
    }

    @Test func findsTheRosenbrockMinimumReproducibly() {
        var options = NelderMead.Options()
        options.sizeTolerance = 1e-9
        options.maxIterations = 5000
        let rosenbrock: ([Double]) -> Double = { x in
            (1 - x[0]) * (1 - x[0]) + 100 * (x[1] - x[0] * x[0]) * (x[1] - x[0] * x[0])
        }
        let a = NelderMead.minimize(start: [-1.2, 1], steps: [0.5, 0.5], options: options, rosenbrock)
        let b = NelderMead.minimize(start: [-1.2, 1], steps: [0.5, 0.5], options: options, rosenbrock)
        #expect(abs(a.x[0] - 1) < 1e-3 && abs(a.x[1] - 1) < 1e-3)
        #expect(a.value < 1e-6)
        #expect(a == b)
    }

    @Test func treatsNonFiniteValuesAsInfinity() {
        let result = NelderMead.minimize(start: [2], steps: [0.5]) { x in x[0] < 0 ? .nan : (x[0] - 1) * (x[0] - 1) }
        #expect(abs(result.x[0] - 1) < 1e-2)
    }

    @Test func refinesAOneEuroObjectiveOnASeededTraceReproducibly() throws {
        let trace = try TuneFixtures.swayTrace()
        func run() throws -> TuneResult {
            let context = try TuneContext(
                smoother: "one-euro:mincutoff=0.5...3/0.5,beta=0...40/10", movementScale: "1.5", screen: "iphone-15-pro",
                traces: [("sway", trace)], objective: "visible_jitter_px+0.02*ramp_lag_ms", constraints: [])
            return try Tuner.run(context)
        }
        let first = try run(), second = try run()
        #expect(try first.jsonData() == second.jsonData())
        let refinement = try #require(first.refinement)
        let recommendation = try #require(first.recommendation)
        // The simplex starts at the grid's best point and never ends worse than it.
        let gridBest = first.configurations.compactMap { c -> Double? in
            guard let lag = c.rampLagMs, let jitter = c.errors[0].visibleJitterPx else { return nil }
            return jitter + 0.02 * lag
        }.min()!
        #expect(refinement.feasible)
        #expect(refinement.objective <= gridBest + 1e-12)
        #expect(recommendation.objective <= gridBest + 1e-12)
        #expect(refinement.iterations > 0)
        // The refined point is a local minimum: nudging either parameter does not improve the objective.
        let context = try TuneContext(
            smoother: "one-euro:mincutoff=0.5...3/0.5,beta=0...40/10", movementScale: "1.5", screen: "iphone-15-pro",
            traces: [("sway", trace)], objective: "visible_jitter_px+0.02*ramp_lag_ms", constraints: [])
        func objective(_ values: [Double]) throws -> Double {
            let spec = try context.sweep.spec(["mincutoff": values[0], "beta": values[1]])
            let pooled = try context.pooled(spec)
            return pooled.errors(1.5).visibleJitterPx! + 0.02 * pooled.lagMs!
        }
        let best = try objective(refinement.values)
        #expect(abs(best - refinement.objective) < 1e-12)
        for (i, delta) in [(0, 0.05), (0, -0.05), (1, 1.0), (1, -1.0)] {
            var nudged = refinement.values
            nudged[i] = min(max(nudged[i] + delta, i == 0 ? 0.5 : 0), i == 0 ? 3 : 40)
            #expect(try objective(nudged) >= best - 1e-3)
        }
    }
}
