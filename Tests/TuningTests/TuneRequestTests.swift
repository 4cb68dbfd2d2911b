import Foundation
import ParallaxTestSupport
import Testing
import Tracking
@testable import Tuning
import Vocabulary

@Suite struct TuneRequestTests {
    /// Minimising lag with no constraints: EMA's steady-state ramp lag (1 − α)/α·Δt falls as α grows, so the
    /// recommendation is the grid's largest α at its first scale.
    static func request(_ traces: TuneTraceSource, smoother: String, scales: String) throws -> TuneRequest {
        var request = TuneRequest(traces: traces, sweep: try SweepSpec(parsing: smoother),
                                  movementScales: try ParameterRange(scales, name: "movement_scale"), objective: try TuneObjective("lag_ms"))
        request.constraints = []
        return request
    }

    static let ramps = [(name: "ramps", trace: TuneFixtures.rampTrace(cycles: 2))]

    static func notes(_ outcome: TuneOutcome) -> [String] { outcome.result.notes.filter { $0.contains("cannot be set in the app") } }

    @Test func outputNamesFollowTheShard() throws {
        var request = try Self.request(.files(["a.csv"]), smoother: "ema:alpha=0.25", scales: "1.5")
        #expect(request.outputPath == "tune.json")
        request.shard = ShardInfo(index: 2, count: 5)
        #expect(request.outputPath == "tune.part-2-of-5.json")
        #expect(TuneRequest.partFileName(ShardInfo(index: 1, count: 1)) == "tune.part-1-of-1.json")
        request.output = "mine.json"
        #expect(request.outputPath == "mine.json")
    }

    @Test func anOffGridRecommendationKeepsItsSettabilityNoteThroughAMerge() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        var request = try Self.request(.loaded(Self.ramps), smoother: "ema:alpha=0.5...0.95/0.05", scales: "1.0")
        request.output = dir.path("tune.json")
        let full = try Tuner.run(request)
        #expect(full.written == [dir.path("tune.json"), dir.path("tune.html")])
        let alpha = try #require(full.result.recommendation?.values.first)
        #expect(abs(alpha - 0.95) < 1e-9)
        let note = try #require(Self.notes(full).first)
        #expect(note.hasPrefix("the recommendation α = 0.95, s = 1 cannot be set in the app (α 0.10...0.50/0.05, s 0.5...3.0/0.1); nearest settable: α = 0.5, s = 1: ramp lag "))
        var parts: [String] = []
        for i in 1...3 {
            var part = request
            part.shard = ShardInfo(index: i, count: 3)
            part.output = dir.path(TuneRequest.partFileName(part.shard!))
            let outcome = try Tuner.run(part)
            #expect(outcome.written == [part.outputPath] && Self.notes(outcome).isEmpty)
            parts.append(part.outputPath)
        }
        let merged = try Tuner.merge(partFiles: parts.reversed(), output: dir.path("merged.json"))
        #expect(merged.written.first == dir.path("merged.json") && merged.context == nil)
        #expect(try Data(contentsOf: dir.url.appendingPathComponent("merged.json")) == Data(contentsOf: dir.url.appendingPathComponent("tune.json")))
    }

    @Test func settableRecommendationsHaveNoNoteAndAnOffGridScaleHasOne() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        var settable = try Self.request(.loaded(Self.ramps), smoother: "ema:alpha=0.1...0.5/0.05", scales: "1.0")
        settable.output = dir.path("settable.json")
        #expect(Self.notes(try Tuner.run(settable)).isEmpty)
        var offScale = settable
        offScale.movementScales = try ParameterRange("1.04", name: "movement_scale")
        offScale.output = dir.path("off-scale.json")
        #expect(Self.notes(try Tuner.run(offScale)) == [
            "the recommendation α = 0.5, s = 1.04 cannot be set in the app (α 0.10...0.50/0.05, s 0.5...3.0/0.1); nearest settable: α = 0.5, s = 1 (not on the swept grid, so not evaluated)",
        ])
    }

    @Test func theAppGridReplacesTheGivenRanges() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        var request = try Self.request(.loaded(Self.ramps), smoother: "ema:alpha=0.9", scales: "2.55")
        request.grid = .app
        request.output = dir.path("tune.json")
        request.writesPage = false
        let outcome = try Tuner.run(request)
        #expect(outcome.written == [dir.path("tune.json")] && !FileManager.default.fileExists(atPath: dir.path("tune.html")))
        #expect(outcome.result.setup.smoother.text == AppSettingsGrid.sweep.text)
        #expect(outcome.result.setup.movementScale == AppSettingsGrid.movementScale.text)
        #expect(outcome.result.configurations.count == AppSettingsGrid.alpha.values.count)
        #expect(Self.notes(outcome).isEmpty)
    }

    @Test func heldOutFilesJoinTheTraceFilesAndStayOutOfTheSearch() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let (training, held) = (dir.path("ramps.csv"), dir.path("sway.csv"))
        try TraceCSVWriter.write(TuneFixtures.rampTrace(cycles: 2), to: training)
        try TraceCSVWriter.write(try TuneFixtures.swayTrace(), to: held)
        var request = try Self.request(.files([training]), smoother: "ema:alpha=0.2...0.4/0.1", scales: "1.5")
        request.robustness = RobustnessOptions(holdout: .files([held]))
        request.output = dir.path("tune.json")
        let outcome = try Tuner.run(request)
        #expect(outcome.result.setup.traces.map(\.path) == [training])
        #expect(outcome.result.robustness?.holdout?.traces == [held])
        #expect(outcome.context?.traces.map(\.name) == [training])
    }

    @Test func aShardDoesNotCombineWithARobustRun() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        var request = try Self.request(.loaded(Self.ramps), smoother: "ema:alpha=0.2...0.4/0.1", scales: "1.5")
        request.robustness = RobustnessOptions(seeds: 2)
        request.shard = ShardInfo(index: 1, count: 2)
        request.output = dir.path("part.json")
        #expect(throws: FieldError("shard", expected: "no shard with seeds or holdout (they run whole sweeps)", found: "shard 1/2")) { try Tuner.run(request) }
        #expect(!FileManager.default.fileExists(atPath: dir.path("part.json")))
    }
}
