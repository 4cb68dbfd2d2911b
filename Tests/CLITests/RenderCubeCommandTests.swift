import Foundation
import ParallaxTestSupport
import Testing

@Suite struct RenderCubeCommandTests {
    @Test func rendersAFrameAtTheRequestedSizeDeterministically() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let args = ["render", "cube", "--screen", "iphone-15-pro", "--head", "0.02,0.01,0.35", "--size", "60x130"]
        #expect(try ParallaxProcess.run(args + ["-o", dir.path("a.png")]).status == 0)
        #expect(try ParallaxProcess.run(args + ["-o", dir.path("b.png")]).status == 0)
        let a = try Data(contentsOf: dir.url.appendingPathComponent("a.png"))
        #expect(a == (try Data(contentsOf: dir.url.appendingPathComponent("b.png"))))
        // PNG signature and IHDR width/height.
        #expect(Array(a.prefix(8)) == [137, 80, 78, 71, 13, 10, 26, 10])
        #expect(a[16..<24].elementsEqual([0, 0, 0, 60, 0, 0, 0, 130]))
    }

    @Test func cameraFileFromProjectGivesTheSameFrame() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let project = try ParallaxProcess.run(["project", "--screen", "0.06x0.12@60x120", "--head", "0.01,-0.02,0.3", "--json"])
        #expect(project.status == 0)
        try project.stdout.write(toFile: dir.path("cam.json"), atomically: true, encoding: .utf8)
        #expect(try ParallaxProcess.run(["render", "cube", "--camera", dir.path("cam.json"), "--room", "0.06,0.12,0.12", "-o", dir.path("file.png")]).status == 0)
        #expect(try ParallaxProcess.run(["render", "cube", "--screen", "0.06x0.12@60x120", "--head", "0.01,-0.02,0.3", "-o", dir.path("flags.png")]).status == 0)
        #expect(try Data(contentsOf: dir.url.appendingPathComponent("file.png")) == Data(contentsOf: dir.url.appendingPathComponent("flags.png")))
    }

    @Test func pathRendersASequence() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        #expect(try ParallaxProcess.run(["synth", "--model", "sway", "--duration", "1", "-o", dir.path("t.csv")]).status == 0)
        let run = try ParallaxProcess.run(["render", "cube", "--path", dir.path("t.csv"), "--every", "20", "--size", "30x60", "-o", dir.path("frames")])
        #expect(run.status == 0, "\(run.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path("frames")).sorted()
        #expect(files.first == "frame-00000.png")
        #expect(files.count == 3)  // samples 0, 20, 40 of ~60
    }

    @Test func badInputsExitTwoAndWriteNothing() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        try "{\"width\": 10}".write(toFile: dir.path("bad.json"), atomically: true, encoding: .utf8)
        try "not a png".write(toFile: dir.path("bad.png"), atomically: true, encoding: .utf8)
        let cases: [([String], String)] = [
            (["--camera", dir.path("bad.json")], "bad.json"),
            (["--texture", "back=\(dir.path("bad.png"))"], "bad.png"),
            (["--texture", "ceiling=x.png"], "--texture"),
            (["--room", "0.3,-1,0.2"], "--room"),
            (["--head", "0,0,-0.2", "--no-clamp"], "head"),
            (["--screen", "iphone-99"], "iphone-99"),
            (["--samples", "3"], "--samples"),
            (["--size", "0x10"], "--size"),
        ]
        for (extra, mention) in cases {
            let run = try ParallaxProcess.run(["render", "cube", "--size", "20x40"] + extra + ["-o", dir.path("out.png")])
            #expect(run.status == 2, "\(extra): \(run.stderr)")
            #expect(run.stderr.contains(mention), "\(extra): \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path("out.png")))
    }
}
