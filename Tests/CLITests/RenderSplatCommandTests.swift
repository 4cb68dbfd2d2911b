import Foundation
import ParallaxTestSupport
import Testing

@Suite struct RenderSplatCommandTests {
    /// A hand-written ascii 3DGS .ply with three splats (y-down like a capture).
    static let ply = PLYText.ascii(properties: PLYText.floats(["x", "y", "z"] + PLYText.gaussianAttributes), vertices: [
        "0 0 0 1.7 -1.7 -1.7 3 -2 -2 -2 1 0 0 0",
        "0.5 -0.5 0.5 -1.7 1.7 -1.7 3 -2.5 -2 -2 1 0 0 0",
        "-0.5 0.5 1 -1.7 -1.7 1.7 3 -2 -2.5 -2 1 0 0 0",
    ])

    @Test func rendersBothModesAndRecordsTheMode() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        try Self.ply.write(toFile: dir.path("s.ply"), atomically: true, encoding: .utf8)
        for mode in ["inria", "metalsplatter"] {
            let out = dir.path("\(mode).png")
            let run = try ParallaxProcess.run(["render", "splat", dir.path("s.ply"), "--mode", mode, "--flip-y", "--screen", "iphone-15-pro",
                                               "--head", "0.1,0,0.35", "--size", "59x128", "--background", "10,20,30", "-o", out])
            #expect(run.status == 0, "\(run.stderr)")
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
            #expect(String(decoding: bytes, as: UTF8.self).contains("parallax.splat-mode\u{0}\(mode)"))
        }
    }

    @Test func cameraFileAndSequence() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        try Self.ply.write(toFile: dir.path("s.ply"), atomically: true, encoding: .utf8)
        let project = try ParallaxProcess.run(["project", "--screen", "iphone-15-pro", "--head", "0,0,0.4", "--view", "splat", "--json"])
        #expect(project.status == 0, "\(project.stderr)")
        try project.stdout.write(toFile: dir.path("cam.json"), atomically: true, encoding: .utf8)
        let run = try ParallaxProcess.run(["render", "splat", dir.path("s.ply"), "--camera", dir.path("cam.json"), "-o", dir.path("c.png")])
        #expect(run.status == 0, "\(run.stderr)")
        try "t,x,y,z\n0,0,0,0.35\n0.1,0.01,0,0.35\n0.2,0.02,0,0.35\n".write(toFile: dir.path("t.csv"), atomically: true, encoding: .utf8)
        let sequence = try ParallaxProcess.run(["render", "splat", dir.path("s.ply"), "--path", dir.path("t.csv"), "--every", "2",
                                                "--size", "30x64", "-o", dir.path("frames")])
        #expect(sequence.status == 0, "\(sequence.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path("frames")).sorted() == ["frame-00000.png", "frame-00002.png"])
    }

    @Test func convertRoundTripAndBrokenInputs() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        try Self.ply.write(toFile: dir.path("s.ply"), atomically: true, encoding: .utf8)
        let toSplat = try ParallaxProcess.run(["convert", dir.path("s.ply"), dir.path("s.splat")])
        #expect(toSplat.status == 0, "\(toSplat.stderr)")
        #expect((try FileManager.default.attributesOfItem(atPath: dir.path("s.splat"))[.size] as? Int) == 96)
        let back = try ParallaxProcess.run(["convert", dir.path("s.splat"), dir.path("b.ply")])
        #expect(back.status == 0 && back.stdout.contains("3 splats"))

        try Data([UInt8](repeating: 1, count: 50)).write(to: URL(fileURLWithPath: dir.path("bad.splat")))
        let bad = try ParallaxProcess.run(["render", "splat", dir.path("bad.splat"), "-o", dir.path("x.png")])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("bad.splat: record 1: truncated"))
        #expect(!FileManager.default.fileExists(atPath: dir.path("x.png")))
        let noSPZ = try ParallaxProcess.run(["convert", dir.path("s.ply"), dir.path("o.spz")])
        #expect(noSPZ.status == 2 && noSPZ.stderr.contains("writing .spz is not supported"))
        let badMode = try ParallaxProcess.run(["render", "splat", dir.path("s.ply"), "--mode", "gpu", "-o", dir.path("y.png")])
        #expect(badMode.status == 2)
    }
}
