import Foundation
import Golden
import Projection
import Smoothing
import ParallaxTestSupport
import Splatting
import Testing
import Tuning
@testable import Harness
import Vocabulary

@Suite struct SuiteLoaderTests {
    func load(_ yaml: String, files: [String: String] = [:]) throws -> Suite {
        let dir = try TemporaryDirectory(prefix: "suite")
        defer { dir.cleanUp() }
        for (name, content) in files { try content.write(toFile: dir.path(name), atomically: true, encoding: .utf8) }
        let path = dir.path("suite.yml")
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return try SuiteLoader(path: path).load()
    }

    func error(_ yaml: String, files: [String: String] = [:]) -> SuiteError? {
        thrownError(SuiteError.self) { try load(yaml, files: files) }
    }

    @Test func readsAFullSuite() throws {
        let suite = try load("""
            name: demo
            traces: [t.csv, {name: synth, spec: s.yml}]
            smoothers: ["ema:alpha=0.3"]
            movement_scales: [1, 1.5]
            budgets:
              - {metric: lag_ms, max: 60, traces: [t]}
            frames:
              - {name: f/one, scene: {cube: app-cube}, head: [0, 0, 0.35], scale: 0.1, tolerance: {max-channel-diff: 3}}
              - {name: f/two, scene: {cube: screen}, trace: t, at: [1.0], samples: 2}
            """, files: ["t.csv": "t,x,y,z\n0,0,0,0.3\n", "s.yml": "motion: [{model: still, duration: 1}]\n"])
        #expect(suite.name == "demo")
        #expect(suite.traces.map(\.name) == ["t", "synth"])
        #expect(suite.movementScales == [1, 1.5])
        #expect(suite.budgets[0].metric == .lagMs && suite.budgets[0].max == 60)
        #expect(suite.frames[0].tolerance == (try Tolerance(parsing: "max-channel-diff=3")))
        #expect(suite.frames[1].trace == "t" && suite.frames[1].samples == 2)
        // Smoothers and screens are values, named as written.
        #expect(try suite.smoothers.map(\.text) == ["ema:alpha=0.3"] && suite.smoothers[0].value == SmootherSpec(parsing: "ema:alpha=0.3"))
        #expect(suite.screens == [.appDefault] && suite.frames[0].screen == .appDefault)
    }

    /// A bad smoother or screen anywhere in the suite stops it as it is read, before any trace is loaded.
    @Test func smoothersAndScreensAreParsedAsTheSuiteIsRead() throws {
        let suite = try load("""
            smoothers: [kalman-cv]
            screens: ['iPhone 16 Pro']
            budgets:
              - {metric: lag_ms, max: 60, smoothers: ['ema']}
            frames:
              - {name: a, scene: {cube: screen}, screen: 'app-table:iPhone17,1', trace: t.csv, smoother: 'ema:alpha=0.5', at: [0]}
            audit: {screens: [all]}
            """, files: ["t.csv": "t,x,y,z\n0,0,0,0.3\n"])
        #expect(suite.smoothers.map(\.text) == ["kalman-cv"] && suite.screens.map(\.text) == ["iPhone 16 Pro"])
        #expect(suite.screens[0].value == (try ScreenModel.device("iphone-16-pro")))
        #expect(suite.budgets[0].smoothers == [.smoother(try SmootherSpec(parsing: "ema:alpha=0.25"))])
        #expect(suite.frames[0].screen.text == "app-table:iPhone17,1" && suite.frames[0].screen.value.source == .appTable)
        #expect(suite.frames[0].smoother == (try SmootherSpec(parsing: "ema:alpha=0.5")))
        #expect(suite.audit?.screens == (try DisplayTable.records.map { try ScreenModel.device($0) }))
        let bad = thrownError(FieldError.self) {
            try load("frames:\n  - {name: a, scene: {cube: screen}, screen: iphone-99, head: [0, 0, 0.3]}\n")
        }
        #expect(bad?.line == 2 && bad?.description.contains("suite.yml:2: frames[0].screen.screen: expected an iPhone name") == true, "\(String(describing: bad))")
    }

