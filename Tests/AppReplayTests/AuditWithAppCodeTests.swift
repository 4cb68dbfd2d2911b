import Analysis
import AppReplay
import Audit
import AuditOutput
import Foundation
import Geometry
import Imaging
import ParallaxTestSupport
import Projection
import TestedApp
import Testing
import Tracking
import Vocabulary

/// `parallax audit --app-source`: the checks that run the whole shipped pipeline read the app's own code, the
/// others stay models, and the result says which. The sample app recenters on the raw position, so the app's own
/// reset button is idempotent where the model of Splat Frame's is not.
@Suite(.serialized) struct AuditWithAppCodeTests {
    /// 5 s: the head sways at 0.3 Hz, 3 cm, in front of an upright, still phone.
    static let trace = SampleApp.trace((0..<300).map { k in Vec3(0.03 * sin(2 * .pi * 0.3 * Double(k) / 60), 0.01, 0.4) },
                                       attitudes: Array(repeating: .identity, count: 300))

    func audit(appCode: Bool) throws -> AuditResult {
        var options = AuditOptions(traces: [("sway", Self.trace)], screens: [try ScreenModel(parsing: AppDefaults.screen)], scope: .cube)
        if appCode { options.appReplay = try SampleApp.replay() }
        return try AppAudit.run(options)
    }

    @Test func theAppsOwnResetButtonDecidesRecenterIdempotent() throws {
        let model = try audit(appCode: false), app = try audit(appCode: true)
        let recenter = { (result: AuditResult) in result.checks.first { $0.id == .recenterIdempotent }! }
        #expect(!recenter(model).passed)
        #expect(recenter(app).passed && recenter(app).worst == 0)
        // Pressed at 1 s, 2 s and 4 s (the first sample at or after each).
        #expect(recenter(app).count == 3)
        #expect(recenter(app).shippedFrom == .appCode && recenter(model).shippedFrom == nil)
        #expect(app.checks.first { $0.id == .worldAlignment }?.shippedFrom == .appCode)
        #expect(app.checks.first { $0.id == .handOff }?.shippedFrom == .appCode)
        #expect(app.checks.first { $0.id == .exaggeration }?.shippedFrom == .model)
        #expect(app.checks.first { $0.id == .trackingLoss }?.shippedFrom == .appCode)
    }

    @Test func theResultCarriesTheConformanceOfTheModelAgainstTheCode() throws {
        let app = try audit(appCode: true)
        let conformance = try #require(app.appCode)
        #expect(conformance.cases.count == 2)  // the cube case under both ARKit hypotheses
        #expect(conformance.frames == 600 && !conformance.passed)  // the sample app is not Splat Frame
        #expect(app.text.contains(conformance.line))
        let json = String(decoding: try app.jsonData(), as: UTF8.self)
        #expect(json.contains("\"shipped_from\" : \"app code\"") && json.contains("\"app_code\""))
    }

