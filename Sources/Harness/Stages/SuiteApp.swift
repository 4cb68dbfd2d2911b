import Analysis
import AppReplay
import Foundation
import Projection
import Smoothing
import TestedApp
import Tracking
import Vocabulary

/// The suite's app under test, made once per run — an unsharded run, each shard, a merge — from `app:`: the code
/// of `app: {source: DIR}` replayed (`CodeApp`), or without it the model (`ModelApp`: the app's smoother and
/// movement scale). What the run needs of it beyond its frames is read here once, so that the scenarios, budgets,
/// headline, frames and audit take the app and never ask which it is.
struct SuiteApp {
    let app: any AppUnderTest
    let arkitFrame: ARKitFrame
    /// The settings the app holds as built (the code's read back from its properties).
    let settings: AppSettings
    /// Its filter lag on `HeadToPhoton`'s ramp at the display's 60 Hz, s: the headline's filter part of the latency,
    /// measured on the app (for code, its replay), not (1 − α)/α.
    let filterLag: Double
    /// The `smoother` of the scenarios that measure the app: `app` when it has scenarios of its own (code); the
    /// model's are the suite's smoother equal to its filter, as the suite writes it (nil: the suite lacks it).
    let scenarios: String?
    /// The code's replay: the audit's shipped side and the frames with `app: true` run it (nil for the model, which
    /// has no code).
    let replay: AppReplay?
    /// `app.source` as the suite writes it (nil for the model): what the report names, the same on every machine.
    let source: String?

    /// Whether the app is measured by scenarios of its own (`ScenarioRunner`), beside the suite's smoothers.
    var hasOwnScenarios: Bool { scenarios == Budget.Scope.appName }

    /// The movement scales the suite measures: its own, and — when the app is code — the scale the app holds as built,
    /// so "the app" of the headline is the app as built (a branch that sets another scale in its controller is
    /// measured at that scale, not at one the suite's slider would set).
    func movementScales(of suite: Suite) -> [Double] {
        hasOwnScenarios && !suite.movementScales.contains(settings.movementScale)
            ? suite.movementScales + [settings.movementScale] : suite.movementScales
    }

    /// The `smoother` of each trace's scenario units (`SuiteUnit.scenarios`), in order: the suite's smoothers, then
    /// the app's own.
    func scenarioLabels(_ smoothers: [Parsed<SmootherSpec>]) -> [String] {
        smoothers.map(\.text) + (hasOwnScenarios ? [Budget.Scope.appName] : [])
    }

    /// The suite's app; a folder whose files are missing or do not compile is an error at `app.source`.
    static func make(_ suite: Suite, loader: SuiteLoader) throws -> SuiteApp {
        guard let spec = suite.app else {
            let model = ModelApp()
            return SuiteApp(app: model, arkitFrame: .gravity, settings: model.defaults(), filterLag: try filterLag(of: model, settings: model.defaults()),
                            scenarios: suite.smoothers.first { $0.value == model.filter }?.text, replay: nil, source: nil)
        }
        do {
            let code = try CodeApp(appSource: loader.resolve(spec.source), platform: spec.platform)
            // Built and run here, once: a compile error or a crash stops the run before any stage.
            let settings = try code.defaults()
            return SuiteApp(app: code, arkitFrame: spec.arkitFrame, settings: settings, filterLag: try filterLag(of: code, settings: settings),
                            scenarios: Budget.Scope.appName, replay: code.replay, source: spec.source)
        } catch let error as FieldError {
            throw loader.located(error, under: FieldPath([.key("app"), .key("source")]))
        } catch {
            throw loader.error("app.source: \(error)", at: [.key("app"), .key("source")])
        }
    }

    static func filterLag(of app: any AppUnderTest, settings: AppSettings) throws -> Double {
        let rate = HeadToPhoton.Path.app.displayRate
        return HeadToPhoton.filterLag(ramps: try app.run(HeadToPhoton.rampRuns(screen: .appDefault, settings: settings, rate: rate)), rate: rate)
    }

    /// What part.json carries and the merge checks: the parts must have run the same app.
    var identity: AppIdentity { app.identity }

    /// The app's code against the model of it (`ModelApp()`, the app's smoother and scale), each as built, on one
    /// trace at `screen`: the statement the headline makes when the suite's app is code.
    func comparedWithModel(trace: HeadTrace, name: String, screen: ScreenModel) throws -> AppComparison {
        let stream = try SensorStream(traceName: name, trace: trace, arkitFrame: arkitFrame)
        let run = AppRun(screen: screen, samples: stream.samples)
        return AppComparison.compare(try app.run([run]), with: try ModelApp().run([run]), names: [name])
    }
}
