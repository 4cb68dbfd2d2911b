import Foundation
import ParallaxTestSupport
import Testing

/// A ParallaxRecorder recording through `parallax import` (the trace in its decided frame) and `parallax audit
/// --recording` (the frame measured, said so in the text and in audit.json's `recording`).
@Suite struct RecordingDecisionCommandTests {
    @Test func importAndAuditUseTheDecidedFrame() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        try DeviceRecordingSynthesizer(truth: .camera, recordedAxes: [(1, 1), (0, -1), (2, 1)]).csv().write(toFile: dir.path("rec.csv"), atomically: true, encoding: .utf8)

        let imported = try ParallaxProcess.run(["import", dir.path("rec.csv"), "-o", dir.path("trace.csv")])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("ARKit frame: camera (phone turned 30."), "\(imported.stdout)")
        #expect(imported.stdout.contains("screen axes right -y, up +x"))
        let trace = try String(contentsOfFile: dir.path("trace.csv"), encoding: .utf8)
        #expect(trace.contains("# arkit_frame: camera (measured: rec.csv)"), "\(trace.prefix(600))")
        #expect(trace.contains("device_qw"))
        let refused = try ParallaxProcess.run(["import", dir.path("rec.csv"), "--sort", "-o", dir.path("x.csv")])
        #expect(refused.status == 2 && refused.stderr.contains("--sort: not for a ParallaxRecorder recording"))

        let audit = try ParallaxProcess.run(["audit", "--recording", dir.path("rec.csv"), "--json"])
        #expect(audit.status == 0 || audit.status == 1, "\(audit.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(audit.stdout.utf8)) as? [String: Any])
        #expect(json["arkit_frame"] as? String == "camera")
        let recording = try #require(json["recording"] as? [String: Any])
        #expect(recording["status"] as? String == "measured" && recording["value"] as? String == "camera" && recording["file"] as? String == dir.path("rec.csv"))
        #expect(recording["screen_axes"] as? [String: String] == ["right": "-y", "up": "+x"])
        let text = try ParallaxProcess.run(["audit", "--recording", dir.path("rec.csv")])
        #expect(text.stdout.contains("ARKit frame camera: measured by \(dir.path("rec.csv")) (phone turned 30."), "\(text.stdout.prefix(800))")
        let conflicting = try ParallaxProcess.run(["audit", "--recording", dir.path("rec.csv"), "--arkit-frame", "camera"])
        #expect(conflicting.status == 2 && conflicting.stderr.contains("--arkit-frame: the recording (--recording) decides the ARKit frame"))
    
    }

    /// A suite's `audit: {recording: …}` does the same in the suite's audit.json; `arkit_frame` with it is refused.
    @Test func aSuiteAuditTakesTheRecording() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        try DeviceRecordingSynthesizer(truth: .gravity).csv().write(toFile: dir.path("rec.csv"), atomically: true, encoding: .utf8)
        let sway = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Traces/sway.csv").path
        try "traces: [\(sway)]\nscreens: [iphone-15-pro]\naudit: {mode: cube, recording: rec.csv}\n".write(toFile: dir.path("suite.yml"), atomically: true, encoding: .utf8)
        let run = try ParallaxProcess.run(["run", dir.path("suite.yml"), "--output", dir.path("report")], environment: ["CI": "true", "PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir.path("report/audit.json")))) as? [String: Any])
        #expect(json["arkit_frame"] as? String == "gravity")
        #expect(json["traces"] as? [String] == ["sway", "rec"])
        let recording = try #require(json["recording"] as? [String: Any])
        #expect(recording["status"] as? String == "measured" && recording["file"] as? String == "rec.csv")

        try "traces: [\(sway)]\naudit: {recording: rec.csv, arkit_frame: camera}\n".write(toFile: dir.path("both.yml"), atomically: true, encoding: .utf8)
        let both = try ParallaxProcess.run(["run", dir.path("both.yml"), "--output", dir.path("both")], environment: ["CI": "true", "PATH": "/usr/bin:/bin"])
        #expect(both.status == 2 && both.stderr.contains("arkit_frame: expected no arkit_frame with recording"), "\(both.stderr)")
    }
}
