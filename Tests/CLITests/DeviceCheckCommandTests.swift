import Foundation
import ParallaxTestSupport
import Testing

/// `parallax device-check`: the defaults (exit 0, one line per entry), an alternative and an undecided probe
/// (exit 1, the documented JSON), a malformed one (exit 2, one line naming the file and the field).
@Suite struct DeviceCheckCommandTests {
    static let ids = ["arkit-first-delivery", "arkit-loss", "sensor-rates", "render-thread", "scenekit-euler", "attitude-product"]

    @Test func defaultsAlternativesUndecidedAndBadInput() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        try DeviceProbeSynthesizer().json().write(toFile: dir.path("default.json"), atomically: true, encoding: .utf8)
        let defaults = try ParallaxProcess.run(["device-check", dir.path("default.json")])
        #expect(defaults.status == 0, "\(defaults.stderr)")
        let lines = defaults.stdout.split(separator: "\n")
        #expect(lines.map { String($0.prefix { $0 != ":" }) } == Self.ids, "\(defaults.stdout)")
        #expect(lines.allSatisfy { $0.contains(": default (") }, "\(defaults.stdout)")

        var alternative = DeviceProbeSynthesizer()
        alternative.loss = .removed
        alternative.motionHz = 1 / 0.019
        alternative.eulerOrder = .zyx
        try alternative.json().write(toFile: dir.path("alternative.json"), atomically: true, encoding: .utf8)
        let decided = try ParallaxProcess.run(["device-check", dir.path("alternative.json"), "--json"])
        #expect(decided.status == 1, "\(decided.stderr)")
        #expect(decided.stderr == "parallax: error: device-check: 3 of 6 entries differ from the simulation's defaults or are undecided (arkit-loss, sensor-rates, scenekit-euler)\n")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(decided.stdout.utf8)) as? [String: Any])
        #expect(json["probe"] as? Int == 1 && json.count == 2)
        let entries = try #require(json["entries"] as? [String: [String: Any]])
        #expect(Set(entries.keys) == Set(Self.ids))
        #expect(entries.mapValues { $0["verdict"] as? String } == ["arkit-first-delivery": "default", "arkit-loss": "removed", "sensor-rates": "motion 52.6 Hz",
                                                                 "render-thread": "default", "scenekit-euler": "Rz·Ry·Rx", "attitude-product": "default"])
        let rates = try #require(entries["sensor-rates"]?["evidence"] as? [String: Any])
        #expect((rates["motion"] as? [String: Any])?["mean_interval_ms"] as? Double == 19 && (rates["motion"] as? [String: Any])?["rate_hz"] as? Double == 52.63)
        let euler = try #require(entries["scenekit-euler"]?["evidence"] as? [String: Any])
        #expect(euler["samples"] as? Int == 24 && euler["used"] as? Int == 24 && (euler["residual_deg"] as? [String: Double])?.keys.sorted() == ["Rx·Ry·Rz", "Rz·Ry·Rx"])
        // Deterministic: sorted keys, the same bytes twice.
        #expect(decided.stdout.range(of: "\"entries\"")!.lowerBound < decided.stdout.range(of: "\"probe\"")!.lowerBound)
        #expect(try ParallaxProcess.run(["device-check", dir.path("alternative.json"), "--json"]).stdout == decided.stdout)

        var thin = DeviceProbeSynthesizer()
        thin.eulerAngles = [0, 0, 0]
        try thin.json().write(toFile: dir.path("thin.json"), atomically: true, encoding: .utf8)
        let undecided = try ParallaxProcess.run(["device-check", dir.path("thin.json")])
        #expect(undecided.status == 1 && undecided.stdout.contains("scenekit-euler: undecided — 0 of 24 samples have all three angles non-zero"), "\(undecided.stdout)")

        try "{\"probe\": 1, \"device_model\": 7}".write(toFile: dir.path("bad.json"), atomically: true, encoding: .utf8)
        let bad = try ParallaxProcess.run(["device-check", dir.path("bad.json")])
        #expect(bad.status == 2 && bad.stdout.isEmpty)
        #expect(bad.stderr == "parallax: error: \(dir.path("bad.json")): device_model: expected a string, found 7\n")
        try Data([0xFF, 0x00, 0x7B]).write(to: URL(fileURLWithPath: dir.path("binary.json")))
        let binary = try ParallaxProcess.run(["device-check", dir.path("binary.json")])
        #expect(binary.status == 2 && binary.stderr.hasPrefix("parallax: error: \(dir.path("binary.json")): expected a device probe (JSON, \"probe\": 1), found text that is not JSON"), "\(binary.stderr)")
        #expect(binary.stderr.split(separator: "\n").count == 1)
        let missing = try ParallaxProcess.run(["device-check"])
        #expect(missing.status == 2)
    }
}
