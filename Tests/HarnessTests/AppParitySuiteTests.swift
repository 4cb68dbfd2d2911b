import Foundation
import Rendering
import Testing
@testable import Harness

/// Suite keys for app parity: `look: app` / `app_look` on cube frames and `versus:` between frames.
@Suite struct AppParitySuiteTests {
    @Test func lookAndAppLookParseAndBadValuesNameTheField() throws {
        let good = try SuiteLoaderTests().load("frames:\n  - {name: c, scene: {cube: app-cube, look: app, app_look: 'opacity=0.3'}, head: [0, 0, 0.3]}\n")
        #expect(good.frames[0].scene.look == .app && good.frames[0].scene.appLook.opacity == 0.3)
        #expect(try SuiteLoaderTests().load("frames:\n  - {name: c, scene: {cube: screen}, head: [0, 0, 0.3]}\n").frames[0].scene.look == .reference)
        let badLook = SuiteLoaderTests().error("frames:\n  - name: c\n    scene: {cube: screen, look: scenekit}\n    head: [0, 0, 0.3]\n")
        #expect(badLook?.line == 3 && badLook?.message.contains("reference or app") == true)
        let splatLook = SuiteLoaderTests().error("frames:\n  - {name: s, scene: {splat: a.splat, look: app}, head: [0, 0, 0.3]}\n", files: ["a.splat": ""])
        #expect(splatLook?.message.contains("only for a cube") == true)
        let badOverride = SuiteLoaderTests().error("frames:\n  - {name: c, scene: {cube: screen, look: app, app_look: 'zoom=99'}, head: [0, 0, 0.3]}\n")
        #expect(badOverride?.message.contains("zoom") == true)
        let overrideWithoutLook = SuiteLoaderTests().error("frames:\n  - {name: c, scene: {cube: app-cube, app_look: 'zoom=1'}, head: [0, 0, 0.3]}\n")
        #expect(overrideWithoutLook?.message.contains("look: app only") == true)
    }

    func runSuite(frames: String) throws -> (SuiteRun.Outcome?, Error?) {
        let fixture = try SuiteRunTests.Fixture()
        defer { fixture.cleanUp() }
        try """
            name: parity
            goldens: goldens
            traces: [still.csv]
            smoothers: ["ema:alpha=0.25"]
            frames:
            \(frames)
            """.write(toFile: fixture.suite, atomically: true, encoding: .utf8)
        do { return (try fixture.run(), nil) } catch { return (nil, error) }
    }

    @Test func versusReportsTheDifferenceBetweenTwoFrames() throws {
        let (outcome, error) = try runSuite(frames: """
              - {name: cube/ref, scene: {cube: "0.05,0.1,0.05"}, head: [0.01, 0, 0.35], scale: 0.05}
              - {name: cube/app, scene: {cube: "0.05,0.1,0.05", look: app}, head: [0.01, 0, 0.35], scale: 0.05, versus: cube/ref}
              - {name: cube/same, scene: {cube: "0.05,0.1,0.05"}, head: [0.01, 0, 0.35], scale: 0.05, versus: cube/ref}
            """)
        let report = try #require(outcome, "\(String(describing: error))").report
        let app = try #require(report.frames.first { $0.name == "cube/app" })
        #expect((app.metrics["versus_mean_absolute_error"] ?? 0) > 1, "the app look differs from the reference look")
        #expect(app.metrics["versus_ssim_mean"] != nil && app.metrics["versus_max_channel_diff"] != nil)
        let same = try #require(report.frames.first { $0.name == "cube/same" })
        #expect(same.metrics["versus_mean_absolute_error"] == 0 && same.metrics["versus_max_channel_diff"] == 0)
        #expect(report.frames.first { $0.name == "cube/ref" }?.metrics["versus_mean_absolute_error"] == nil)
    }

    @Test func versusOfAnUnknownFrameNamesTheField() throws {
        let (outcome, error) = try runSuite(frames: """
              - {name: cube/app, scene: {cube: screen, look: app}, head: [0.01, 0, 0.35], scale: 0.05, versus: cube/nope}
            """)
        #expect(outcome == nil)
        #expect("\(String(describing: error))".contains("versus") && "\(String(describing: error))".contains("cube/nope"))
    }

    static let sampleApp = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/apps/SampleApp").path

    @Test func aFrameOfTheAppsOwnSceneEqualsTheModelOfItsScene() throws {
        // The sample app's scene (SampleApp/README.md) against the model with its constants: room 0.0625 × 0.125 m,
        // depth 0.25 × zoom 0.625, edges 1/1024 m, ambient 0.5, 0.25 from straight above; its 70 × 150 mm screen,
        // movement scale 2, at the same pixel size.
        let (outcome, error) = try runSuite(frames: """
              - {name: cube/app-code, app_source: \(Self.sampleApp), scene: {cube: app-cube, look: app}, screen: iphone-15-pro, head: [0.01, 0.02, 0.4], scale: 0.0625}
              - name: cube/model
                scene: {cube: "0.0625,0.125,0.15625", look: app, app_look: "zoom=0.625,edge-radius=0.0009765625,ambient=0.5,directional=0.25,light-pitch=-1.5707963267948966,light-yaw=0"}
                screen: "0.07x0.15@1179x2556"
                movement_scale: 2
                head: [0.01, 0.02, 0.4]
                scale: 0.0625
                versus: cube/app-code
            """)
        let report = try #require(outcome, "\(String(describing: error))").report
        let model = try #require(report.frames.first { $0.name == "cube/model" })
        #expect((model.metrics["versus_max_channel_diff"] ?? 99) <= 2, "\(model.metrics)")
        #expect((model.metrics["versus_mean_absolute_error"] ?? 99) < 0.05, "\(model.metrics)")
    }

    @Test func anAppSourceFrameNeedsHeadsAndAnAppLookCube() throws {
        let error = SuiteLoaderTests().error("frames:\n  - {name: c, app_source: app, scene: {cube: app-cube}, head: [0, 0, 0.3]}\n")
        #expect(error?.message.contains("look: app") == true)
    }
}
