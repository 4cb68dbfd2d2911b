import Foundation
import ParallaxTestSupport
import Testing

/// `render cube --app-source`: the sample app's own scene drawn, and what it cannot do named in one line, exit 2.
@Suite struct AppSceneCommandTests {
    static let sampleApp = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/apps/SampleApp")

    @Test func theSampleAppsSceneRendersDeterministicallyAndEventsChangeIt() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let base = ["render", "cube", "--app-source", Self.sampleApp.path, "--screen", "iphone-15-pro", "--head", "0.01,0.02,0.4",
                    "--size", "35x75"]
        for name in ["a", "b"] {
            let run = try ParallaxProcess.run(base + ["-o", dir.path("\(name).png")])
            #expect(run.status == 0, "\(run.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir.path("a.png"))) == Data(contentsOf: URL(fileURLWithPath: dir.path("b.png"))))
        let portrait = try ParallaxProcess.run(base + ["--events", "room=portrait@0.05", "-o", dir.path("p.png")])
        #expect(portrait.status == 0, "\(portrait.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir.path("a.png"))) != Data(contentsOf: URL(fileURLWithPath: dir.path("p.png"))))
    }

    @Test func whatTheSceneCannotDrawOrBadOptionsExitTwoWithOneLine() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        // A variant of the sample whose faces use the Blinn model: named by the back wall's path.
        let variant = dir.path("variant")
        try FileManager.default.createDirectory(atPath: variant, withIntermediateDirectories: true)
        let sources = Self.sampleApp.appendingPathComponent("Sources")
        for name in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
            var text = try String(contentsOf: sources.appendingPathComponent(name), encoding: .utf8)
            text = text.replacingOccurrences(of: "material.lightingModel = .physicallyBased", with: "material.lightingModel = .blinn")
            try text.write(toFile: (variant as NSString).appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let base = ["render", "cube", "--screen", "iphone-15-pro", "--head", "0,0,0.4", "--size", "20x40", "-o", dir.path("x.png")]
        for (extra, mention) in [
            (["--app-source", variant], "node rootNode.childNodes[0].childNodes[0] (face back): lighting model blinn"),
            (["--app-source", Self.sampleApp.path, "--events", "zoom@1"], "--events"),
            (["--app-source", Self.sampleApp.path, "--room", "app-cube"], "--room"),
            (["--app-source", Self.sampleApp.path, "--app-look", "opacity=0.2"], "only f0 and roughness"),
            (["--events", "recenter@1"], "--app-source only"),
            (["--app-source", dir.path("nowhere")], "nowhere"),
        ] {
            let run = try ParallaxProcess.run(base + extra)
            #expect(run.status == 2, "\(extra): \(run.stderr)")
            #expect(run.stderr.contains(mention), "\(extra): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(extra): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.path("x.png")))
        }
    }
}
