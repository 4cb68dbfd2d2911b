import Analysis
import AppReplay
import Audit
import Foundation
import Geometry
import ParallaxTestSupport
import Projection
import Smoothing
import TestedApp
import Testing
import Tracking

/// "The app" is its code: one driver runs the sample app's controller, settings go through its properties, and the
/// numbers follow a branch that changes one thing (SampleApp/README.md: EMA weight 0.5, movement scale 2).
@Suite(.serialized) struct AppUnderTestTests {
    /// An upright phone (no attitude columns), still then swaying, with the synthesizer's noise: 12 s at 60 Hz.
    static let uprightTrace: HeadTrace = {
        let spec = TraceSpec(seed: 42, start: Vec3(0, 0, 0.4),
                             motion: [MotionSegment(model: .still, duration: 3), MotionSegment(model: .sway, duration: 9)])
        return try! TraceSynthesizer.synthesize(spec)
    }()

    static let screen = try! ScreenModel(parsing: "iphone-15-pro")
    /// The trace's rate as the latency model takes it (1 / its median interval).
    static let rate = HeadToPhoton.rate(times: uprightTrace.samples.map(\.t))

    @Test func theSettingsAreReadBackFromTheAppAndSetThroughItsProperties() throws {
        let app = CodeApp(try SampleApp.replay())
        #expect(try app.defaults() == AppSettings(smoothingAlpha: 0.5, movementScale: 2))
        let stream = try SensorStream(traceName: "upright", trace: Self.uprightTrace, arkitFrame: .gravity)
        let set = AppSettings(smoothingAlpha: 0.25, movementScale: 1.5)
        let results = try app.results([AppRun(screen: Self.screen, samples: stream.samples, settings: set)])
        #expect(results[0].builtSettings == AppSettings(smoothingAlpha: 0.5, movementScale: 2))
        #expect(results[0].settings == set)
        // The scale reached the eye: eye x = 1.5 × head x (upright and still phone: no tilt offset).
        for frame in results[0].frames {
            #expect(frame.tiltOffset == (0, 0))
            #expect(abs(frame.eye.x - 1.5 * frame.head.x) <= 1e-6 * max(1e-3, abs(frame.eye.x)))
        }
    }

    /// A, B, A in one driver process: the A runs match bit for bit (nothing persists between runs).
    @Test func runsInOneProcessDoNotSeeEachOther() throws {
        let app = CodeApp(try SampleApp.replay())
        let stream = try SensorStream(traceName: "upright", trace: Self.uprightTrace, arkitFrame: .gravity)
        let a = AppRun(screen: Self.screen, samples: Array(stream.samples.prefix(300)))
        let b = AppRun(screen: Self.screen, samples: Array(stream.samples.prefix(300)), settings: AppSettings(smoothingAlpha: 0.1, movementScale: 3),
                       presses: [1.0])
        let frames = try app.run([a, b, a])
        #expect(frames[0] == frames[2])
        #expect(frames[0] != frames[1])
    }

