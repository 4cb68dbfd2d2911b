import AppReplay
import Audit
import Foundation
import Geometry
import ParallaxTestSupport
import Projection
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
        #expect(app.checks.first { $0.id == .worldAlignment }?.shippedFrom == .model)
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

    @Test func pressInstantsDoubleFromOneSecond() {
        let times = (0..<600).map { Double($0) / 60 }
        #expect(AppCodeAudit.pressIndices(times) == [60, 120, 240, 480])
    }
}
