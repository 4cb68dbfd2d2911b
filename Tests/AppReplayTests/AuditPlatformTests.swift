import AppReplay
import Audit
import AuditOutput
import DeviceFacts
import Foundation
import ParallaxTestSupport
import Projection
import TestedApp
import Testing
import Tracking
import Vocabulary

/// The audit over the platform's registry: every entry listed, `--sensitivity` measured on the sample app's code,
/// and `--probe` running the code on the platform a probe measured.
@Suite(.serialized) struct AuditPlatformTests {
    static let sway = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Traces/sway.csv").path

    func audit(sensitivity: Bool = false, probe: String? = nil, code: Bool = true) throws -> AuditResult {
        try AppAudit.run(tracePaths: [Self.sway], screens: [try ScreenModel(parsing: AppDefaults.screen)], mode: "cube", fixes: [],
                         appReplay: code ? try SampleApp.replay() : nil, sensitivity: sensitivity, probe: probe)
    }

    @Test func sensitivityRunsEachAlternativeAndMarksWhatFlipsAVerdict() throws {
        let result = try audit(sensitivity: true)
        #expect(result.hypotheses.map(\.id) == AuditAssumption.allCases)
        func entry(_ id: AuditAssumption) throws -> Hypothesis { try #require(result.hypotheses.first { $0.id == id }) }
        // Under the camera hypothesis the sample app (which reads the anchor as screen-relative) is right: the
        // world-alignment check, failing under gravity on sway's launch tilt, passes — a verdict flips.
        let frame = try entry(.arkitFrame)
        let camera = try #require(frame.sensitivity?.first)
        #expect(camera.alternative == "arkit-frame=camera")
        #expect(camera.moves.contains { $0.measure == "world-alignment" && $0.crossesLimit })
        #expect(frame.harmless == false)
        // The sample app runs nothing off the main thread and sway starts tracked (the didAdd comes before its first
        // sample): those alternatives move nothing at all.
        for id in [AuditAssumption.renderThread, .arkitFirstDelivery, .arkitLoss] {
            let e = try entry(id)
            #expect(e.harmless == true && e.sensitivity?.allSatisfy(\.moves.isEmpty) == true, "\(id)")
        }
        // A mirrored x turns the app's parallax the wrong way: the headline's parallax error grows.
        let mirrored = try #require(try entry(.arkitAxes).sensitivity?.first?.moves.first { $0.measure == "parallax_error_p95_px" })
        #expect(mirrored.underAlternative > mirrored.value)
        // Values a device measures have no alternative to run.
        #expect(try entry(.eye).alternatives.isEmpty && entry(.eye).sensitivity == nil)
        #expect(try entry(.sensorRates).alternatives == ["sensor-rates=motion=52.6", "sensor-rates=display=120"])
    }

    @Test func aProbeRunsTheCodeOnWhatItMeasuredAndMarksThoseEntriesMeasured() throws {
        let folder = try TemporaryDirectory(prefix: "probe")
        defer { folder.cleanUp() }
        var synthesizer = DeviceProbeSynthesizer()
        synthesizer.loss = .removed
        synthesizer.motionHz = 52.6
        try synthesizer.json().write(toFile: folder.path("probe.json"), atomically: true, encoding: .utf8)
        let result = try audit(probe: folder.path("probe.json"))
        let probe = try #require(result.probe)
        #expect(probe.platform.faceLoss == .removed && probe.platform.firstDelivery == .didAdd)
        let motion = try #require(probe.platform.rates?.motion)
        #expect(abs(motion.hz - 52.6) < 0.01 && probe.platform.rates?.arkit == nil)
        for id in [AuditAssumption.arkitFirstDelivery, .arkitLoss, .sensorRates, .renderThread, .scenekitEuler, .attitudeProduct] {
            #expect(result.hypotheses.first { $0.id == id }?.status == .measured, "\(id)")
        }
        #expect(result.hypotheses.first { $0.id == .eye }?.status == .assumed)
        // The model has no platform: a probe that departs from the defaults needs the app's code.
        #expect(throws: FieldError.self) { try audit(probe: folder.path("probe.json"), code: false) }
        #expect(throws: FieldError.self) { try audit(sensitivity: true, code: false) }
    }
}
