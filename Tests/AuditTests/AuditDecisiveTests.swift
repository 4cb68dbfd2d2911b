@testable import Audit
import AuditOutput
import Foundation
import Golden
import Imaging
import ParallaxTestSupport
import Projection
import TestedApp
import Testing
import Tracking
import Vocabulary

/// The decisive test: the app as shipped fails the checks it is known to fail, and with every fix every
/// check passes — so no check is vacuous.
struct AuditDecisiveTests {
    static let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Traces")

    func options(fixes: Set<AuditCheckID>, traces names: [String] = ["sway", "dropouts", "tilt"], modes: [AppMode] = AppMode.allCases) throws -> AuditOptions {
        let traces = try names.map { ($0, try TraceCSVReader.read(contentsOf: Self.traces.appendingPathComponent("\($0).csv").path)) }
        return AuditOptions(traces: traces, screens: [try ScreenModel.device("iphone-15-pro")], modes: modes, fixes: fixes)
    }

    static let knownFailing: Set<AuditCheckID> = [
        .worldAlignment, .screenSize, .cameraOffset, .eyePoint, .recenterIdempotent, .trackingLoss, .gyroTilt, .handOff, .latency,
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
            let result = try AppAudit.run(options(fixes: fixes, traces: ["dropouts", "tilt"], modes: [check.modes.contains(.cube) ? .cube : .splat]))
            #expect(result.checks.first { $0.id == check }?.passed == true, "\(check)")
        }
        let latencyAlone = try AppAudit.run(options(fixes: [.latency], traces: ["dropouts"], modes: [.cube]))
        #expect(latencyAlone.checks.first { $0.id == .latency }?.passed == false)
    }

    /// Every check taken at instants gets its pictures, failing or not — at its worst and after one Reset — and
    /// latency at the instant its delay moves the eye most; the frames are 158 px wide at the panel's aspect
    /// (1179 × 2556: 158 · 2556 / 1179 = 342.5 → 343 px), the pair two of them and a 4 px gap.
    @Test func checksGetTheirPicturesAndTheOutputIsWrittenWhole() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let result = try AppAudit.run(tracePaths: ["sway.csv", "dropouts.csv"].map { Self.traces.appendingPathComponent($0).path }, screens: [try ScreenModel.device("iphone-15-pro")],
                                      mode: "cube", fixes: [], directory: directory.path("out"))
        let framed = Set(result.checks.compactMap { $0.frames?.worst == nil ? nil : $0.id })
        #expect(framed == [.worldAlignment, .screenSize, .cameraOffset, .eyePoint, .recenterIdempotent, .trackingLoss, .gyroTilt, .handOff, .latency, .exaggeration])
        let afterReset = Set(result.checks.compactMap { $0.frames?.afterReset == nil ? nil : $0.id })
        #expect(afterReset == framed.subtracting([.latency]))
        let pair = try PNGCodec.read(contentsOf: directory.path("out/audit/camera-offset-worst.png"))
        let overlay = try PNGCodec.read(contentsOf: directory.path("out/audit/camera-offset-worst-overlay.png"))
        #expect(pair.width == 320 && pair.height == 343 && overlay.width == 158 && overlay.height == 343)
        let decoded = try JSONDecoder().decode(AuditResult.self, from: Data(contentsOf: URL(fileURLWithPath: directory.path("out/audit.json"))))
        #expect(decoded.checks.map(\.id) == result.checks.map(\.id))
        let page = try String(contentsOfFile: directory.path("out/audit.html"), encoding: .utf8)
        #expect(page.contains("audit/camera-offset-worst.png") && page.contains("audit/camera-offset-after-reset-overlay.png"))
    }

    @Test func badFixAndScreenAreNamed() {
        #expect(throws: FieldError.self) { try AuditOptions.fixes(parsing: ["nope"]) }
        #expect(throws: FieldError.self) { try AuditOptions.screens(parsing: ["app-table:iphone-15-pro"]) }
        #expect(throws: FieldError.self) { try AuditOptions.scope(parsing: "both-ways") }
        #expect(throws: FieldError.self) { try ARKitFrame(parsing: "world") }
    }

    /// The default scope is what the shipped app shows: splat-only checks are evaluated, listed as unreachable
    /// and never fail the verdict; asked for (--mode both) they do.
    @Test func unreachableChecksNeverFailTheShippedVerdict() throws {
        let traces = try ["dropouts"].map { ($0, try TraceCSVReader.read(contentsOf: Self.traces.appendingPathComponent("\($0).csv").path)) }
        let reachableFixes = Set(AuditCheckID.allCases.filter(\.isReachable))
        let shipped = try AppAudit.run(AuditOptions(traces: traces, screens: [try ScreenModel.device("iphone-15-pro")], fixes: reachableFixes))
        #expect(shipped.passed, "\(shipped.text)")
        let unreachable = Set(shipped.unreachable.map(\.id))
        #expect(unreachable == [.splatPinning, .clipDepth, .splatColour, .jacobianClamp])
        #expect(shipped.unreachable.allSatisfy { !$0.reachable })
        #expect(shipped.checks.contains { $0.id == .splatColour && !$0.passed })
        #expect(shipped.text.contains("MainTabView.swift:70–78"))
        let both = try AppAudit.run(AuditOptions(traces: traces, screens: [try ScreenModel.device("iphone-15-pro")], scope: .both, fixes: reachableFixes))
        #expect(!both.passed)
        #expect(Set(both.failing.map(\.id)) == [.splatPinning, .splatColour, .jacobianClamp])
    }

    /// Every check states its assumptions; world-alignment's verdict flips under the camera hypothesis.
    @Test func assumptionsAreStatedAndFlipsNamed() throws {
        let traces = try ["sway"].map { ($0, try TraceCSVReader.read(contentsOf: Self.traces.appendingPathComponent("\($0).csv").path)) }
        let result = try AppAudit.run(AuditOptions(traces: traces, screens: [try ScreenModel.device("iphone-15-pro")], scope: .cube))
        #expect(result.checks.allSatisfy { !$0.assumptions.isEmpty })
        let world = try #require(result.checks.first { $0.id == .worldAlignment })
        #expect(!world.passed && world.flipsUnderOtherFrame && world.underOtherFrame?.arkitFrame == .camera)
        #expect(world.assumptions.contains { $0.hasPrefix("ARKit frame: gravity") })
        #expect(world.notes.contains { $0.contains("mm higher") && $0.contains("mm closer") })
        let json = String(decoding: try result.jsonData(), as: UTF8.self)
        #expect(json.contains("\"arkit_frame\" : \"gravity\"") && json.contains("\"reachable\" : true"))
    }
}
