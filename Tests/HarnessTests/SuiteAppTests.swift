import Analysis
import AppReplay
import Foundation
@testable import Harness
import ParallaxTestSupport
import Projection
import Reporting
import Scientific
import TestedApp
import Testing
import Tracking
import Tuning

/// A suite's `app: {source: DIR}`: the sample app's code (Tests/Fixtures/apps/SampleApp: EMA weight 0.5, movement
/// scale 2) is "the app" of the scenarios, budgets, headline, frames and audit; without it the app is the model.
@Suite struct SuiteAppTests {
    static let sampleApp = AppParitySuiteTests.sampleApp
    static let screen = try! ScreenModel(parsing: "iphone-15-pro")

    /// A folder with the suite file, the repository's sway trace (a phone tilted 30°) and still trace, and the
    /// sample app's files copied (so that a test may change them).
    struct Fixture {
        let directory: TemporaryDirectory
        var suite: String { directory.path("suite.yml") }
        var app: String { directory.path("app") }

        init(_ text: String) throws {
            directory = try TemporaryDirectory(prefix: "suite-app")
            for name in ["sway.csv", "still.csv"] {
                try FileManager.default.copyItem(atPath: SuiteRunTests.repository.appendingPathComponent("Traces/\(name)").path, toPath: directory.path(name))
            }
            try FileManager.default.copyItem(atPath: SuiteAppTests.sampleApp, toPath: app)
            try text.write(toFile: suite, atomically: true, encoding: .utf8)
        }

        func run(output: String = "report") throws -> SuiteRun.Outcome {
            var options = SuiteRun.Options(suitePath: suite)
            options.output = directory.path(output)
            return try SuiteRun.run(options)
        }

        func trace(_ name: String) throws -> HeadTrace { try TraceCSVReader.read(contentsOf: directory.path("\(name).csv")) }
    }

    static let suiteText = """
        name: sample app
        goldens: goldens
        traces: [sway.csv, still.csv]
        smoothers: ["ema:alpha=0.25", "kalman-cv"]
        screens: [iphone-15-pro]
        movement_scales: [1.5, 2]
        app: {source: app}
        budgets:
          - {metric: lag_ms, max: 1000, smoothers: [app]}
          - {metric: visible_jitter_px, max: 3, traces: [still]}
        audit: {screens: [iphone-15-pro], mode: shipped, traces: [still]}

        """