    /// `tune:` holds its sweep, scales, screen, objective and constraints parsed; an error names the field under `tune`.
    @Test func tuneValuesAreParsedAsTheSuiteIsRead() throws {
        let suite = try load("tune: {smoother: 'ema:alpha=0.1...0.3/0.1', screen: 'iPhone17,1', objective: jitter_mm, constraints: ['ramp_lag_ms<=40']}\n")
        let tune = try #require(suite.tune)
        #expect(try tune.smoother == SweepSpec(parsing: "ema:alpha=0.1...0.3/0.1") && tune.movementScale.values == [1.5])
        #expect(try tune.screen.text == "iPhone17,1" && tune.screen.value == ScreenModel.device("iphone-16-pro"))
        #expect(try tune.objective == TuneObjective("jitter_mm") && tune.constraints == [TuneConstraint("ramp_lag_ms<=40")])
        let bad = thrownError(FieldError.self) { try load("tune:\n  smoother: 'ema:alpha=0...2/0.1'\n") }
        #expect(bad?.description.contains("suite.yml:2: tune.smoother.ema.alpha: expected alpha ∈ (0, 1], found 0.0") == true, "\(String(describing: bad))")
    }

    @Test func unknownKeyNamesFileLineAndKey() {
        let e = error("name: x\nsmoothers: [ema]\nframes:\n  - name: a\n    scene: {cube: screen}\n    head: [0, 0, 0.3]\n    colour: red\n")
        #expect(e?.line == 7)
        #expect(e?.description.contains("suite.yml:7:") == true)
        #expect(e?.message.contains("unknown key 'colour'") == true)
    }

    @Test func wrongTypeNamesTheLine() {
        let e = error("name: x\nmovement_scales: [1.5, fast]\n")
        #expect(e?.line == 2)
        #expect(e?.message.contains("movement_scales[1]") == true)
    }

    @Test func missingFileNamesTheEntry() {
        let e = error("traces:\n  - Traces/nope.csv\n")
        #expect(e?.line == 2)
        #expect(e?.message.contains("no such trace file 'Traces/nope.csv'") == true)
    }

    @Test func yamlSyntaxErrorHasALine() {
        let e = error("name: x\ntraces: [a.csv\nsmoothers: [ema]\n")
        #expect(e?.message.contains("YAML syntax error") == true)
        #expect(e?.line != nil)
    }

    @Test func budgetNeedsExactlyOneLimitAndAKnownMetric() {
        #expect(error("budgets:\n  - {metric: lag_ms}\n")?.message.contains("exactly one of 'max' or 'min'") == true)
        #expect(error("budgets:\n  - {metric: speed, max: 1}\n")?.line == 2)
    }

    @Test func frameNeedsHeadsOrTraceAndValidScale() {
        #expect(error("frames:\n  - {name: a, scene: {cube: screen}}\n")?.message.contains("'head'/'heads' or 'trace'") == true)
        #expect(error("frames:\n  - {name: a, scene: {cube: screen}, head: [0, 0, 0.3], scale: 2}\n")?.message.contains("(0, 1]") == true)
    }
}

@Suite struct SplatSceneSpecTests {
    @Test func splatScenesParseAndBadValuesNameTheField() throws {
        let good = try SuiteLoaderTests().load("frames:\n  - {name: s, scene: {splat: a.splat, mode: metalsplatter, flip_y: true}, head: [0, 0, 0.3]}\n",
                                               files: ["a.splat": ""])
        #expect(good.frames[0].scene.splat == "a.splat" && good.frames[0].scene.mode == .metalsplatter && good.frames[0].scene.flipY)
        let badMode = SuiteLoaderTests().error("frames:\n  - name: s\n    scene: {splat: a.splat, mode: vulkan}\n    head: [0, 0, 0.3]\n", files: ["a.splat": ""])
        #expect(badMode?.line == 3 && badMode?.message.contains("inria or metalsplatter") == true)
        let both = SuiteLoaderTests().error("frames:\n  - {name: s, scene: {splat: a.splat, cube: screen}, head: [0, 0, 0.3]}\n", files: ["a.splat": ""])
        #expect(both?.message.contains("exactly one of 'cube' or 'splat'") == true)
        let missing = SuiteLoaderTests().error("frames:\n  - {name: s, scene: {splat: nope.ply}, head: [0, 0, 0.3]}\n")
        #expect(missing?.message.contains("no such splat scene 'nope.ply'") == true)
    }
}
