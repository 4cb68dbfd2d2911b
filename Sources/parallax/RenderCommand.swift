import AppReplay
import ArgumentParser
import Audit
import Rendering
import Scenes
import Tracking
import Vocabulary

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render reference frames in software (deterministic, device resolution).",
        subcommands: [RenderCubeCommand.self, RenderSplatCommand.self]
    )
}

struct RenderCubeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cube",
        abstract: "Render the app's cube room through the off-axis projection to a PNG.",
        discussion: """
            The room: an opening of W × H at z = 0 and a box D deep behind it, a texture on each of its five \
            inner faces (built-in orientation textures unless --texture is given). Presets: screen (the \
            opening is the screen, depth = its height), app-cube (0.30 × 0.30 m, depth 0.30 m), app-portrait \
            (0.22 × 0.42 m, depth 0.30 m), or W,H,D in meters. --size defaults to the screen's pixels.

            --camera FILE renders from explicit matrices instead ({"width","height","projection","view", \
            "clip"}, as `parallax project --json` prints). --path TRACE.csv renders every N-th sample of a \
            trace (positions as recorded) into the directory given by -o, as frame-00000.png ….

            Examples:
              parallax render cube --screen iphone-15-pro --head 0.02,0.01,0.35 -o frame.png
              parallax render cube --room app-cube --texture back=photo.png --samples 4 -o aa.png
              parallax project --screen iphone-16-pro --head 0,0,0.4 --json > cam.json && parallax render cube --camera cam.json -o f.png
              parallax render cube --path Traces/sway.csv --every 10 --size 295x639 -o frames/
              parallax render cube --look app --room app-cube --texture back=clip-frames/ --head 0.05,0,0.4 -o app.png

            --look app draws the room as the app's SceneKit view does: black (or photo/video) faces at 50 % \
            opacity composited back to front, lit by the app's ambient 600 + directional 400 lights through a \
            documented PBR model (--app-look overrides every parameter), 12 white edge cylinders of 2 mm, 4× \
            MSAA at Metal's standard sample positions. A --texture folder of PNGs is a video face at face-fps.

            --app-source DIR draws the scene the app's own code builds instead (its CubeSceneController replayed on \
            the simulated --screen: faces, edges, materials, lights and camera from the recorded scene graph; the \
            look is app). --head is then the face position the simulated ARKit reports, held still at 60 Hz until \
            --time or the last event, the last frame drawn; --path feeds a trace's samples (its attitude drives the \
            motion effects when it has one). --events NAME[=VALUE]@SECONDS,…: recenter (the reset button), \
            reset-view, room=cube|portrait, zoom=S, wobble|inertia|bounce|line-wobble|line-inertia|line-bounce=on|off.
              parallax render cube --app-source ../Splat-Frame --screen iphone-15-pro --screen-source app-table --head 0.05,0.02,0.4 -o app-code.png
            """
    )

    @OptionGroup var camera: CameraOptions

    @OptionGroup var frame: FrameOutputOptions

    @OptionGroup var platform: PlatformOptions

    @Option(name: .long, help: "Room: screen, app-cube, app-portrait or W,H,D in meters. (default: screen)", transform: RoomPreset.init(parsing:))
    var room = RoomPreset.screen

    @Option(name: .long, help: "Face texture FACE=PATH.png (faces: back, left, right, top, bottom); repeatable.", transform: FaceTexture.init(parsing:))
    var texture: [FaceTexture] = []

    @Option(name: .long, help: "Supersampling per axis: 1, 2 (2×2) or 4 (4×4).")
    var samples: Int = 1

    @Option(name: .long, help: "Texture filter: bilinear (no mipmaps) or trilinear (mipmapped).")
    var filter: RasterOptions.Filter = .bilinear

    @Flag(name: .long, help: "Filter in linear light (sRGB decode → filter → encode) instead of on encoded values.")
    var linearLight = false

    @Option(name: .long, help: "Look: reference (unlit opaque textured room) or app (the app's SceneKit room: 50 % transparent lit faces, edge cylinders, 4× MSAA).")
    var look: CubeLook = .reference

    @Option(name: .long, help: "--look app: parameter overrides key=value,… (opacity, ambient, directional, light-pitch, light-yaw, light-roll, f0, roughness, edge-radius, edge-intensity, zoom, face-fps).",
            transform: AppLookParameters.parse)
    var appLook: AppLookParameters?

    @Option(name: .long, help: "--look app: frame time in seconds for image-sequence faces (with --path: each sample's time since the first).")
    var time: Double = 0

    @Option(name: .long, help: "Draw the scene the app's own code builds: the app's source folder (needs CubeSceneController.swift, MotionEffectsService.swift, CubeFaceContent.swift and the head-to-camera files).")
    var appSource: String?

    @Option(name: .long, help: "--app-source: events NAME[=VALUE]@SECONDS,… (recenter, reset-view, room=cube|portrait, zoom=S, wobble|inertia|bounce|line-wobble|line-inertia|line-bounce=on|off).")
    var events: String?

    func validate() throws {
        if appSource != nil {
            guard frame.cameraFile == nil else { throw ValidationError("--camera: the app's scene has its own camera (give --head or --path with --app-source)") }
            guard room == .screen, texture.isEmpty, look == .reference || look == .app else {
                throw ValidationError("--room, --texture: with --app-source the room is the app's own")
            }
            var shading = AppLookParameters()
            shading.f0 = appLook?.f0 ?? shading.f0
            shading.roughness = appLook?.roughness ?? shading.roughness
            guard appLook == nil || appLook == shading else {
                throw ValidationError("--app-look: with --app-source only f0 and roughness apply (the rest comes from the app's scene)")
            }
        } else {
            guard events == nil else { throw ValidationError("--events: applies to --app-source only") }
        }
        guard [1, 2, 4].contains(samples) else { throw ValidationError("--samples: expected 1, 2 or 4, found \(samples)") }
        guard time.isFinite, time >= 0 else { throw ValidationError("--time: expected seconds ≥ 0, found \(time)") }
        guard look == .reference || (samples == 1 && filter == .bilinear && !linearLight) else {
            throw ValidationError("--samples, --filter and --linear-light apply to --look reference (--look app has its own 4× MSAA, bilinear in linear light)")
        }
        guard look == .app || appLook == nil || appSource != nil else { throw ValidationError("--app-look: applies to --look app only") }
    }

    func run() throws {
        if let appSource { return try runAppSource(appSource) }
        _ = try platform.platform(appSource: nil)
        let settings = SceneSource.CubeSettings(room: room, textures: Dictionary(texture.map { ($0.face, $0.path) }) { _, last in last },
                                                samples: samples, filter: filter, linearLight: linearLight, look: look,
                                                appLook: appLook ?? AppLookParameters())
        let screen = try camera.screenModel()
        let scene = try SceneRenderer(.cube(settings), screen: screen, background: frame.background)
        try frame.job(camera: camera, on: screen, view: .translate).render(scene, time: time, to: frame.output)
    }
}

extension RenderCubeCommand {
    /// `--app-source`: the app's own scene, replayed and drawn.
    func runAppSource(_ appSource: String) throws {
        let screen = try camera.screenModel()
        let platform = try platform.platform(appSource: appSource)
        do {
            let parsedEvents = try events.map(SceneEvents.init(parsing:)) ?? SceneEvents()
            let poses: AppSceneFrames.Poses
            if let path = frame.path {
                poses = .trace(try TraceCSVReader.read(contentsOf: path), name: path, every: frame.every)
            } else {
                poses = .still(camera.head, until: max(time, parsedEvents.events.last?.t ?? 0))
            }
            try AppSceneFrames.write(appSource: appSource, screen: screen, poses: poses, events: parsedEvents, size: frame.size,
                                     background: frame.background, parameters: appLook ?? AppLookParameters(), to: frame.output, platform: platform)
        } catch let error as FieldError {
            throw error.naming(flags: ["screen": "--screen", "events": "--events"])
        }
    }
}

extension RasterOptions.Filter: ExpressibleByArgument {}
extension CubeLook: ExpressibleByArgument {}