    /// The acceptance test of the suite's app: report.json's headline "the app" values are the medians of what
    /// `parallax analyze TRACE --app-source DIR --screen S` measures (`TraceAnalysis.analyze(_:traceName:app:…)` with
    /// the app as built), bit for bit; the filter part of its latency is its ramp lag; model ≠ code is stated.
    @Test func theHeadlinesAppIsTheCodeAndEqualsAnalyze() throws {
        let fixture = try Fixture(Self.suiteText)
        defer { fixture.directory.cleanUp() }
        let report = try fixture.run().report
        let code = try CodeApp(appSource: fixture.app)
        let headline = try #require(report.headline)
        #expect(headline.configurations.map(\.smoother) == ["app", "kalman-cv"])
        #expect(headline.configurationLabels[0] == code.identity.label && code.identity.label.hasPrefix("the app (code "))
        #expect(headline.app?.kind == "code" && headline.app?.hash == code.identity.hash && headline.app?.source == "app")
        // The app's own movement scale (2), which the suite measured, and its own α.
        #expect(headline.movementScale == 2 && headline.app?.movementScale == 2 && headline.app?.smoothingAlpha == 0.5)

        var analyses: [String: TraceAnalysisReport] = [:]
        for name in ["sway", "still"] {
            analyses[name] = try TraceAnalysis.analyze(try fixture.trace(name), traceName: name, app: code, screen: Self.screen, arkitFrame: .gravity)
        }
        func analyzed(_ metric: String, _ report: TraceAnalysisReport) -> Double? {
            switch metric {
            case "latency_p95_ms": return report.latency.first { $0.model.displayRate == 60 }.map { $0.distribution.p95 * 1000 }
            case "visible_jitter_px": return report.parallax?.visibleJitter?.pixels.rms
            case "visible_jitter_mm": return report.parallax?.visibleJitter?.millimeters.rms
            case "parallax_error_p95_px": return report.parallax?.tracking.pixels.p95
            case "parallax_error_p95_arcmin": return report.parallax?.tracking.arcminutes.p95
            case "effect_gain_px_per_cm": return report.effectGainPxPerCm
            default: Issue.record("a headline metric the test does not know: \(metric)"); return nil
            }
        }
        #expect(headline.rows.flatMap(\.metrics).count == 6)
        for row in headline.rows {
            for (k, metric) in row.metrics.enumerated() {
                let values = try row.traces.map { try #require(analyzed(metric, analyses[$0]!)) }
                #expect(row.cells[0].values[k] == Statistics.median(values), "\(metric) over \(row.traces)")
            }
        }
        // The latency's filter part is the code's lag on the ramp at 60 Hz: for its EMA of weight 0.5, one sample.
        let filterPart = try #require(headline.latencyParts.first { $0.name == "filter lag on steady motion" }).ms
        #expect(abs(filterPart - 1000.0 / 60) < 1e-3, "\(filterPart) ms")

        // Model ≠ code: the model (α 0.25, scale 1.5) against the code (0.5, 2) on both traces, as built.
        let comparisons = try ["sway", "still"].map { name in
            let run = AppRun(screen: Self.screen, samples: try SensorStream(traceName: name, trace: try fixture.trace(name), arkitFrame: .gravity).samples)
            return AppComparison.compare(try code.run([run]), with: try ModelApp().run([run]), names: [name])
        }
        let statement = try #require(AppComparison.combining(comparisons)).statement
        #expect(statement.hasPrefix("model ≠ code (2 of 2 runs): first at the "), "\(statement)")
        #expect(headline.app?.comparison == statement)
        let folder = fixture.directory.path("report")
        // As each file writes text: a Markdown table cell escapes "|".
        for (file, written) in [("summary.md", statement.replacingOccurrences(of: "|", with: "\\|")), ("index.html", statement), ("report.json", statement)] {
            let text = try String(contentsOfFile: (folder as NSString).appendingPathComponent(file), encoding: .utf8)
            #expect(text.contains(written), "\(file) states \(statement)")
        }

        // The app has scenarios of its own on every screen and scale; `smoothers: [app]` budgets only those.
        #expect(report.scenarios.filter { $0.smoother == "app" }.map(\.id) == [
            "sway × app × iphone-15-pro × s=1.5", "sway × app × iphone-15-pro × s=2.0",
            "still × app × iphone-15-pro × s=1.5", "still × app × iphone-15-pro × s=2.0",
        ])
        let appBudget = report.budgets.filter { $0.metric == "lag_ms" }
        #expect(appBudget.count == 4 && appBudget.allSatisfy { $0.scenario.contains(" × app × ") })
        // An unscoped budget applies to the app's scenarios and the models' alike (still: 3 entries × 2 scales).
        #expect(report.budgets.filter { $0.metric == "visible_jitter_px" }.count == 6)
        #expect(report.setup?.smoothers.last == "app")
        // The audit's shipped side is the suite's app's code (its app_source defaults to it).
        let audit = try String(contentsOfFile: (folder as NSString).appendingPathComponent("audit.json"), encoding: .utf8)
        #expect(audit.contains("\"app_code\"") && audit.contains(code.identity.hash!))
    }

    /// Without `app:` the app is the model: its scenarios are its smoother's, the headline names it as the model and
    /// states no comparison, and `smoothers: [app]` budgets the model's smoother.
    /// A branch whose controller alone sets another scale (3, which the suite's scales 1.5 and 2 do not hold) is
    /// measured as built: the suite adds its scale, the headline is at it, and the alternatives are measured there too.
    @Test func theHeadlineIsTheAppAsBuiltAtTheScaleItsCodeHolds() throws {
        let fixture = try Fixture(Self.suiteText)
        defer { fixture.directory.cleanUp() }
        let controller = fixture.app + "/Sources/CubeSceneController.swift"
        let text = try String(contentsOfFile: controller, encoding: .utf8)
        try text.replacingOccurrences(of: "        super.init()\n", with: "        super.init()\n        offAxis.movementScale = 3\n")
            .write(toFile: controller, atomically: true, encoding: .utf8)
        let report = try fixture.run().report
        let headline = try #require(report.headline)
        #expect(headline.movementScale == 3)
        #expect(headline.app?.movementScale == 3)
        #expect(Set(report.scenarios.filter { $0.smoother == "app" }.map(\.movementScale)) == [1.5, 2, 3])
        #expect(report.scenarios.contains { $0.smoother == "kalman-cv" && $0.movementScale == 3 })
    }

    @Test func withoutAppTheHeadlineSaysTheAppIsTheModel() throws {
        let fixture = try Fixture(Self.suiteText.replacingOccurrences(of: "app: {source: app}\n", with: "")
            .replacingOccurrences(of: "audit: {screens: [iphone-15-pro], mode: shipped, traces: [still]}\n", with: ""))
        defer { fixture.directory.cleanUp() }
        let report = try fixture.run().report
        let headline = try #require(report.headline)
        #expect(headline.configurationLabels == ["the app (model: ema:alpha=0.25, movement scale 1.5)", "best alternative (kalman-cv)"])
        #expect(headline.configurations[0].smoother == "ema:alpha=0.25" && headline.movementScale == 1.5)
        #expect(headline.app?.kind == "model" && headline.app?.comparison == nil && headline.app?.hash == nil)
        #expect(!report.scenarios.contains { $0.smoother == "app" })
        #expect(report.budgets.filter { $0.metric == "lag_ms" }.allSatisfy { $0.scenario.contains(" × ema:alpha=0.25 × ") })
        #expect(report.budgets.filter { $0.metric == "lag_ms" }.count == 4)
        let summary = try String(contentsOfFile: fixture.directory.path("report/summary.md"), encoding: .utf8)
        #expect(summary.contains("| the app (model: ema:alpha=0.25, movement scale 1.5) | best alternative (kalman-cv) |"))
        #expect(!summary.contains("model ≠ code"))
    }

    /// `app:` that cannot be run stops the run (exit 2) with one line naming the suite file and the field.
    @Test func badAppInputNamesTheSuiteFileAndField() throws {
        func failure(_ app: String, edit: (Fixture) throws -> Void = { _ in }) throws -> String {
            let fixture = try Fixture(Self.suiteText.replacingOccurrences(of: "app: {source: app}", with: app))
            defer { fixture.directory.cleanUp() }
            try edit(fixture)
            do {
                _ = try fixture.run()
                Issue.record("\(app) ran")
                return ""
            } catch let error as SuiteError {
                #expect(error.file == fixture.suite && error.line == 7, "\(error)")
                #expect(!error.description.contains("\n"), "\(error)")
                #expect(!FileManager.default.fileExists(atPath: fixture.directory.path("report")), "nothing written")
                return error.message
            }
        }
        #expect(try failure("app: {source: app, smoothing: 0.3}").contains("smoothing"))
        #expect(try failure("app: {source: app, arkit_frame: sideways}").contains("expected gravity or camera, found 'sideways'"))
        #expect(try failure("app: {source: nowhere}").hasPrefix("app.source: no such app source folder 'nowhere'"))
        // The platform's parsers name their own field, under `app`, with the suite's file and line.
        for (app, expected) in [("app: {source: app, assume: [arkit-loss=gone]}", "app.assume: expected arkit-loss=frozen|removed, found 'arkit-loss=gone'"),
                                ("app: {source: app, rates: 'motion=0'}", "app.rates: expected arkit|motion|display=HZ")] {
            let fixture = try Fixture(Self.suiteText.replacingOccurrences(of: "app: {source: app}", with: app))
            defer { fixture.directory.cleanUp() }
            do {
                _ = try fixture.run()
                Issue.record("\(app) ran")
            } catch {
                #expect("\(error)".hasPrefix("\(fixture.suite):7: \(expected)"), "\(error)")
            }
        }
        let missing = try failure("app: {source: app}") { try FileManager.default.removeItem(atPath: $0.app + "/Sources/MatrixMath.swift") }
        #expect(missing.hasPrefix("app.source: ") && missing.contains("missing MatrixMath.swift"), "\(missing)")
        let broken = try failure("app: {source: app}") { fixture in
            let file = fixture.app + "/Sources/HeadPosition.swift"
            try (try String(contentsOfFile: file, encoding: .utf8) + "\nlet broken: Int = \"not a number\"\n").write(toFile: file, atomically: true, encoding: .utf8)
        }
        #expect(broken.hasPrefix("app.source: the app's code does not compile") && broken.contains("HeadPosition.swift:"), "\(broken)")
        // A frame that stands for the suite's app needs one.
        let frame = SuiteLoaderTests().error("frames:\n  - {name: c, app: true, scene: {cube: app-cube, look: app}, head: [0, 0, 0.3]}\n")
        #expect(frame?.line == 2 && frame?.message.hasPrefix("frames[0].app: expected the suite's app: {source: DIR}") == true, "\(String(describing: frame))")
    }

    /// `app: {assume:, rates:}` runs the suite's app on that platform (the label says so), and `audit: {probe:}` runs
    /// the audit's code on what the probe measured, its entries marked measured in audit.json.
    @Test func theSuitesAppRunsOnTheAssumedPlatformAndTheAuditOnTheProbes() throws {
        var synthesizer = DeviceProbeSynthesizer()
        synthesizer.loss = .removed
        let fixture = try Fixture(Self.suiteText
            .replacingOccurrences(of: "app: {source: app}", with: "app: {source: app, assume: [render-thread=other], rates: 'display=120'}")
            .replacingOccurrences(of: "audit: {screens: [iphone-15-pro], mode: shipped, traces: [still]}",
                                  with: "audit: {screens: [iphone-15-pro], mode: shipped, traces: [still], probe: probe.json}"))
        defer { fixture.directory.cleanUp() }
        try synthesizer.json().write(toFile: fixture.directory.path("probe.json"), atomically: true, encoding: .utf8)
        _ = try fixture.run()
        let report = try String(contentsOfFile: fixture.directory.path("report/report.json"), encoding: .utf8)
        #expect(report.contains("assuming render-thread=other, sensor-rates=display=120"))
        let audit = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: fixture.directory.path("report/audit.json")))) as! [String: Any]
        let probe = try #require(audit["probe"] as? [String: Any])
        #expect((probe["platform"] as? [String: Any])?["arkit-loss"] as? String == "removed")
        let statuses = Dictionary(uniqueKeysWithValues: (audit["hypotheses"] as! [[String: Any]]).map { ($0["id"] as! String, $0["status"] as! String) })
        #expect(statuses["arkit-loss"] == "measured" && statuses["eye"] == "assumed")
    }

    /// A frame with `app: true` draws the scene of the suite's app's code: the same pixels as `app_source` naming it.
    @Test func aFrameOfTheSuitesAppDrawsItsCode() throws {
        let fixture = try Fixture("""
            name: app frames
            goldens: goldens
            traces: [still.csv]
            app: {source: app}
            frames:
              - {name: cube/by-source, app_source: app, scene: {cube: app-cube, look: app}, head: [0.01, 0.02, 0.4], scale: 0.0625}
              - {name: cube/the-app, app: true, scene: {cube: app-cube, look: app}, head: [0.01, 0.02, 0.4], scale: 0.0625, versus: cube/by-source}
              - {name: cube/model, scene: {cube: app-cube, look: app}, head: [0.01, 0.02, 0.4], scale: 0.0625, versus: cube/by-source}

            """)
        defer { fixture.directory.cleanUp() }
        let frames = try fixture.run().report.frames
        let app = try #require(frames.first { $0.name == "cube/the-app" })
        #expect(app.metrics["versus_max_channel_diff"] == 0 && app.metrics["versus_mean_absolute_error"] == 0, "\(app.metrics)")
        // The model's scene is another scene (the app's cube, not the sample's): the code was drawn, not the model.
        #expect((frames.first { $0.name == "cube/model" }?.metrics["versus_mean_absolute_error"] ?? 0) > 0)
    }

    /// `--baseline` across a change of the app's code: the same setup (the app's scenarios are `app` whatever its
    /// code), each app scenario compared, the headline's "the app" against the baseline's.
    @Test func aBaselineComparesTheAppAcrossItsCode() throws {
        let fixture = try Fixture(Self.suiteText.replacingOccurrences(of: "audit: {screens: [iphone-15-pro], mode: shipped, traces: [still]}\n", with: ""))
        defer { fixture.directory.cleanUp() }
        let before = try fixture.run(output: "before").report
        // A branch whose smoother is a fixed weight of 0.9: less lag than the EMA of 0.5.
        let smoother = fixture.app + "/Sources/ExponentialSmoother.swift"
        try String(contentsOfFile: smoother, encoding: .utf8)
            .replacingOccurrences(of: "state.map { weight * value + (1 - weight) * $0 }", with: "state.map { 0.9 * value + 0.1 * $0 }")
            .write(toFile: smoother, atomically: true, encoding: .utf8)
        var options = SuiteRun.Options(suitePath: fixture.suite)
        options.output = fixture.directory.path("after")
        options.baseline = fixture.directory.path("before/report.json")
        options.failOnRegression = false
        let after = try SuiteRun.run(options).report
        #expect(after.headline?.app?.hash != before.headline?.app?.hash)
        let lags = try #require(after.baseline?.filter { $0.metric == "lag_ms" && $0.key.hasPrefix("sway × app × ") })
        #expect(lags.count == 2 && lags.allSatisfy { $0.state == .better }, "\(lags)")
        let latency = try #require(after.headline?.rows.first { $0.metrics == ["latency_p95_ms"] })
        #expect(latency.cells[0].trend == .better && latency.cells[1].trend == .same)
    }

    /// Shards of a suite with `app:` merge into the unsharded report byte for byte; parts of different app code, or
    /// a folder changed since the parts ran, are refused naming the app.
    @Test func shardsAgreeOnTheAppsCode() throws {
        let fixture = try Fixture(Self.suiteText.replacingOccurrences(of: "audit: {screens: [iphone-15-pro], mode: shipped, traces: [still]}\n", with: ""))
        defer { fixture.directory.cleanUp() }
        _ = try fixture.run(output: "whole")
        func shard(_ i: Int) throws {
            var options = SuiteRun.Options(suitePath: fixture.suite)
            options.shard = try ShardInfo(parsing: "\(i)/2")
            options.output = fixture.directory.path("part\(i)")
            _ = try SuiteRun.runShard(options)
        }
        func merge(into output: String) throws -> SuiteRun.Outcome {
            var options = SuiteRun.Options(suitePath: fixture.suite)
            options.output = fixture.directory.path(output)
            return try SuiteRun.mergeReports([fixture.directory.path("part1"), fixture.directory.path("part2")], options: options)
        }
        try shard(1)
        try shard(2)
        _ = try merge(into: "merged")
        let whole = try Data(contentsOf: URL(fileURLWithPath: fixture.directory.path("whole/report.json")))
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.directory.path("merged/report.json"))) == whole)

        // The app's smoother changed after shard 1 ran: shard 2 replays other code.
        let smoother = fixture.app + "/Sources/ExponentialSmoother.swift"
        let original = try String(contentsOfFile: smoother, encoding: .utf8)
        try original.replacingOccurrences(of: "state.map { weight * value + (1 - weight) * $0 }", with: "state.map { 0.9 * value + 0.1 * $0 }")
            .write(toFile: smoother, atomically: true, encoding: .utf8)
        try shard(2)
        let mixed = try #require(throws: SuiteError.self) { try merge(into: "mixed") }
        #expect(mixed.file == fixture.directory.path("part2") && mixed.message.contains("the app's code") && mixed.message.contains("run every shard on the same app code"),
                "\(mixed)")
        // Both parts of the original code, but the folder changed since (to the branch above, built already).
        try original.write(toFile: smoother, atomically: true, encoding: .utf8)
        try shard(2)
        try original.replacingOccurrences(of: "state.map { weight * value + (1 - weight) * $0 }", with: "state.map { 0.9 * value + 0.1 * $0 }")
            .write(toFile: smoother, atomically: true, encoding: .utf8)
        let changed = try #require(throws: SuiteError.self) { try merge(into: "changed") }
        #expect(changed.file == fixture.suite && changed.line == 7 && changed.message.hasPrefix("app.source: expected the app's code "), "\(changed)")
    }
}
