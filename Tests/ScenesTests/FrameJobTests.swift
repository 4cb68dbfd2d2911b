import Foundation
import Geometry
import Imaging
import ParallaxTestSupport
import Projection
import Testing
import Tracking
@testable import Scenes

@Suite struct FrameJobTests {
    let screen = try! ScreenModel.parse("0.0651013x0.1411357@40x86")

    @Test func aHeadFrameIsTheScenesRenderAtTheScreensPixels() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let scene = try SceneRenderer(.cube(SceneSource.CubeSettings()), screen: screen)
        let projection = try OffAxisProjection(screen: screen)
        let head = Vec3(0.02, 0.01, 0.3)
        try FrameJob.head(head, naming: "head", projection: projection, size: nil).render(scene, to: dir.path("f.png"))
        let image = try PNGCodec.read(contentsOf: dir.path("f.png"))
        #expect(image.width == 40 && image.height == 86)
        #expect(image.pixels == (try scene.render(try projection.camera(head: head), size: try FrameSize(width: 40, height: 86))).pixels)
        try FrameJob.head(head, naming: "head", projection: projection, size: try FrameSize(width: 20, height: 30)).render(scene, to: dir.path("g.png"))
        #expect(try PNGCodec.read(contentsOf: dir.path("g.png")).width == 20)
    }

    /// A head at the screen plane without a z clamp has no camera: the error starts with the caller's name.
    @Test func aBadHeadIsNamedAsTheCallerSays() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let scene = try SceneRenderer(.cube(SceneSource.CubeSettings()), screen: screen)
        let projection = try OffAxisProjection(screen: screen, zMin: nil)
        #expect { try FrameJob.head(Vec3(0, 0, 0), naming: "the head", projection: projection, size: nil).render(scene, to: dir.path("f.png")) } throws: {
            "\($0)".hasPrefix("the head: ")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path("f.png")))
    }

    /// Every second sample of five: frames 0, 2 and 4, each the render at its sample.
    @Test func aTraceWritesEveryNthSample() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let trace = HeadTrace(samples: (0..<5).map { k in HeadSample(t: Double(k) / 60, position: Vec3(0.01 * Double(k) - 0.02, 0, 0.3)) })
        try TraceCSVWriter.write(trace, to: dir.path("t.csv"))
        let scene = try SceneRenderer(.cube(SceneSource.CubeSettings()), screen: screen)
        let projection = try OffAxisProjection(screen: screen)
        try FrameJob.trace(path: dir.path("t.csv"), every: 2, projection: projection, size: nil).render(scene, to: dir.path("frames"))
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path("frames")).sorted()
        #expect(files == ["frame-00000.png", "frame-00002.png", "frame-00004.png"])
        let read = try TraceCSVReader.read(contentsOf: dir.path("t.csv"))
        let expected = try scene.render(try projection.camera(head: read.samples[2].position), size: try FrameSize(width: 40, height: 86))
        #expect(try PNGCodec.read(contentsOf: FrameSequence.path(of: 2, in: dir.path("frames"))).pixels == expected.pixels)
    }

    /// A camera file renders at its own size from its own matrices.
    @Test func aCameraFileRendersItsMatrices() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let scene = try SceneRenderer(.cube(SceneSource.CubeSettings()), screen: screen)
        let projection = try OffAxisProjection(screen: screen)
        let camera = try projection.camera(head: Vec3(0.01, 0, 0.3))
        try CameraFile(camera: camera, screen: screen).json().write(toFile: dir.path("cam.json"), atomically: true, encoding: .utf8)
        try FrameJob.cameraFile(dir.path("cam.json")).render(scene, to: dir.path("c.png"))
        #expect(try PNGCodec.read(contentsOf: dir.path("c.png")).pixels == (try scene.render(try CameraFile.load(dir.path("cam.json")), from: "cam.json")).pixels)
    }
}
