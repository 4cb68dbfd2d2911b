import AppReplay
import Foundation
import Geometry
import ParallaxTestSupport
import Smoothing
import TestedApp
import Testing
import Tracking
import Tuning

/// `tune --app-source` on the sample app (SampleApp/README.md: EMA weight 0.5, movement scale 2): its sliders'
/// settings swept through its code, against its model swept through the same path; a branch that ignores α; a
/// branch that clamps what the slider sets.
@Suite(.serialized) struct AppTuneTests {
    /// Two upright-phone traces (no attitude columns): the still-then-sway trace of `AppUnderTestTests` and 6 s still.
    static let traces: [(name: String, trace: HeadTrace)] = {
        let still = TraceSpec(seed: 7, start: Vec3(0.01, -0.005, 0.38), motion: [MotionSegment(model: .still, duration: 6)])
        return [("upright-sway", AppUnderTestTests.uprightTrace), ("upright-still", try! TraceSynthesizer.synthesize(still))]
    }()

    static func tune(_ app: any AppUnderTest, in dir: TemporaryDirectory, name: String = "tune.json") throws -> TuneResult {
        var request = TuneRequest(traces: .loaded(traces), sweep: AppSettingsGrid.sweep, movementScales: AppSettingsGrid.movementScale,
                                  objective: try TuneObjective(TuneContext.defaultObjective))
        request.grid = .app
        request.output = dir.path(name)
        request.app = AppTuneTarget(app: app)
        return try Tuner.run(request).result
    }

    /// The acceptance: on the unmodified sample app and upright traces, its code recommends what its model
    /// (`ModelApp`: ema α = 0.5, s = 2) does through the same path, every configuration's metrics equal to Float's
    /// precision; the code was replayed once per (α, s, trace) with the settings read back as set.
    @Test func theSampleAppsCodeRecommendsWhatItsModelDoes() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let code = CodeApp(try SampleApp.replay())
        let onCode = try Self.tune(code, in: dir, name: "code.json")
        let onModel = try Self.tune(ModelApp(filter: try SmootherSpec(parsing: "ema:alpha=0.5"), movementScale: 2), in: dir, name: "model.json")

