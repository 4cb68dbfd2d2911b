import Geometry
import Golden
import GoldenTesting
import Imaging
import Projection
import Testing
@testable import Rendering

/// Golden frames of the cube room (1/8 of iPhone 15 Pro resolution) for a handful of head poses, through the
/// app's projection. Record (after looking at the frames) with `PARALLAX_RECORD=1 swift test --filter CubeGoldenTests`.
@Suite struct CubeGoldenTests {
    static let poses: [(name: String, head: Vec3, room: String)] = [
        ("cube/screen-center", Vec3(0, 0, 0.35), "screen"),
        ("cube/screen-right-up", Vec3(0.03, 0.02, 0.30), "screen"),
        ("cube/screen-left-down-near", Vec3(-0.04, -0.03, 0.22), "screen"),
        ("cube/app-cube-offset", Vec3(0.05, -0.02, 0.40), "app-cube"),
    ]

    @Test(arguments: poses.map(\.name))
    func cubeFrameMatchesItsGolden(name: String) throws {
        let pose = Self.poses.first { $0.name == name }!
        let screen = try ScreenModel.device("iphone-15-pro")
        let room: CubeRoom = pose.room == "screen" ? .screen(width: screen.width, height: screen.height) : .appCube
        let camera = try OffAxisProjection(screen: screen).camera(head: pose.head)
        let frame = CubeScene(room: room).render(clipFromWorld: camera.viewProjection,
                                                  width: screen.pixelWidth / 8, height: screen.pixelHeight / 8,
                                                  options: RasterOptions(samples: 2))
        var configuration = GoldenTestConfiguration.fromEnvironment(test: "CubeGoldenTests")
        configuration.parameters = GoldenParameters(renderer: "cube (2×2 supersampled)", scene: pose.room,
                                                    headPose: [pose.head.x, pose.head.y, pose.head.z],
                                                    screen: "iphone-15-pro 1/8 (\(frame.width)x\(frame.height)), movement scale 1.5",
                                                    version: "0.1.0")
        try expectFrame(frame, matchesGolden: name, tolerance: try Tolerance(parsing: "max-channel-diff=2,max-over-fraction=0.0005,min-ssim=0.98"),
                        configuration: configuration)
    }
}
