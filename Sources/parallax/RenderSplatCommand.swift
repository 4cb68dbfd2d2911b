import ArgumentParser
import Foundation
import Geometry
import Projection
import Scenes
import Splatting

struct RenderSplatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "splat",
        abstract: "Render a Gaussian-splat scene (.ply, .splat, .spz) through the off-axis projection to a PNG.",
        discussion: """
            --mode inria follows the reference 3DGS rasterizer (the ground truth); --mode metalsplatter does what \
            the app's renderer does (3σ quads, global back-to-front order by distance, SH degrees 0–3, colour^2.2 \
            blended and stored as is in the app's bgra8Unorm drawable (--drawable bgra8Unorm_srgb encodes), the \
            ±1.2·w guard-band cull, Jacobian clamp around the optical axis, float16 unless --float32; with \
            --path, --sort-lag N makes the asynchronous sort take N samples: sorts start every N samples with that \
            sample's pose and each frame uses the newest finished one, computed once and reused). The PNG records the mode and \
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
    var view: OffAxisProjection.ViewPreset = .splat

    @Option(name: .long, help: "Placement: fit (robust bounding box fitted behind the screen) or none (file coordinates).")
    var place: ScenePlacement.Mode = .fit

    @Option(name: .long, help: "Uniform scale applied after placement (multiplies the fit).")
    var scale: Double = 1

    @Option(name: .long, help: "Rotation X,Y,Z in degrees (applied x, then y, then z). (default: 0,0,0)", transform: Vec3.init(parsing:))
    var rotate = Vec3.zero

    @Option(name: .long, help: "Translation X,Y,Z in meters, applied last. (default: 0,0,0)", transform: Vec3.init(parsing:))
    var translate = Vec3.zero

    @Flag(name: .long, help: "Turn a y-down 3DGS capture upright (180° about x: y → −y, z → −z).")
    var flipY = false

    @Flag(name: .long, help: "metalsplatter mode: turn the float16 emulation off (storage, quad axes, alpha, blending in float32).")
    var float32 = false

    @Option(name: .long, help: "metalsplatter mode: drawable format, bgra8Unorm (the app's: stored as is) or bgra8Unorm_srgb (sRGB-encoded).")
    var drawable: SplatDrawableFormat = .bgra8Unorm

    @Option(name: .long, help: "metalsplatter mode with --path: the asynchronous sort takes this many trace samples (each frame uses the newest finished sort, started at a multiple of N with that sample's pose).")
    var sortLag: Int = 0

    func validate() throws {
        guard (0...100_000).contains(sortLag) else { throw ValidationError("--sort-lag: expected 0…100000 samples, found \(sortLag)") }
        guard sortLag == 0 || (frame.path != nil && mode == .metalsplatter) else {
            throw ValidationError("--sort-lag: needs --path and --mode metalsplatter (a stale sort is an earlier pose's order)")
        }
    }

    func run() throws {
        let placement = ScenePlacement(fit: place == .fit, scale: scale, rotationDegrees: rotate, translation: translate, flipY: flipY)
        let settings = SceneSource.SplatSettings(path: scene, mode: mode, placement: placement, halfPrecision: !float32,
                                                 drawable: drawable, sortLag: sortLag)
        let screen = try camera.screenModel()
        let renderer = try SceneRenderer(.splat(settings), screen: screen, background: frame.background)
        let clock = ContinuousClock()
        let start = clock.now
        let frames = try frame.job(camera: camera, on: screen, view: view).render(renderer, to: frame.output)
        if frame.path != nil {
            // Sequences report their speed (stdout; the frames themselves never depend on it).
            let seconds = (clock.now - start).seconds
            print(String(format: "%d frames in %.2f s (%.2f frames/s)", frames, seconds, Double(frames) / max(seconds, 1e-9)) + " → \(frame.output)")
        }
    }
}

extension SplatMode: ExpressibleByArgument {}
extension ScenePlacement.Mode: ExpressibleByArgument {}
extension SplatDrawableFormat: ExpressibleByArgument {}
