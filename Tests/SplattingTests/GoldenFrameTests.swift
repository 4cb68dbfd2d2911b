import Geometry
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
        let camera = try SplatCamera(try projection.camera(head: head), width: 118, height: 256)
        let model = try ScenePlacement(flipY: true).modelMatrix(for: Self.scene, screenWidth: screen.width, screenHeight: screen.height)
        return SplatRenderer.render(Self.scene, model: model, camera: camera, options: SplatRenderOptions(mode: mode, background: RGBA(16, 16, 24)))
    }

    @Test(arguments: SplatMode.allCases)
    func syntheticSceneOnAxis(mode: SplatMode) throws {
        try expectFrame(try frame(mode, head: Vec3(0, 0, 0.35)), matchesGolden: "splat/\(mode.rawValue)-center")
    }

    @Test(arguments: SplatMode.allCases)
    func syntheticSceneOffAxis(mode: SplatMode) throws {
        try expectFrame(try frame(mode, head: Vec3(0.15, 0, 0.35)), matchesGolden: "splat/\(mode.rawValue)-offaxis-15cm")
    }
}
