import ArgumentParser
import Foundation
import Imaging
import Projection
import Scenes

/// The output options every renderer shares: frame size, background, an explicit camera file, a trace path
/// to render as a sequence, and where the PNGs go.
struct FrameOutputOptions: ParsableArguments {
    @Option(name: .long, help: "Frame size WxH in pixels (default: the screen's pixels).", transform: FrameSize.init(parsing:))
    var size: FrameSize?

    @Option(name: .long, help: "Background colour r,g,b (0–255). (default: 0,0,0)", transform: RGBA.init(parsing:))
    var background = RGBA(0, 0, 0)

    @Option(name: .customLong("camera"), help: "Camera file (JSON from `parallax project --json`) instead of screen/head options.")
    var cameraFile: String?

    @Option(name: .long, help: "Render a sequence from a trace CSV's samples.")
    var path: String?

    @Option(name: .long, help: "With --path: every N-th sample.")
    var every: Int = 1

    @Option(name: [.short, .long], help: "Output PNG (a directory with --path).")
    var output: String

    func validate() throws {
        guard every >= 1 else { throw ValidationError("--every: expected a whole number ≥ 1, found \(every)") }
        if cameraFile != nil && path != nil { throw ValidationError("give either --camera or --path, not both") }
    }

    /// What the options ask for: one frame from a camera file, a sequence along a trace, or one frame at `--head`.
    func job(camera: CameraOptions, on screen: ScreenModel, view: OffAxisProjection.ViewPreset) throws -> FrameJob {
        if let cameraFile { return .cameraFile(cameraFile) }
        let projection = try camera.projection(on: screen, view: view)
        if let path { return .trace(path: path, every: every, projection: projection, size: size) }
        return .head(camera.head, naming: "--head", projection: projection, size: size)
    }
}