    /// The latency's filter part is the code's own lag on a ramp: the sample's EMA (weight 0.5: one sample, 16.7 ms at
    /// 60 Hz) where the model of Splat Frame has α 0.25 (three samples, 50 ms); a branch with another filter (a fixed
    /// weight of 0.9: 1/9 sample) gets its own.
    @Test func theLatencyIsTheCodesFilterLag() throws {
        let latency = { (result: AuditResult) in result.checks.first { $0.id == .latency }! }
        let model = try audit(appCode: false), app = try audit(appCode: true)
        #expect(latency(app).shippedFrom == .appCode)
        #expect(abs((latency(model).p95 - latency(app).p95) - (50 - 1000.0 / 60)) < 0.05, "\(latency(model).p95) vs \(latency(app).p95)")
        let folder = try SampleApp.variant("ExponentialSmoother.swift") {
            $0.replacingOccurrences(of: "state.map { weight * value + (1 - weight) * $0 }", with: "state.map { 0.9 * value + 0.1 * $0 }")
        }
        defer { folder.cleanUp() }
        var options = AuditOptions(traces: [("sway", Self.trace)], screens: [try ScreenModel(parsing: AppDefaults.screen)], scope: .cube)
        options.appReplay = try SampleApp.replay(folder.url.path)
        let branch = try AppAudit.run(options)
        #expect(abs((latency(app).p95 - latency(branch).p95) - (1000.0 / 60 - 1000.0 / 540)) < 0.05, "\(latency(app).p95) vs \(latency(branch).p95)")
        #expect(branch.text.contains("the app's code's lag on a ramp 1.9 ms") || branch.text.contains("the app's code's lag on a ramp 1.85 ms"),
                "\(branch.text)")
    }

    @Test func pressInstantsDoubleFromOneSecond() {
        let times = (0..<600).map { Double($0) / 60 }
        #expect(AppCodeAudit.pressIndices(times) == [60, 120, 240, 480])
    }

    /// 4 s of a head sweeping at 5 cm/s in front of an upright, still phone, lost from 1.5 s to 2 s (ARKit's pose
    /// frozen while lost), then back.
    static let lossTrace: HeadTrace = {
        var samples = (0..<240).map { k -> HeadSample in
            let t = Double(k) / 60
            return HeadSample(t: t, position: Vec3(-0.05 + 0.05 * t, 0.01, 0.4))
        }
        for k in 90..<120 {
            samples[k].tracked = false
            samples[k].position = samples[89].position
        }
        var trace = HeadTrace(samples: samples)
        trace.setOrientations(Array(repeating: .identity, count: 240), .device)
        return trace
    }()

    func trackingLoss(_ folder: String) throws -> CheckResult {
        var options = AuditOptions(traces: [("loss", Self.lossTrace)], screens: [try ScreenModel(parsing: AppDefaults.screen)], scope: .cube,
                                   comparesHypotheses: false)
        options.appReplay = try SampleApp.replay(folder)
        return try #require(try AppAudit.run(options).checks.first { $0.id == .trackingLoss })
    }

    /// Measured against the code itself: the sample's EMA (weight 0.5) glides from the frozen pose for a few samples;
    /// a branch whose smoothers restart when the face returns has tracking-loss 0 (its first sample passes, as a
    /// fresh app's does) — whatever the model's EMA would say.
    @Test func trackingLossIsMeasuredAgainstTheCodeItself() throws {
        let shipped = try trackingLoss(SampleApp.folder)
        #expect(shipped.shippedFrom == .appCode && shipped.count == 1 && shipped.worst > 0)
        let restarting = try SampleApp.variant("HeadTrackingService.swift") {
            $0.replacingOccurrences(of: "        lastRaw = raw\n        lastWasTracked = tracked\n",
                                    with: "        lastRaw = raw\n        if tracked && !lastWasTracked { for i in filters.indices { filters[i].reset() } }\n        lastWasTracked = tracked\n")
        }
        defer { restarting.cleanUp() }
        let fixed = try trackingLoss(restarting.url.path)
        #expect(fixed.shippedFrom == .appCode && fixed.count == 1 && fixed.worst == 0)
    }

    /// The sample's tilt offset (0.1 m/rad through an EMA) moves the room when the phone turns with the head still:
    /// measured on the code against the same anchors with the attitude held; a branch without the offset has none.
    @Test func gyroTiltIsMeasuredAgainstTheCodeWithTheAttitudeHeld() throws {
        let turn = SampleApp.trace(Array(repeating: Vec3(0, 0, 0.4), count: 120),
                                   attitudes: (0..<120).map { CoreMotionTilt.attitude(pitch: 0, roll: min(Double($0), 30) * .pi / 1800) })
        func gyro(_ folder: String) throws -> CheckResult {
            var options = AuditOptions(traces: [("turn", turn)], screens: [try ScreenModel(parsing: AppDefaults.screen)], scope: .cube,
                                       pipeline: { var p = AppPipeline.shipped; p.arkitFrame = .camera; return p }(), comparesHypotheses: false)
            options.appReplay = try SampleApp.replay(folder)
            return try #require(try AppAudit.run(options).checks.first { $0.id == .gyroTilt })
        }
        let shipped = try gyro(SampleApp.folder)
        #expect(shipped.shippedFrom == .appCode && !shipped.passed)
        let flat = try SampleApp.variant("CubeSceneController.swift") {
            $0.replacingOccurrences(of: "            combined.x += motion.tiltOffset.x\n            combined.y += motion.tiltOffset.y\n", with: "            _ = motion\n")
        }
        defer { flat.cleanUp() }
        let fixed = try gyro(flat.url.path)
        #expect(fixed.shippedFrom == .appCode && fixed.worst == 0)
    }

    /// camera-offset on the code: the sample reads the anchor as the screen centre's, so the same code fed each anchor
    /// moved by the front camera's position is its reference, and the eye it misses is the movement scale times that
    /// position; a branch that adds the camera's position itself (found by the still-head probe) is its own reference.
    @Test func cameraOffsetIsMeasuredAgainstTheCodeWithTheOffsetItAdds() throws {
        let screen = try ScreenModel(parsing: AppDefaults.screen)
        func cameraOffset(_ folder: String) throws -> CheckResult {
            var options = AuditOptions(traces: [("sway", Self.trace)], screens: [screen], scope: .cube,
                                       pipeline: { var p = AppPipeline.shipped; p.arkitFrame = .camera; return p }(), comparesHypotheses: false)
            options.appReplay = try SampleApp.replay(folder)
            return try #require(try AppAudit.run(options).checks.first { $0.id == .cameraOffset })
        }
        let shipped = try cameraOffset(SampleApp.folder)
        let c = screen.cameraOffset, scale = 2.0  // the sample's movement scale
        #expect(shipped.shippedFrom == .appCode && !shipped.passed)
        #expect(shipped.notes.contains { $0.hasSuffix("the app's code adds (0.0, 0.0) mm") })
        let offset = try #require(shipped.constantOffset)
        #expect(abs(offset.magnitudeMm - scale * hypot(c.x, c.y) * 1000) < 0.05 && offset.spreadMm < 0.05, "\(offset)")
        let adding = try SampleApp.variant("HeadTrackingService.swift") {
            $0.replacingOccurrences(of: "let raw = SIMD3<Float>(column.x, column.y, abs(column.z))",
                                    with: "let raw = SIMD3<Float>(column.x + \(Float(c.x)), column.y + \(Float(c.y)), abs(column.z))")
        }
        defer { adding.cleanUp() }
        let fixed = try cameraOffset(adding.url.path)
        #expect(fixed.shippedFrom == .appCode && fixed.passed && fixed.worst < 0.01, "\(fixed.worst)")
    }

    /// The texts come from the run they describe: the gyro-tilt mechanism states the gain and the filter the app's
    /// code holds (the sample's 0.1 m/rad and weight 0.5, a variant's 0.3 m/rad and 0.2; the model's Splat Frame 0.03
    /// and 0.3), and latency's names what the code measured, not an EMA.
    @Test func theMechanismsStateWhatTheCodeHolds() throws {
        let variant = try SampleApp.variant("DeviceMotionService.swift") {
            $0.replacingOccurrences(of: "let gain: Float = 0.1", with: "let gain: Float = 0.3")
                .replacingOccurrences(of: "ExponentialSmoother(weight: 0.5)", with: "ExponentialSmoother(weight: 0.2)")
        }
        defer { variant.cleanUp() }
        func mechanisms(_ replay: AppReplay?) throws -> (tilt: String, latency: String, json: String) {
            var options = AuditOptions(traces: [("sway", Self.trace)], screens: [try ScreenModel(parsing: AppDefaults.screen)], scope: .cube)
            options.appReplay = replay
            let result = try AppAudit.run(options)
            let mechanism = { (id: AuditCheckID) in result.checks.first { $0.id == id }!.mechanism }
            return (mechanism(.gyroTilt), mechanism(.latency), String(decoding: try result.jsonData(), as: UTF8.self))
        }
        let sample = try mechanisms(try SampleApp.replay()), changed = try mechanisms(try SampleApp.replay(variant.url.path))
        let model = try mechanisms(nil)
        #expect(sample.tilt.contains("g = 0.1 m/rad, EMA α = 0.5") && sample.tilt.contains("read back from the app's code"))
        #expect(changed.tilt.contains("g = 0.3 m/rad, EMA α = 0.2") && changed.json.contains("g = 0.3 m/rad"))
        #expect(model.tilt.contains("g = 0.03 m/rad, EMA α = 0.3") && !model.tilt.contains("read back"))
        for code in [sample, changed] {
            #expect(code.latency.contains("the app's code's own filter lag") && !code.latency.contains("EMA"))
        }
        #expect(model.latency.contains("EMA"))
    }

    /// With the app's code, a code-measured check's pictures show the app's own scene (its code replayed to the
    /// instant, its scene graph drawn); a model-only check's, and every picture without the code, stay the model's room.
    @Test func picturesOfACheckOnTheCodeDrawTheAppsOwnScene() throws {
        let frames = try TemporaryDirectory(prefix: "code-pictures")
        defer { frames.cleanUp() }
        var options = AuditOptions(traces: [("sway", Self.trace)], screens: [try ScreenModel(parsing: AppDefaults.screen)], scope: .cube)
        options.appReplay = try SampleApp.replay()
        let result = try AppAudit.run(options, framesDirectory: frames.path("audit"))
        let world = try #require(result.checks.first { $0.id == .worldAlignment }?.frames?.worst)
        let exaggeration = try #require(result.checks.first { $0.id == .exaggeration }?.frames?.worst)
        #expect(world.appFrame == .appCode && exaggeration.appFrame == .model)
        let model = try #require(try AppAudit.run(AuditOptions(traces: [("sway", Self.trace)], screens: [try ScreenModel(parsing: AppDefaults.screen)], scope: .cube),
                                                  framesDirectory: frames.path("model")).checks.first { $0.id == .worldAlignment }?.frames?.worst)
        #expect(model.appFrame == .model)
        let pair = try PNGCodec.read(contentsOf: frames.path("audit/\(world.pair)"))
        #expect(pair.width == 2 * world.frameWidth + 4 && pair.height == world.frameHeight)
    }

    /// eye-point on the code: the sample uses the anchor's origin as the eye, so the same code fed each anchor moved to
    /// the eye (32 mm up, the head facing the screen) is its reference: its eye is the movement scale × 32 mm low; a
    /// branch that reads the eyes ARKit reports is its own reference.
    @Test func eyePointIsMeasuredAgainstTheCodeFedTheEye() throws {
        func eyePoint(_ folder: String) throws -> CheckResult {
            var options = AuditOptions(traces: [("sway", Self.trace)], screens: [try ScreenModel(parsing: AppDefaults.screen)], scope: .cube,
                                       pipeline: { var p = AppPipeline.shipped; p.arkitFrame = .camera; return p }(), comparesHypotheses: false)
            options.appReplay = try SampleApp.replay(folder)
            return try #require(try AppAudit.run(options).checks.first { $0.id == .eyePoint })
        }
        let shipped = try eyePoint(SampleApp.folder)
        #expect(shipped.shippedFrom == .appCode && !shipped.passed)
        let offset = try #require(shipped.constantOffset)
        #expect(abs(offset.magnitudeMm - 2 * 32) < 0.05 && offset.spreadMm < 0.05 && offset.direction.contains("down"), "\(offset)")
        let reading = try SampleApp.variant("HeadTrackingService.swift") {
            $0.replacingOccurrences(of: "let column = face.transform.columns.3",
                                    with: "let column = simd_mul(face.transform, (face.leftEyeTransform.columns.3 + face.rightEyeTransform.columns.3) / 2)")
        }
        defer { reading.cleanUp() }
        let fixed = try eyePoint(reading.url.path)
        #expect(fixed.shippedFrom == .appCode && fixed.passed && fixed.worst < 0.01, "\(fixed.worst)")
    }

    /// hand-off and latency on the code: the sample applies each anchor and each display frame's camera in a Task that
    /// lands after the delegate call (the driver counts where each update lands), so its frames are drawn one late
    /// and its latency carries a hop and a hand-off frame; a branch that applies both within the calls has hand-off 0
    /// and a latency two frames (33.3 ms) shorter.
    @Test func handOffAndLatencyFollowWhereTheCodeAppliesItsUpdates() throws {
        func checks(_ folder: String) throws -> (handOff: CheckResult, latency: CheckResult) {
            var options = AuditOptions(traces: [("sway", Self.trace)], screens: [try ScreenModel(parsing: AppDefaults.screen)], scope: .cube,
                                       pipeline: { var p = AppPipeline.shipped; p.arkitFrame = .camera; return p }(), comparesHypotheses: false)
            options.appReplay = try SampleApp.replay(folder)
            let result = try AppAudit.run(options)
            return (try #require(result.checks.first { $0.id == .handOff }), try #require(result.checks.first { $0.id == .latency }))
        }
        let shipped = try checks(SampleApp.folder)
        #expect(shipped.handOff.shippedFrom == .appCode && !shipped.handOff.passed)
        #expect(shipped.handOff.notes.contains { $0.contains("the camera set after the frame's render in 300 of 300 display frames") })
        let direct = try SampleApp.variant("CubeSceneController.swift", "HeadTrackingService.swift") {
            $0.replacingOccurrences(of: "Task { @MainActor in", with: "MainActor.assumeIsolated {")
        }
        defer { direct.cleanUp() }
        let fixed = try checks(direct.url.path)
        #expect(fixed.handOff.shippedFrom == .appCode && fixed.handOff.worst == 0)
        #expect(abs((shipped.latency.p95 - fixed.latency.p95) - 2000.0 / 60) < 0.5, "\(shipped.latency.p95) vs \(fixed.latency.p95)")
        #expect(fixed.latency.notes.contains { $0.contains("anchors reach the head within the delegate call, the camera is set before it") })
        // parallax analyze --app-source (and a suite's app scenario, the same computation) follows the same count.
        func analyzed(_ folder: String) throws -> LatencyModel {
            let report = try TraceAnalysis.analyze(Self.trace, traceName: "sway", app: CodeApp(try SampleApp.replay(folder)), screen: nil, arkitFrame: .camera)
            return try #require(report.latency.first?.model)
        }
        let shippedModel = try analyzed(SampleApp.folder), directModel = try analyzed(direct.url.path)
        #expect(shippedModel.mainThreadHop && shippedModel.renderFrames == 2)
        #expect(!directModel.mainThreadHop && directModel.renderFrames == 1)
    }
}
