// The real capture (Tests/Fixtures/scenes/plant/plant.splat: 113,648 splats, SH 0, y-down) at full iPhone 15 Pro
// resolution in both modes, and a `render splat --path`-style PNG sequence through it at half resolution (frames/s).
import Foundation
import Geometry
import Imaging
import Projection
import Scenes
import Splatting
import Tracking

/// The committed capture, found from this file's place in the package.
let plantCapturePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/scenes/plant/plant.splat").path

func splatCaptureBenchmarks(directory: URL, selected: (String) -> Bool) throws {
    let screen = try ScreenModel.device("iphone-15-pro")
    let width = screen.pixelWidth, height = screen.pixelHeight
    // Pinned (translate) view, movement scale 1, head 3 cm right and 1 cm up at 35 cm; fit placement, flip-y.
    let projection = try OffAxisProjection(screen: screen, movementScale: 1, view: .translate)
    let head = Vec3(0.03, 0.01, 0.35)
    if selected("render splat plant frame") {
        let scene = try SceneFile.load(plantCapturePath)
        let model = try ScenePlacement(flipY: true).modelMatrix(for: scene, screenWidth: screen.width, screenHeight: screen.height)
        let camera = try SplatCamera(try projection.camera(head: head), size: try FrameSize(of: screen))
        for mode in SplatMode.allCases {
            var stats = SplatRenderStats(splats: 0, visible: 0, tileEntries: 0)
            measure("render splat plant frame 1179×2556 \(mode.rawValue)", repetitions: 5) {
                _ = SplatRenderer.render(scene, model: model, camera: camera, options: SplatRenderOptions(mode: mode), stats: &stats)
            }
            print("  visible \(stats.visible) of \(stats.splats), tile entries \(stats.tileEntries)")
        }
    }
    if selected("render splat plant explicit") {
        // The capture in its own coordinates (upright), 1.8 m in front of it through a 60° vertical field of view
        // at 1179×2556: the plant covers about a tenth of the frame (the "explicit camera" case).
        let scene = try SceneFile.load(plantCapturePath)
        let model = try ScenePlacement(fit: false, flipY: true).modelMatrix(for: scene, screenWidth: screen.width, screenHeight: screen.height)
        let f = 1 / Foundation.tan(Double.pi / 6), aspect = Double(width) / Double(height), near = 0.01, far = 100.0
        let projection = Mat4(f / aspect, 0, 0, 0, 0, f, 0, 0, 0, 0, (far + near) / (near - far), 2 * far * near / (near - far), 0, 0, -1, 0)
        let view = Mat4(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -1.8, 0, 0, 0, 1)
        let camera = try SplatCamera(view: view, projection: projection, size: try FrameSize(of: screen), clip: .openGL)
        for mode in SplatMode.allCases {
            var stats = SplatRenderStats(splats: 0, visible: 0, tileEntries: 0)
            measure("render splat plant explicit 1179×2556 \(mode.rawValue)", repetitions: 7) {
                _ = SplatRenderer.render(scene, model: model, camera: camera, options: SplatRenderOptions(mode: mode), stats: &stats)
            }
            print("  visible \(stats.visible) of \(stats.splats), tile entries \(stats.tileEntries)")
        }
    }
    for mode in SplatMode.allCases where selected("render splat plant sequence \(mode.rawValue)") {
        // 12 poses along a sway at half resolution (590×1278, the suite's plant frames), written as numbered PNGs:
        // what `render splat --path` does (Scenes.FrameSequence: the scene loaded once, frames on all cores, PNG
        // encoding overlapped).
        let frames = 12
        let samples = (0..<frames).map { k -> HeadSample in
            let phase = Double(k) / Double(frames) * 2 * Double.pi
            return HeadSample(t: Double(k) / 60, position: Vec3(0.04 * sin(phase), 0.01 * cos(phase), 0.35))
        }
        let output = directory.appendingPathComponent("plant-sequence-\(mode.rawValue)").path
        let placement = ScenePlacement(flipY: true)
        let renderer = try SceneRenderer(.splat(SceneSource.SplatSettings(path: plantCapturePath, mode: mode, placement: placement)),
                                         screen: screen)
        let time = try medianSeconds(repetitions: 3) {
            try FrameSequence(trace: HeadTrace(samples: samples), traceName: "sway", every: 1)
                .render(renderer, projection: projection, size: try FrameSize(width: width / 2, height: height / 2), into: output)
        }
        print(String(format: "%-46@ median %.3f s  (%.2f frames/s, %.0f ms per frame)",
                     "render splat plant sequence \(mode.rawValue) \(frames) × 590×1278 → PNG" as NSString, time,
                     Double(frames) / time, time / Double(frames) * 1000))
    }
}
