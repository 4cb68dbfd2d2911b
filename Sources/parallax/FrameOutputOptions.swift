import ArgumentParser
import Foundation
import Imaging
import Projection
import Scenes
import Tracking

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

    /// Renders what the options ask for — one frame from a camera file, a sequence along a trace, or one
    /// frame at `--head` — and writes the PNG(s).
    func render(_ scene: SceneRenderer, camera: CameraOptions, view: OffAxisProjection.ViewPreset, time: Double = 0) throws {
        if let cameraFile {
            try PNGCodec.write(try scene.render(try CameraFile.load(cameraFile), from: cameraFile, time: time), to: output, options: scene.pngOptions)
            return
        }
        let projection = try camera.projection(view: view)
        let size = try self.size ?? FrameSize(of: projection.screen)
        if let path {
            let sequence = FrameSequence(trace: try TraceCSVReader.read(contentsOf: path), traceName: path, every: every)
            try sequence.render(scene, projection: projection, width: size.width, height: size.height, into: output)
            return
        }
        let frame = try scene.render(try projection.camera(head: camera.head, naming: "--head"), width: size.width, height: size.height, time: time)
        try PNGCodec.write(frame, to: output, options: scene.pngOptions)
    }
}
