import Foundation
import ParallaxTestSupport
import Testing

/// `parallax init`'s and the known-failures file's bad input: one line, exit 2, nothing written.
@Suite struct InitCommandTests {
    static let sampleApp = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/apps/SampleApp")

    /// The names of the files below `folder`, relative to it, sorted.
    static func contents(_ folder: URL) -> [String] {
        (FileManager.default.subpaths(atPath: folder.path) ?? []).sorted()
    }

    @Test func refusesAFolderWithoutAnApp() throws {
        let folder = try TemporaryDirectory(prefix: "init-no-app")
        defer { folder.cleanUp() }
        try "# not an app\n".write(toFile: folder.path("README.md"), atomically: true, encoding: .utf8)
        let run = try ParallaxProcess.run(["init", folder.url.path, "--parallaxlab-repository", "https://example.org/ParallaxLab.git"])
        #expect(run.status == 2)
        #expect(run.stderr == "parallax: error: \(folder.url.path): no app here: no CubeSceneController.swift found below it (parallax init sets up the repository of a head-tracked app)\n")
        #expect(Self.contents(folder.url) == ["README.md"])
    }

    /// An existing file is named and nothing is written, not even the files that do not exist yet.
    @Test func refusesToOverwriteAndWritesNothing() throws {
        let folder = try TemporaryDirectory(prefix: "init-existing")
        defer { folder.cleanUp() }
        let app = folder.url.appendingPathComponent("app")
        try FileManager.default.copyItem(at: Self.sampleApp, to: app)
        try "known_failures: []\n".write(to: app.appendingPathComponent("parallax-known-failures.yml"), atomically: true, encoding: .utf8)
        let before = Self.contents(app)
        let run = try ParallaxProcess.run(["init", "--parallaxlab-repository", "https://example.org/ParallaxLab.git"], in: app)
        #expect(run.status == 2)
        #expect(run.stderr == "parallax: error: ./parallax-known-failures.yml: already exists; parallax init writes nothing over an existing file (move it away to set up again)\n")
        #expect(Self.contents(app) == before)
    }

    /// A malformed known-failures file stops `parallax run` before any stage: file:line and the field, no report folder.
    @Test func malformedKnownFailuresStopTheRun() throws {
        let folder = try TemporaryDirectory(prefix: "known-failures-bad")
        defer { folder.cleanUp() }
        try "traces: [builtin:still]\naudit: {gate: true}\n".write(toFile: folder.path("parallax.yml"), atomically: true, encoding: .utf8)
        try "known_failures:\n  - check: latency\n    value: 119.5\n    reason: \"\"\n  - check: latency-p95\n    value: 1\n    reason: \"\"\n"
            .write(toFile: folder.path("parallax-known-failures.yml"), atomically: true, encoding: .utf8)
        let run = try ParallaxProcess.run(["run", "parallax.yml", "--output", "report"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr.hasSuffix("parallax: error: parallax-known-failures.yml:5: known_failures[1].check: expected a check id (world-alignment, screen-size, camera-offset, eye-point, recenter-idempotent, tracking-loss, gyro-tilt, hand-off, latency, splat-pinning, clip-depth, splat-colour, jacobian-clamp, exaggeration), found 'latency-p95'\n"),
                "\(run.stderr)")
        #expect(Self.contents(folder.url) == ["parallax-known-failures.yml", "parallax.yml"])
    }
}
