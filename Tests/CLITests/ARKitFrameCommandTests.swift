import Foundation
import ParallaxTestSupport
import TestedApp
import Testing

/// `parallax arkit-frame`: the protocol, a decided recording (exit 0, the documented JSON), an undecided one (exit 1),
/// a bad file (exit 2, file:line).
@Suite struct ARKitFrameCommandTests {
    @Test func protocolDecisionUndecidedAndBadInput() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let text = try ParallaxProcess.run(["arkit-frame", "--protocol"])
        #expect(text.status == 0 && text.stdout.contains("tilt the phone back and forth by about 30°") && text.stdout.contains("up, down, left, right"))

        try DeviceRecordingSynthesizer(truth: .camera, recordedAxes: [(1, 1), (0, -1), (2, 1)]).csv().write(toFile: dir.path("camera.csv"), atomically: true, encoding: .utf8)
        let decided = try ParallaxProcess.run(["arkit-frame", dir.path("camera.csv"), "--json"])
        #expect(decided.status == 0, "\(decided.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(decided.stdout.utf8)) as? [String: Any])
        #expect(json["verdict"] as? String == "camera")
        #expect(json["screen_axes"] as? [String: String] == ["right": "-y", "up": "+x"])

        var still = DeviceRecordingSynthesizer(truth: .gravity)
        still.phoneTurns = false
        try still.csv().write(toFile: dir.path("still.csv"), atomically: true, encoding: .utf8)
        let undecided = try ParallaxProcess.run(["arkit-frame", dir.path("still.csv")])
        #expect(undecided.status == 1 && undecided.stdout.hasPrefix("verdict: undecided"), "\(undecided.stdout)")

        try "# parallax-recorder 1\nt,x\n".write(toFile: dir.path("bad.csv"), atomically: true, encoding: .utf8)
        let bad = try ParallaxProcess.run(["arkit-frame", dir.path("bad.csv")])
        #expect(bad.status == 2 && bad.stderr.hasPrefix("parallax: error: \(dir.path("bad.csv")):2: expected the columns t,tracked,"), "\(bad.stderr)")
        let missing = try ParallaxProcess.run(["arkit-frame"])
        #expect(missing.status == 2)
    }
}
