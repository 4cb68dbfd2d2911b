import Foundation
import ParallaxTestSupport
import Testing

/// `render cube --look app` and the MetalSplatter options of `render splat`.
@Suite struct AppParityCommandTests {
    func png(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test func appLookRendersDeterministicallyAndVideoFacesAdvance() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        // A two-frame "video": dark then bright.
        try FileManager.default.createDirectory(atPath: dir.path("video"), withIntermediateDirectories: true)
        try Data(TinyPNG.rgba(width: 4, height: 4) { _, _ in [20, 20, 20, 255] }).write(to: URL(fileURLWithPath: dir.path("video/0001.png")))
        try Data(TinyPNG.rgba(width: 4, height: 4) { _, _ in [240, 240, 240, 255] }).write(to: URL(fileURLWithPath: dir.path("video/0002.png")))
        let args = ["render", "cube", "--look", "app", "--screen", "0.06x0.12@30x60", "--room", "0.05,0.1,0.05", "--head", "0.01,0,0.35",
                    "--texture", "back=\(dir.path("video"))", "--app-look", "face-fps=10"]
        for (name, time) in [("a", "0"), ("b", "0"), ("c", "0.1")] {
            let run = try ParallaxProcess.run(args + ["--time", time, "-o", dir.path("\(name).png")])
            #expect(run.status == 0, "\(run.stderr)")
        }
        #expect(try png(dir.path("a.png")) == png(dir.path("b.png")))
        #expect(try png(dir.path("a.png")) != png(dir.path("c.png")), "frame 1 of the video shows at t = 0.1 s")
        let reference = try ParallaxProcess.run(["render", "cube", "--screen", "0.06x0.12@30x60", "--room", "0.05,0.1,0.05", "--head", "0.01,0,0.35",
                                                 "-o", dir.path("r.png")])
        #expect(reference.status == 0)
        #expect(try png(dir.path("r.png")) != png(dir.path("a.png")))
    }

    @Test func badAppLookInputsExitTwoWithOneLine() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        try FileManager.default.createDirectory(atPath: dir.path("empty"), withIntermediateDirectories: true)
        let base = ["render", "cube", "--look", "app", "--size", "20x40", "-o", dir.path("x.png")]
        for (extra, mention) in [(["--app-look", "shininess=2"], "shininess"), (["--app-look", "opacity=2"], "opacity"),
                                 (["--texture", "back=\(dir.path("empty"))"], "no .png"), (["--look", "scenekit"], "scenekit"), (["--time", "-1"], "--time"), (["--samples", "4"], "--samples")] {
            let run = try ParallaxProcess.run(base + extra)
            #expect(run.status == 2, "\(extra): \(run.stderr)")
            #expect(run.stderr.contains(mention), "\(extra): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.path("x.png")))
        }
    }

    @Test func drawableFormatAndSortLagOptions() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        try RenderSplatCommandTests.ply.write(toFile: dir.path("s.ply"), atomically: true, encoding: .utf8)
        let base = ["render", "splat", dir.path("s.ply"), "--mode", "metalsplatter", "--flip-y", "--size", "30x64"]
        #expect(try ParallaxProcess.run(base + ["-o", dir.path("unorm.png")]).status == 0)
        #expect(try ParallaxProcess.run(base + ["--drawable", "bgra8Unorm_srgb", "-o", dir.path("srgb.png")]).status == 0)
        let unorm = try png(dir.path("unorm.png")), srgb = try png(dir.path("srgb.png"))
        #expect(unorm != srgb)
        #expect(String(decoding: unorm, as: UTF8.self).contains("no re-encoding"))
        #expect(String(decoding: srgb, as: UTF8.self).contains("sRGB-encoded"))
        // A stale sort needs a path; with one, the first frame has no earlier pose and equals the fresh sort.
        let noPath = try ParallaxProcess.run(base + ["--sort-lag", "2", "-o", dir.path("x.png")])
        #expect(noPath.status == 2 && noPath.stderr.contains("--sort-lag"))
        try "t,x,y,z\n0,0,0,0.35\n0.1,0.05,0,0.35\n0.2,0.1,0,0.35\n".write(toFile: dir.path("t.csv"), atomically: true, encoding: .utf8)
        let fresh = try ParallaxProcess.run(base + ["--path", dir.path("t.csv"), "-o", dir.path("fresh")])
        #expect(fresh.status == 0)
        // A sequence reports its speed: "3 frames in S s (F frames/s) → DIR".
        #expect(fresh.stdout.hasPrefix("3 frames in ") && fresh.stdout.contains(" frames/s) → \(dir.path("fresh"))"), "\(fresh.stdout)")
        let lagged = try ParallaxProcess.run(base + ["--path", dir.path("t.csv"), "--sort-lag", "2", "-o", dir.path("stale")])
        #expect(lagged.status == 0, "\(lagged.stderr)")
        #expect(try png(dir.path("fresh/frame-00000.png")) == png(dir.path("stale/frame-00000.png")))
    }
}