        let r = try #require(onCode.recommendation), m = try #require(onModel.recommendation)
        #expect(r.values == m.values && r.movementScale == m.movementScale, "code \(r.smoother) s \(r.movementScale), model \(m.smoother) s \(m.movementScale)")
        #expect(onCode.configurations.count == 9 && onCode.movementScales.count == 26)
        for (c, d) in zip(onCode.configurations, onModel.configurations) {
            #expect(c.values == d.values)
            Self.expectClose(c.rampLagMs, d.rampLagMs, "ramp lag of \(c.smoother)")
            Self.expectClose(c.jitterMm, d.jitterMm, "jitter of \(c.smoother)")
            for k in c.errors.indices {
                Self.expectClose(c.errors[k].visibleJitterPx, d.errors[k].visibleJitterPx, "visible jitter of \(c.smoother) at s \(onCode.movementScales[k])")
                Self.expectClose(c.errors[k].trackingPx, d.errors[k].trackingPx, "tracking error of \(c.smoother) at s \(onCode.movementScales[k])")
            }
        }
        // "Keep" is against the settings the code holds as built (0.5, 2), not the shipped app's 0.25 / 1.5.
        #expect(onCode.appDefault.movementScale == 2 && onCode.appDefault.smoother == "app:alpha=0.5")
        #expect(r.reasoning.hasPrefix(r.values == [0.5] && r.movementScale == 2 ? "Keep the current settings (α = 0.5, s = 2, as the app is built)"
                                                                             : "Set the sliders to α = "), "\(r.reasoning)")
        #expect(r.reasoning.contains("α = 0.5, s = 2 as the app is built is"), "\(r.reasoning)")

        let app = try #require(onCode.app)
        #expect(app.identity == code.identity && app.label == "the app (code \(code.identity.hash!.prefix(8)))")
        #expect(app.built == TunedApp.Settings(AppSettings(smoothingAlpha: 0.5, movementScale: 2)))
        #expect(app.probes.map(\.changesFrames) == [true, true])
        // Settings reach the app: 9 α × 26 s × 2 traces replays, each read back as its sliders set it.
        #expect(app.readBackRuns == 9 * 26 * 2 && app.heldDifferences.isEmpty)
        #expect(onCode.notes.contains("read back: the app held the settings its sliders set in all 468 runs"))
        #expect(onCode.notes.contains("trace upright-sway has no device_q (or pitch,roll) columns: the phone is held still and upright"))
        // The model beside the code: its metrics at the recommendation are the code's, its projection is the sample's own frustum.
        let model = try #require(app.model)
        Self.expectClose(model.metrics.visibleJitterPx, r.metrics.visibleJitterPx, "the model's visible jitter at the recommendation")
        #expect(model.comparison.runs == 2 && model.line.contains(model.comparison.statement))
        // They part first at the projection of frame 1 — the sample's frustum is its own screen table's (70 × 150 mm) —
        // and agree on the head and eye, which is what the tuner measures.
        #expect(model.comparison.first?.stage == .projection && model.comparison.first?.frame == 1, "\(model.comparison.statement)")
        #expect(model.headAndEye.agree && model.line.hasSuffix("; on the head and eye the tuner measures: model = code (2 runs)"), "\(model.line)")
        #expect(onModel.app?.model == nil, "a model under test has no model beside it")

        // Which app was tuned, in the text, tune.json and tune.html.
        #expect(onCode.summary.hasPrefix("tune \(app.label) through its sliders: smoothingAlpha (9) × movementScale (26) on 2 trace(s)"), "\(onCode.summary)")
        #expect(onCode.summary.contains("app: \(app.label) at \(SampleApp.folder), source hash \(code.identity.hash!)"), "\(onCode.summary)")
        #expect(onCode.summary.contains(model.comparison.statement))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.url.appendingPathComponent("code.json"))) as? [String: Any])
        let identity = try #require((json["app"] as? [String: Any])?["identity"] as? [String: Any])
        #expect(identity["hash"] as? String == code.identity.hash && identity["source"] as? String == SampleApp.folder)
        let page = try String(contentsOfFile: dir.path("code.html"), encoding: .utf8)
        #expect(page.contains("ParallaxLab tuning: \(app.label)") && page.contains(code.identity.hash!))
        #expect(page.contains("tune-view-data"), "the interactive view is drawn from the code's frames")
        // tune.json reads back whole.
        #expect(try TuneResult.decode(Data(contentsOf: dir.url.appendingPathComponent("code.json")), name: "code.json") == onCode)
    }

    /// A branch whose filter does not read α (a fixed weight of 0.9): probing finds that both ends of the slider give
    /// identical frames; α is held as built and said so in the text and tune.json, and only the scale is swept.
    @Test func aSettingTheCodeIgnoresIsReportedNotSwept() throws {
        let folder = try SampleApp.variant("ExponentialSmoother.swift") {
            $0.replacingOccurrences(of: "state.map { weight * value + (1 - weight) * $0 }", with: "state.map { 0.9 * value + 0.1 * $0 }")
        }
        defer { folder.cleanUp() }
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let result = try Self.tune(CodeApp(try SampleApp.replay(folder.url.path)), in: dir)
        let app = try #require(result.app)
        #expect(app.probes.map(\.changesFrames) == [false, true])
        #expect(result.parameters.isEmpty && result.configurations.count == 1 && result.movementScales.count == 26)
        #expect(app.readBackRuns == 26 * 2)
        let statement = "smoothingAlpha changes nothing on this code (0.1 and 0.5 set through its property give identical frames on a ramp): not swept, held at 0.5 as built"
        #expect(result.notes.contains(statement), "\(result.notes)")
        #expect(result.summary.contains("note: \(statement)") && result.summary.contains("smoothingAlpha held × movementScale (26)"), "\(result.summary)")
        let json = try String(contentsOfFile: dir.path("tune.json"), encoding: .utf8)
        #expect(json.contains(statement) && json.contains("\"changes_frames\" : false"))
        // The recommendation still names α (as held), and the model at it — an EMA of α 0.5 — is not this code.
        let r = try #require(result.recommendation)
        #expect(r.reasoning.contains("α = 0.5, s = "), "\(r.reasoning)")
        let model = try #require(app.model)
        #expect(model.smoother == "ema:alpha=0.5,loss=hold" && model.comparison.statement.hasPrefix("model ≠ code (2 of 2 runs)"))
        #expect(model.headAndEye.statement.hasPrefix("model ≠ code (2 of 2 runs): first at the smoother output, frame 2"), "\(model.headAndEye.statement)")
        Self.expectFar(model.metrics.rampLagMs, r.metrics.rampLagMs, "the model's ramp lag (α 0.5) against the code's (weight 0.9)")
    }

    /// A branch that clamps the smoothing slider to ≥ 0.2: the app holds 0.2 when the slider sets 0.1 or 0.15, and
    /// the read-back says so (the two lowest α then measure the same).
    @Test func settingsTheAppDoesNotHoldAreReadBackAndReported() throws {
        let folder = try SampleApp.variant("HeadTrackingService.swift") {
            $0.replacingOccurrences(of: "didSet { for i in filters.indices",
                                    with: "didSet { if smoothingAlpha < 0.2 { smoothingAlpha = 0.2 }; for i in filters.indices")
        }
        defer { folder.cleanUp() }
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let result = try Self.tune(CodeApp(try SampleApp.replay(folder.url.path)), in: dir)
        let app = try #require(result.app)
        #expect(Set(app.heldDifferences.map { "\($0.setting) \($0.set) → \(Float($0.held))" })
                == ["smoothingAlpha 0.1 → 0.2", "smoothingAlpha 0.15 → 0.2"], "\(app.heldDifferences)")
        #expect(result.notes.contains { $0.hasPrefix("read back: the app does not hold every setting its sliders set — smoothingAlpha set to 0.1, held 0.2") },
                "\(result.notes)")
        let (low, next, held) = (result.configurations[0], result.configurations[1], result.configurations[2])
        #expect(held.values == [0.2] && low.errors == held.errors && next.errors == held.errors && low.rampLagMs == held.rampLagMs,
                "α 0.1 and 0.15 are both held as 0.2")
        #expect(result.configurations[3].errors != held.errors)
    }

    static func expectFar(_ a: Double?, _ b: Double?, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let a, let b else {
            Issue.record("\(what): \(String(describing: a)) vs \(String(describing: b))", sourceLocation: sourceLocation)
            return
        }
        #expect(abs(a - b) > 0.2 * max(abs(a), abs(b)), "\(what): \(a) vs \(b)", sourceLocation: sourceLocation)
    }

    static func expectClose(_ a: Double?, _ b: Double?, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let a, let b else {
            #expect(a == nil && b == nil, "\(what): \(String(describing: a)) vs \(String(describing: b))", sourceLocation: sourceLocation)
            return
        }
        // Float's precision through the EMA, the scale and the on-glass sums.
        #expect(abs(a - b) <= 1e-4 * max(abs(a), abs(b)) + 1e-9, "\(what): code \(a), model \(b)", sourceLocation: sourceLocation)
    }
}
