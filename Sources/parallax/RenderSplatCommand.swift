import ArgumentParser
import Foundation
import Geometry
import Imaging
import Projection
import Splatting
import Tracking

struct RenderSplatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "splat",
        abstract: "Render a Gaussian-splat scene (.ply, .splat, .spz) through the off-axis projection to a PNG.",
        discussion: """
            --mode inria follows the reference 3DGS rasterizer (the ground truth); --mode metalsplatter does what \
            the app's renderer does (3σ quads, global back-to-front order by distance, SH degrees 0–3, colour^2.2 \
            blended and stored as is in the app's bgra8Unorm drawable (--drawable bgra8Unorm_srgb encodes), the \
            ±1.2·w guard-band cull, Jacobian clamp around the optical axis, float16 unless --float32; with \
            --path, --sort-lag N orders each frame by the pose N samples earlier). The PNG records the mode and \
            blending space in tEXt chunks. The camera defaults to the app's splat path (--view splat: lookAt \
            (0,0,-0.25)); --view translate gives the pinned (Kooima) camera.

            Placement: --place fit (default) centres the scene's robust bounding box (2nd–98th percentiles) on \
            the screen, puts its front face on the screen plane and scales it to fill the screen; --place none \
            uses the file's coordinates. --flip-y turns a y-down 3DGS capture upright (180° about x), \
            --rotate X,Y,Z (degrees, x first), --scale S and --translate X,Y,Z (meters) adjust it.

            --camera FILE renders from explicit matrices ({"width","height","projection","view","clip"}, as \
            `parallax project --json` prints). --path TRACE.csv renders every N-th sample of a trace into the \
            directory given by -o, as frame-00000.png ….

            Examples:
              parallax render splat scene.ply --flip-y --screen iphone-15-pro --head 0.15,0,0.35 -o frame.png
              parallax render splat scene.spz --mode metalsplatter --size 590x1278 --background 20,20,20 -o app.png
              parallax project --screen iphone-16-pro --head 0,0,0.4 --view splat --json > cam.json && parallax render splat scene.splat --camera cam.json -o f.png
              parallax render splat scene.ply --path Traces/sway.csv --every 10 --size 295x639 -o frames/
            """
    )

    @Argument(help: "Scene file: .ply (3DGS or point cloud), .splat or .spz (versions 1–3).")
    var scene: String

    @OptionGroup var camera: CameraOptions

    @OptionGroup var frame: FrameOutputOptions

    @Option(name: .long, help: "Rasterizer semantics: inria (reference 3DGS) or metalsplatter (the app's renderer).")
    var mode: SplatMode = .inria

    @Option(name: .long, help: "View matrix: splat (lookAt (0,0,-0.25), the app's splat path) or translate.")
    var view: CameraOptions.ViewChoice = .splat

    @Option(name: .long, help: "Placement: fit (robust bounding box fitted behind the screen) or none (file coordinates).")
    var place: String = "fit"

    @Option(name: .long, help: "Uniform scale applied after placement (multiplies the fit).")
    var scale: Double = 1

    @Option(name: .long, help: "Rotation X,Y,Z in degrees (applied x, then y, then z).")
    var rotate: String = "0,0,0"

    @Option(name: .long, help: "Translation X,Y,Z in meters, applied last.")
    var translate: String = "0,0,0"

    @Flag(name: .long, help: "Turn a y-down 3DGS capture upright (180° about x: y → −y, z → −z).")
    var flipY = false

    @Flag(name: .long, help: "metalsplatter mode: turn the float16 emulation off (storage, quad axes, alpha, blending in float32).")
    var float32 = false

    @Option(name: .long, help: "metalsplatter mode: drawable format, bgra8Unorm (the app's: stored as is) or bgra8Unorm_srgb (sRGB-encoded).")
    var drawable: SplatDrawableFormat = .bgra8Unorm

    @Option(name: .long, help: "metalsplatter mode with --path: order splats by the pose this many trace samples earlier (a stale asynchronous sort).")
    var sortLag: Int = 0


    func validate() throws {
        guard ["fit", "none"].contains(place) else { throw ValidationError("--place: expected fit or none, found '\(place)'") }
        guard (0...100_000).contains(sortLag) else { throw ValidationError("--sort-lag: expected 0…100000 samples, found \(sortLag)") }
        guard sortLag == 0 || (frame.path != nil && mode == .metalsplatter) else {
            throw ValidationError("--sort-lag: needs --path and --mode metalsplatter (a stale sort is an earlier pose's order)")
        }
    }

    func run() throws {
        do {
            try render()
        } catch let error as SplatError {
            throw InputError(error.description)
        } catch let error as ImagingError {
            throw InputError(error.description)
        }
    }

    private func render() throws {
        let splats = try SceneFile.load(scene)
        var options = SplatRenderOptions(mode: mode, background: try frame.backgroundColor(), halfPrecision: !float32, drawable: drawable)
        let placement = ScenePlacement(fit: place == "fit", scale: scale, rotationDegrees: try CameraOptions.vector(rotate, option: "--rotate"),
                                       translation: try CameraOptions.vector(translate, option: "--translate"), flipY: flipY)
        let screen = try camera.screenModel()
        let model = try placement.modelMatrix(for: splats, screenWidth: screen.width, screenHeight: screen.height)
        let text = metadata()
        if let cameraFile = frame.cameraFile {
            let file = try CameraJSON.load(cameraFile)
            let setup: SplatCamera
            do {
                setup = try SplatCamera(view: Mat4(rowArrays: file.view)!, projection: Mat4(rowArrays: file.projection)!,
                                        width: file.width, height: file.height, clip: ClipConvention(rawValue: file.clip)!)
            } catch let error as SplatError {
                throw InputError("\(cameraFile): \(error.description)")
            }
            let image = SplatRenderer.render(splats, model: model, camera: setup, options: options)
            try FramePNG.write(image, text: text, to: frame.output)
            return
        }
        let projection = try camera.projection(view: view)
        let (width, height) = try frame.frameSize(screen)
        if let path = frame.path {
            let trace = try TraceCSVReader.read(contentsOf: path)
            try FileManager.default.createDirectory(atPath: frame.output, withIntermediateDirectories: true)
            for index in stride(from: 0, to: trace.count, by: frame.every) {
                let setup = try projection.cameraSetup(head: trace.samples[index].position, what: "\(path): sample \(index + 1)")
                if sortLag > 0 {
                    let stale = max(0, index - sortLag)
                    options.sortEye = try SplatCamera(projection.cameraSetup(head: trace.samples[stale].position, what: "\(path): sample \(stale + 1)"),
                                                      width: width, height: height).eye
                }
                let image = SplatRenderer.render(splats, model: model, camera: try SplatCamera(setup, width: width, height: height), options: options)
                try FramePNG.write(image, text: text, to: frame.sequencePath(index))
            }
            return
        }
        let setup = try projection.cameraSetup(head: try camera.headPosition(), what: "--head")
        let image = SplatRenderer.render(splats, model: model, camera: try SplatCamera(setup, width: width, height: height), options: options)
        try FramePNG.write(image, text: text, to: frame.output)
    }

    private func metadata() -> [(String, String)] {
        [("Software", "ParallaxLab parallax render splat"), ("parallax.renderer", "splat"),
         ("parallax.splat-mode", mode.rawValue),
         ("parallax.blending", SplatRenderOptions(mode: mode, halfPrecision: !float32, drawable: drawable).blendingDescription),
         ("parallax.scene", (scene as NSString).lastPathComponent)]
    }

}

extension SplatMode: ExpressibleByArgument {}
extension SplatDrawableFormat: ExpressibleByArgument {}
