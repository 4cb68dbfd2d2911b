import Audit
import DeviceFacts
import Foundation
import ParallaxTestSupport
import TestedApp
import Testing
import Tracking

/// `ARKitFrameDecision` on recordings synthesized under each hypothesis (`DeviceRecordingSynthesizer`: ARKit-like
/// noise, dropouts, jittered frame times, CoreMotion at its own rate), in several recorded axis conventions, and on
/// recordings that fit neither or where the phone does not turn.
struct ARKitFrameDecisionTests {
    func decide(_ synthesizer: DeviceRecordingSynthesizer) throws -> ARKitFrameDecision {
        ARKitFrameDecision(recording: try DeviceRecording.parse(synthesizer.csv(), file: "r.csv"))
    }

    /// (truth axis, sign) per recorded axis: as is; ARKit-like with z away from the viewer (a mirror); the sensor's
    /// landscape axes (x along the long edge); landscape and mirrored.
    static let conventions: [[(axis: Int, sign: Double)]] = [
        [(0, 1), (1, 1), (2, 1)], [(0, 1), (1, 1), (2, -1)], [(1, 1), (0, -1), (2, 1)], [(1, 1), (0, 1), (2, 1)],
    ]

    @Test(arguments: [DeviceRecordingSynthesizer.Truth.gravity, .camera], 0..<conventions.count)
    func decidesTheHypothesisAndTheScreenAxes(_ truth: DeviceRecordingSynthesizer.Truth, _ convention: Int) throws {
        var synthesizer = DeviceRecordingSynthesizer(truth: truth, recordedAxes: Self.conventions[convention])
        synthesizer.seed = UInt64(convention + 1)
        let decision = try decide(synthesizer)
        #expect(decision.verdict == (truth == .gravity ? .gravity : .camera), "\(decision.text)")
        #expect(decision.frame == (truth == .gravity ? .gravity : .camera))
        // The phone turned 30° about each axis; noise moves the maximum a little.
        #expect(abs(decision.phoneRotationDeg - 30) < 2, "\(decision.phoneRotationDeg)")
        let (right, wrong) = truth == .gravity ? (decision.residualMm.gravity!, decision.residualMm.camera!) : (decision.residualMm.camera!, decision.residualMm.gravity!)
        #expect(right < 10 && wrong > 50, "\(decision.text)")
        #expect(decision.screenAxes?.right.rawValue == synthesizer.recordedName(ofAxis: 0, sign: 1), "\(decision.text)")
        #expect(decision.screenAxes?.up.rawValue == synthesizer.recordedName(ofAxis: 1, sign: 1), "\(decision.text)")
        // The synthesized head is at +z in the truth frame: toward the viewer.
        #expect(decision.screenAxes?.toward.rawValue == synthesizer.recordedName(ofAxis: 2, sign: 1))
        #expect(decision.screenAxes?.isMirrored == (convention == 1 || convention == 3))  // the conventions of determinant −1
        // Segments from the attitude: the tilts run 3–23 s after the first frame (t = 100), the head moves 25–45 s.
        let phone = try #require(decision.phoneSegment), head = try #require(decision.headSegment)
        #expect(abs(phone.start - 103) < 0.5 && abs(phone.end - 123) < 0.5, "\(phone)")
        #expect(head.start >= 123.9 && head.start < 124.5 && head.end > 146.5, "\(head)")
    }

    @Test func undecidedWithoutPhoneRotation() throws {
        var synthesizer = DeviceRecordingSynthesizer(truth: .gravity)
        synthesizer.phoneTurns = false
        let decision = try decide(synthesizer)
        #expect(decision.verdict == .undecided && decision.frame == nil)
        #expect(decision.phoneRotationDeg < 5)
        #expect(decision.notes.contains { $0.hasPrefix("undecided: the phone turned") }, "\(decision.notes)")
        // The head segment still gives the axes.
        #expect(decision.screenAxes?.right == .plusX && decision.screenAxes?.up == .plusY)
    }

    @Test(arguments: [DeviceRecordingSynthesizer.Truth.swaying, .turningTwice])
    func undecidedWhenNeitherFits(_ truth: DeviceRecordingSynthesizer.Truth) throws {
        let decision = try decide(DeviceRecordingSynthesizer(truth: truth))
        #expect(decision.verdict == .undecided, "\(decision.text)")
        #expect(decision.phoneRotationDeg > 25)
        #expect(decision.notes.contains { $0.hasPrefix("undecided: neither hypothesis explains") }, "\(decision.notes)")
    }

    @Test func theJSONHasTheDocumentedKeys() throws {
        let decision = try decide(DeviceRecordingSynthesizer(truth: .camera))
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(decision)) as? [String: Any])
        #expect(Set(json.keys) == ["verdict", "phone_rotation_deg", "residual_mm", "screen_axes", "notes", "phone_segment", "head_segment"])
        #expect(json["verdict"] as? String == "camera")
        #expect(Set((json["residual_mm"] as? [String: Any] ?? [:]).keys) == ["gravity", "camera"])
        #expect(json["screen_axes"] as? [String: String] == ["right": "+x", "up": "+y"])
    }

    @Test func aBadRowNamesFileLineAndColumn() {
        let text = DeviceRecordingSynthesizer(truth: .camera).csv()
        var lines = text.split(separator: "\n").map(String.init)
        lines[7] = lines[7].replacingOccurrences(of: ",1.000000,", with: ",2,")
        #expect(throws: TraceError.self) { try DeviceRecording.parse(lines.joined(separator: "\n"), file: "r.csv") }
        do { _ = try DeviceRecording.parse(lines.joined(separator: "\n"), file: "r.csv") } catch {
            #expect("\(error)" == "r.csv:8: column 2 'tracked': expected 0 or 1, found '2'")
        }
        #expect((try? DeviceRecording.parse("t,x\n", file: "r.csv")) == nil)
    }

    /// The docs hold the protocol `parallax arkit-frame --protocol` prints: each of its six steps, word for word.
    @Test func theDocsHoldTheProtocol() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/arkit-frame.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let steps = ARKitFrameProtocol.text.split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.hasPrefix("1.") }.prefix { !$0.isEmpty }
        #expect(steps.count == 14)
        for line in steps { #expect(text.contains(line), "docs/arkit-frame.md lacks: \(line)") }
    }
}
