import Foundation
import ParallaxTestSupport
import Testing

/// The sample app with ParallaxRecorder added as the recorder's header says (both files copied in, the recorder
/// made and called in the anchors delegate under `#if DEBUG`) — and once with the calls left live — replays the same
/// frames as the sample app, and `analyze` and `audit` with `--app-source` say the same of it.
@Suite(.serialized) struct AppWithRecorderCommandTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let sampleApp = repository.appendingPathComponent("Tests/Fixtures/apps/SampleApp").path

    func parallax(_ arguments: [String]) throws -> ChildProcessResult {
        try ChildProcess.run(ParallaxProcess.executable, arguments: arguments, environment: DriverCache.environment, in: Self.repository, timeout: 300)
    }

    /// A copy of the sample app (its files under `Sources/`) with the recorder's two files under `Recorder/` and the
    /// header's lines in HeadTrackingService.swift, wrapped in `#if DEBUG` when `debugOnly`.
    static func appWithRecorder(debugOnly: Bool) throws -> TemporaryDirectory {
        let copy = try TemporaryDirectory(prefix: "sample-app-recorder")
        try FileManager.default.createDirectory(atPath: copy.path("Sources"), withIntermediateDirectories: true)
        let sources = URL(fileURLWithPath: sampleApp).appendingPathComponent("Sources")
        func wrapped(_ line: String, indent: String) -> String {
            debugOnly ? "\(indent)#if DEBUG\n\(indent)\(line)\n\(indent)#endif\n" : "\(indent)\(line)\n"
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
            var text = try String(contentsOf: sources.appendingPathComponent(name), encoding: .utf8)
            if name == "HeadTrackingService.swift" {
                let declaration = "    private let session = ARSession()\n"
                let delegate = "    nonisolated func session(_ session: ARSession, didUpdate anchors: [ARAnchor]) {\n"
                #expect(text.contains(declaration) && text.contains(delegate))
                text = text.replacingOccurrences(of: declaration, with: declaration + wrapped("let recorder = ParallaxRecorder()", indent: "    "))
                    .replacingOccurrences(of: delegate, with: delegate + wrapped("recorder.record(anchors, in: session)", indent: "        "))
            }
            try text.write(toFile: copy.path("Sources/\(name)"), atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(atPath: copy.path("Recorder"), withIntermediateDirectories: true)
        for name in ["ParallaxRecorder.swift", "ParallaxRecorderControl.swift"] {
            try FileManager.default.copyItem(atPath: repository.appendingPathComponent("AppInTheLoop/Recorder/\(name)").path, toPath: copy.path("Recorder/\(name)"))
        }
        return copy
    }

    func replay(_ folder: String) throws -> [String: Any] {
        let run = try parallax(["app", "replay", "--app-source", folder, "--trace", "Traces/dropouts.csv", "--json"])
        #expect(run.status == 0, "\(run.stderrText)")
        return try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
    }

    /// `text` with the app's folder, code hash and number of compiled files made generic.
    func generic(_ text: String, folder: String, hash: String, files: Int) -> String {
        text.replacingOccurrences(of: folder, with: "APP").replacingOccurrences(of: hash, with: "HASH")
            .replacingOccurrences(of: String(hash.prefix(8)), with: "HASH").replacingOccurrences(of: "\(files) files", with: "N files")
    }

    @Test(arguments: [true, false]) func anAppWithTheRecorderReplaysAndIsAnalyzedAndAuditedAsWithout(debugOnly: Bool) throws {
        let app = try Self.appWithRecorder(debugOnly: debugOnly)
        defer { app.cleanUp() }
        let without = try replay(Self.sampleApp), with = try replay(app.url.path)
        let withoutSource = try #require(without["app_source"] as? [String: Any]), withSource = try #require(with["app_source"] as? [String: Any])
        // The recorder is compiled (HeadTrackingService names it), its SwiftUI button is not (nothing compiled names it).
        #expect(withSource["files"] as? [String] == (withoutSource["files"] as? [String] ?? []) + ["Recorder/ParallaxRecorder.swift"])
        let hash = try #require(withSource["hash"] as? String), sampleHash = try #require(withoutSource["hash"] as? String)
        #expect(hash != sampleHash)
        let frames = try #require(with["frames"] as? [[String: Any]])
        #expect(frames.count > 1000)
        #expect(NSArray(array: frames).isEqual(to: try #require(without["frames"] as? [[String: Any]])))

        for command in [["analyze", "Traces/sway.csv"], ["audit", "--traces", "Traces/sway.csv"]] {
            let plain = try parallax(command + ["--app-source", Self.sampleApp]), recorded = try parallax(command + ["--app-source", app.url.path])
            #expect(plain.status != 2 && recorded.status == plain.status, "\(command[0]): \(recorded.stderrText)")
            #expect(generic(recorded.stdoutText, folder: app.url.path, hash: hash, files: 11)
                    == generic(plain.stdoutText, folder: Self.sampleApp, hash: sampleHash, files: 10), "\(command[0])")
        }
    }
}
