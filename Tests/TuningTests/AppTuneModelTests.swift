import Foundation
import ParallaxTestSupport
import Smoothing
import TestedApp
import Testing
import Tracking
@testable import Tuning
import Vocabulary

/// The tuner's app path (`TuneRequest.app`: every (α, s) a run of the app under test, measured on its head and eye)
/// against the closed-form model sweep (`--grid app`: the smoother once per α, every scale from exact sums): on the
/// shipped app's model (`ModelApp()`: ema α = 0.25, s = 1.5) they are the same sweep.
@Suite struct AppTuneModelTests {
    static func request(_ dir: TemporaryDirectory, _ name: String, traces: [(name: String, trace: HeadTrace)]) throws -> TuneRequest {
        var request = TuneRequest(traces: .loaded(traces), sweep: AppSettingsGrid.sweep, movementScales: AppSettingsGrid.movementScale,
                                  objective: try TuneObjective(TuneContext.defaultObjective))
        request.grid = .app
        request.output = dir.path(name)
        request.writesPage = false
        return request
    }

    @Test func theShippedModelThroughTheAppPathIsTheClosedFormSweep() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let traces = [(name: "sway", trace: try TuneFixtures.swayTrace(seed: 5, seconds: 8)), (name: "ramp", trace: TuneFixtures.rampTrace(cycles: 2))]
        let closed = try Tuner.run(try Self.request(dir, "closed.json", traces: traces)).result
        var asApp = try Self.request(dir, "app.json", traces: traces)
        asApp.app = AppTuneTarget(app: ModelApp())
        let viaApp = try Tuner.run(asApp).result

        #expect(viaApp.filter == "app" && viaApp.parameters == closed.parameters && viaApp.movementScales == closed.movementScales)
        #expect(viaApp.app?.probes.map(\.changesFrames) == [true, true] && viaApp.app?.readBackRuns == 9 * 26 * 2)
        for (a, c) in zip(viaApp.configurations, closed.configurations) {
            #expect(a.values == c.values)
            // The eye s·x divided by s again: the last bits of a Double.
            func close(_ p: Double?, _ q: Double?) -> Bool { p == nil ? q == nil : abs(p! - (q ?? .nan)) <= 1e-9 * max(abs(p!), abs(q!)) + 1e-12 }
            #expect(close(a.rampLagMs, c.rampLagMs) && close(a.jitterMm, c.jitterMm), "\(a.smoother)")
            for k in a.errors.indices {
                let (x, y) = (a.errors[k], c.errors[k])
                #expect(close(x.trackingPx, y.trackingPx) && close(x.totalPx, y.totalPx) && close(x.visibleJitterPx, y.visibleJitterPx)
                        && close(x.swimTotalDegS, y.swimTotalDegS), "\(a.smoother) at s \(viaApp.movementScales[k]): \(x) vs \(y)")
            }
        }
        let r = try #require(viaApp.recommendation), m = try #require(closed.recommendation)
        #expect(r.values == m.values && r.movementScale == m.movementScale)
        #expect(viaApp.appDefault.movementScale == closed.appDefault.movementScale && abs(viaApp.appDefault.metrics.visibleJitterPx! - closed.appDefault.metrics.visibleJitterPx!) <= 1e-9 * closed.appDefault.metrics.visibleJitterPx!)
        // Both say "keep" or both name a change, each in its words.
        #expect(r.reasoning.hasPrefix("Keep the current settings") == m.reasoning.hasPrefix("Keep the current settings"), "\(r.reasoning) | \(m.reasoning)")
    }

    /// An app sweep runs whole over the app's grid: a full grid, a shard, seeds or a hold-out is a field error.
    @Test func anAppSweepRefusesWhatItCannotRun() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let traces = [(name: "ramp", trace: TuneFixtures.rampTrace(cycles: 1))]
        var base = try Self.request(dir, "app.json", traces: traces)
        base.app = AppTuneTarget(app: ModelApp())
        var full = base, shard = base, seeds = base
        full.grid = .full
        shard.shard = ShardInfo(index: 1, count: 2)
        seeds.robustness = RobustnessOptions(seeds: 3)
        for (request, field) in [(full, "grid"), (shard, "shard"), (seeds, "seeds")] {
            #expect { try Tuner.run(request) } throws: { ($0 as? FieldError)?.path.firstKey == field }
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path("app.json")))
    }
}