    /// A branch that changes only the controller's scale: the replay's eye follows it, the hash changes.
    @Test func aBranchThatChangesOnlyTheControllersScaleIsThatApp() throws {
        let folder = try SampleApp.variant("CubeSceneController.swift") {
            $0.replacingOccurrences(of: "        super.init()\n", with: "        super.init()\n        offAxis.movementScale = 3\n")
        }
        defer { folder.cleanUp() }
        let branch = CodeApp(try SampleApp.replay(folder.url.path))
        let shipped = CodeApp(try SampleApp.replay())
        #expect(branch.identity.hash != shipped.identity.hash)
        #expect(branch.identity.files.count == AppSourceFolder.requiredFiles.count)
        #expect(try branch.defaults().movementScale == 3)
        let stream = try SensorStream(traceName: "upright", trace: Self.uprightTrace, arkitFrame: .gravity)
        let frames = try branch.run([AppRun(screen: Self.screen, samples: stream.samples)])[0]
        for frame in frames { #expect(abs(frame.eye.x - 3 * frame.head.x) <= 1e-6 * max(1e-3, abs(frame.eye.x))) }
        // The model of the sample (its EMA, its scale 2) against each: the unmodified code parts from it only at the
        // projection (the sample sizes its frustum from its own screen table), the branch already at the eye.
        let model = ModelApp(filter: try SmootherSpec(parsing: "ema:alpha=0.5"), movementScale: 2)
        let modelFrames = try model.run([AppRun(screen: Self.screen, samples: stream.samples)])
        let onShippedCode = AppComparison.compare(try shipped.run([AppRun(screen: Self.screen, samples: stream.samples)]), with: modelFrames,
                                                  names: ["upright"])
        let onBranchCode = AppComparison.compare([frames], with: modelFrames, names: ["upright"])
        #expect(onShippedCode.first?.stage == .projection && onShippedCode.first?.frame == 1, "\(onShippedCode.statement)")
        #expect(onBranchCode.first?.stage == .eye, "\(onBranchCode.statement)")
        #expect(onBranchCode.statement.hasPrefix("model ≠ code (1 of 1 run): first at the eye, frame "), "\(onBranchCode.statement)")
        // The analysis measures the branch: its effect gain is the scale's, 3/2 of the sample's.
        let onBranch = try TraceAnalysis.analyze(Self.uprightTrace, traceName: "upright", app: branch, screen: Self.screen, arkitFrame: .gravity)
        let onShipped = try TraceAnalysis.analyze(Self.uprightTrace, traceName: "upright", app: shipped, screen: Self.screen, arkitFrame: .gravity)
        #expect(abs(onBranch.effectGainPxPerCm! / onShipped.effectGainPxPerCm! - 1.5) < 1e-12)
        #expect(onBranch.app?.settings.movementScale == 3)
    }

    /// On an upright phone the code's analysis is the model smoother's (ema at the app's α, its scale), to 1e-3
    /// relative on every number of the report, for two α set through the slider.
    @Test(arguments: [0.5, 0.2]) func theCodesAnalysisEqualsTheModelsOnAnUprightPhone(alpha: Double) throws {
        let app = CodeApp(try SampleApp.replay())
        let settings = AppSettings(smoothingAlpha: alpha, movementScale: 2)
        let code = try TraceAnalysis.analyze(Self.uprightTrace, traceName: "upright", app: app, settings: settings, screen: Self.screen,
                                            arkitFrame: .gravity)
        let model = try TraceAnalysis.analyze(Self.uprightTrace, smoother: try SmootherSpec(parsing: "ema:alpha=\(alpha)"), screen: Self.screen,
                                             movementScale: 2)
        var codeJSON = try JSONSerialization.jsonObject(with: code.jsonData()) as! [String: Any]
        var modelJSON = try JSONSerialization.jsonObject(with: model.jsonData()) as! [String: Any]
        #expect(codeJSON.removeValue(forKey: "app") != nil)
        for key in ["smoother", "notes"] {
            codeJSON.removeValue(forKey: key)
            modelJSON.removeValue(forKey: key)
        }
        let differences = Self.differences(codeJSON, modelJSON, path: "")
        #expect(differences.isEmpty, "\(differences.prefix(10))")
        // The filter lag is the code's own on the ramp: the EMA's (1 − α)/α samples.
        #expect(abs(code.app!.rampLag - (1 - alpha) / alpha / Self.rate) < 1e-6)
        #expect(code.notes.contains("trace upright has no device_q (or pitch,roll) columns: the phone is held still and upright"))
    }

    /// A branch whose smoother is another filter (a fixed weight of 0.9, whatever α the slider sets): its lag is
    /// its own, not the EMA's at α.
    @Test func aBranchWithAnotherFilterIsMeasuredAsThatFilter() throws {
        let folder = try SampleApp.variant("ExponentialSmoother.swift") {
            $0.replacingOccurrences(of: "state.map { weight * value + (1 - weight) * $0 }", with: "state.map { 0.9 * value + 0.1 * $0 }")
        }
        defer { folder.cleanUp() }
        let branch = CodeApp(try SampleApp.replay(folder.url.path))
        let shipped = CodeApp(try SampleApp.replay())
        let onBranch = try TraceAnalysis.analyze(Self.uprightTrace, traceName: "upright", app: branch, screen: Self.screen, arkitFrame: .gravity)
        let onShipped = try TraceAnalysis.analyze(Self.uprightTrace, traceName: "upright", app: shipped, screen: Self.screen, arkitFrame: .gravity)
        #expect(abs(onBranch.app!.rampLag - (0.1 / 0.9) / Self.rate) < 1e-6)
        #expect(abs(onShipped.app!.rampLag - 1.0 / Self.rate) < 1e-6)
        let branchLag = onBranch.latency[0].model.filterLag, shippedLag = onShipped.latency[0].model.filterLag
        #expect(abs(branchLag - shippedLag) > 0.2 * shippedLag)
        // And on the trace: truth → the app's head, by velocity cross-correlation.
        let branchTotal = try #require(onBranch.lag.total).seconds, shippedTotal = try #require(onShipped.lag.total).seconds
        #expect(abs(branchTotal - shippedTotal) > 0.2 * shippedTotal, "lag \(branchTotal) vs \(shippedTotal)")
    }

    /// Numbers of `a` and `b` at the same places that differ by more than 1e-3 relative (1e-12 absolute near 0).
    static func differences(_ a: Any, _ b: Any, path: String) -> [String] {
        switch (a, b) {
        case let (a as [String: Any], b as [String: Any]):
            guard Set(a.keys) == Set(b.keys) else { return ["\(path): keys \(a.keys.sorted()) vs \(b.keys.sorted())"] }
            return a.keys.sorted().flatMap { differences(a[$0]!, b[$0]!, path: path + "." + $0) }
        case let (a as [Any], b as [Any]):
            guard a.count == b.count else { return ["\(path): \(a.count) vs \(b.count) items"] }
            return zip(a, b).enumerated().flatMap { differences($1.0, $1.1, path: "\(path)[\($0)]") }
        case let (a as NSNumber, b as NSNumber):
            let x = a.doubleValue, y = b.doubleValue
            return abs(x - y) <= 1e-3 * max(abs(x), abs(y)) + 1e-12 ? [] : ["\(path): \(x) vs \(y)"]
        default:
            return "\(a)" == "\(b)" ? [] : ["\(path): \(a) vs \(b)"]
        }
    }
}
