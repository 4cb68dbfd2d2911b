import Foundation
import Golden
import Imaging
import ParallaxTestSupport
import Plumbing
import Projection
import Testing
import Tracking
@testable import Audit

/// The decisive test: the app as shipped fails the checks it is known to fail, and with every fix every
/// check passes — so no check is vacuous.
struct AuditDecisiveTests {
    static let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Traces")

    func options(fixes: Set<AuditCheckID>, traces names: [String] = ["sway", "dropouts"], modes: [AppMode] = AppMode.allCases) throws -> AuditOptions {
        let traces = try names.map { ($0, try TraceCSVReader.read(contentsOf: Self.traces.appendingPathComponent("\($0).csv").path)) }
        return AuditOptions(traces: traces, screens: [try ScreenModel.device("iphone-15-pro")], modes: modes, fixes: fixes)
    }

    static let knownFailing: Set<AuditCheckID> = [
        .screenSize, .cameraOffset, .eyePoint, .recenterIdempotent, .trackingLoss, .gyroTilt, .handOff, .latency,
        .splatPinning, .splatColour, .jacobianClamp,
    ]

    @Test func theAppAsShippedFailsItsKnownDivergences() throws {
        let result = try AppAudit.run(options(fixes: []))
        #expect(Set(result.failing.map(\.id)) == Self.knownFailing)
        #expect(result.checks.first { $0.id == .clipDepth }?.passed == true)  // no geometry within 2 mm of the eye
        #expect(result.checks.first { $0.id == .exaggeration }.map { !$0.gated && $0.worst > 0 } == true)
        #expect(!result.passed)
    }

    @Test func everyFixPassesEveryCheck() throws {
        let result = try AppAudit.run(options(fixes: Set(AuditCheckID.allCases)))
        #expect(result.passed, "\(result.text)")
        for check in result.checks where check.unit == "px" { #expect(check.worst == 0, "\(check.id)") }
    }

    /// Each fix clears its own check; latency is a sum of stages, so its fix needs the hand-off fix too.
    @Test func eachFixClearsItsOwnCheck() throws {
        for check in Self.knownFailing {
            let fixes: Set<AuditCheckID> = check == .latency ? [.latency, .handOff] : [check]
            // One trace (dropouts holds the losses) and one mode where the check exists keep this quick.
            let result = try AppAudit.run(options(fixes: fixes, traces: ["dropouts"], modes: [check.modes.contains(.cube) ? .cube : .splat]))
            #expect(result.checks.first { $0.id == check }?.passed == true, "\(check)")
        }
        let latencyAlone = try AppAudit.run(options(fixes: [.latency], traces: ["dropouts"], modes: [.cube]))
        #expect(latencyAlone.checks.first { $0.id == .latency }?.passed == false)
    }

    @Test func failingShiftChecksGetTheirFramesAndTheOutputIsWrittenWhole() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let result = try AppAudit.run(tracePaths: [Self.traces.appendingPathComponent("sway.csv").path], screens: ["iphone-15-pro"],
                                      mode: "cube", fixes: [], directory: directory.path("out"))
        let framed = Set(result.checks.compactMap { $0.frame == nil ? nil : $0.id })
        #expect(framed == [.screenSize, .cameraOffset, .eyePoint, .gyroTilt, .handOff])
        let strip = try PNGCodec.read(contentsOf: directory.path("out/audit/camera-offset.png"))
        #expect(strip.width == 3 * (1179 / 10) + 2 * DiffImage.separatorWidth && strip.height == 2556 / 10)
        let decoded = try JSONDecoder().decode(AuditResult.self, from: Data(contentsOf: URL(fileURLWithPath: directory.path("out/audit.json"))))
        #expect(decoded.checks.map(\.id) == result.checks.map(\.id))
        #expect(try String(contentsOfFile: directory.path("out/audit.html"), encoding: .utf8).contains("audit/camera-offset.png"))
    }

    @Test func badFixAndScreenAreNamed() {
        #expect(throws: FieldError.self) { try AuditOptions.fixes(parsing: ["nope"]) }
        #expect(throws: FieldError.self) { try AuditOptions.screens(parsing: ["app-table:iphone-15-pro"]) }
        #expect(throws: FieldError.self) { try AuditOptions.modes(parsing: "both-ways") }
    }
}
