import Geometry
import Golden
import GoldenTesting
import Imaging
import Projection
import Testing
@testable import Splatting

/// Goldens of a small seeded synthetic scene (400 splats, SH degree 1, y-down like a capture, so --flip-y and
/// the default fit), iPhone 15 Pro screen at 118 × 256 px, the pinned (translate) camera, movement scale 1,
/// on-axis and 15 cm off-axis, in both modes. Record with `PARALLAX_RECORD=1 swift test --filter GoldenFrameTests`.
@Suite struct GoldenFrameTests {
    static let scene = SyntheticScene.make(count: 400, seed: 11, shDegree: 1)

    func frame(_ mode: SplatMode, head: Vec3) throws -> RGBAImage {
        let screen = try ScreenModel.device("iphone-15-pro")
        let projection = try OffAxisProjection(screen: screen, movementScale: 1, view: .translate)
        let camera = try SplatCamera(try projection.camera(head: head), size: try FrameSize(width: 118, height: 256))
        let model = try ScenePlacement(flipY: true).modelMatrix(for: Self.scene, screenWidth: screen.width, screenHeight: screen.height)
        return SplatRenderer.render(Self.scene, model: model, camera: camera, options: SplatRenderOptions(mode: mode, background: RGBA(16, 16, 24)))
    }

    func check(_ mode: SplatMode, head: Vec3, name: String, function: String = #function) throws {
        var configuration = GoldenTestConfiguration.fromEnvironment(test: function)
        configuration.parameters = GoldenParameters(
            renderer: "splat-\(mode.rawValue)", scene: "synthetic-400-seed11-sh1 (flip-y, fit)", headPose: [head.x, head.y, head.z],
            screen: "iPhone 15 Pro", version: "0.1.0", extra: ["movement-scale": "1", "view": "translate", "size": "118x256"])
        try expectFrame(try frame(mode, head: head), matchesGolden: name, configuration: configuration)
    }

    @Test(arguments: SplatMode.allCases)
    func syntheticSceneOnAxis(mode: SplatMode) throws {
        try check(mode, head: Vec3(0, 0, 0.35), name: "splat/\(mode.rawValue)-center")
    }

    @Test(arguments: SplatMode.allCases)
    func syntheticSceneOffAxis(mode: SplatMode) throws {
        try check(mode, head: Vec3(0.15, 0, 0.35), name: "splat/\(mode.rawValue)-offaxis-15cm")
    }
}
