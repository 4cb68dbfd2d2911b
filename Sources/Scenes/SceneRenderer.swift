import Foundation
import Geometry
import Imaging
import Projection
import Rendering
import Splatting
import Vocabulary

/// A scene loaded for one screen, ready to render from any camera: the cube room with its textures, or a
/// splat scene with its placement. Used by `parallax render`, by suites and by the audit.
package struct SceneRenderer: Sendable {
    private enum Loaded: Sendable {
        case cube(CubeScene, RasterOptions)
        case appLook(AppLookScene)
        case splat(SplatScene, model: Mat4, SplatRenderOptions, sceneName: String)
    }

    private let loaded: Loaded
    /// How many trace samples a sequence's asynchronous splat sort takes (0: each frame sorted for its own pose);
    /// see `FrameSequence.sortSample(for:lag:)`.
    package let sortLag: Int

    /// Loads textures or the scene file; errors name the file and what was wrong with it.
    package init(_ source: SceneSource, screen: ScreenModel, background: RGBA = RGBA(0, 0, 0)) throws {
        switch source {
        case .cube(let cube) where cube.look == .app:
            var faces: [CubeRoom.Face: FaceMedia] = [:]
            for (face, path) in cube.textures { faces[face] = try FaceMedia.load(path, fps: cube.appLook.faceFPS) }
            loaded = .appLook(AppLookScene(room: cube.room.room(on: screen, zoom: cube.appLook.zoom), faces: faces,
                                           parameters: cube.appLook, background: background))
            sortLag = 0
        case .cube(let cube):
            var images: [CubeRoom.Face: RGBAImage] = [:]
            for (face, path) in cube.textures { images[face] = try PNGCodec.read(contentsOf: path) }
            let scene = CubeScene(room: cube.room.room(on: screen), images: images, mipmaps: cube.filter == .trilinear,
                                  linearLight: cube.linearLight)
            let options = RasterOptions(samples: cube.samples, filter: cube.filter,
                                        filteringSpace: cube.linearLight ? .linear : .encoded, background: background)
            loaded = .cube(scene, options)
            sortLag = 0
        case .splat(let splat):
            let scene = try SceneFile.load(splat.path)
            let model = try splat.placement.modelMatrix(for: scene, screenWidth: screen.width, screenHeight: screen.height)
            let options = SplatRenderOptions(mode: splat.mode, background: background, halfPrecision: splat.halfPrecision,
                                             drawable: splat.drawable)
            loaded = .splat(scene, model: model, options, sceneName: (splat.path as NSString).lastPathComponent)
            sortLag = splat.sortLag
        }
    }

    /// The frame seen through `camera` (the app's off-axis camera for a head pose), `size` pixels, at `time`
    /// seconds (video faces); `metalsplatter` splats in `sortOrder` when given (a stale asynchronous sort, from
    /// `splatOrder(for:size:)`).
    package func render(_ camera: CameraSetup, size: FrameSize, time: Double = 0, sortOrder: SplatOrder? = nil) throws -> RGBAImage {
        try render(view: camera.view, projection: camera.projection, clip: camera.clip, size: size, time: time, sortOrder: sortOrder)
    }

    /// The `metalsplatter` sort order for `camera`'s eye, to be reused by the frames that use that sort; nil for
    /// other scenes and modes (they have no asynchronous sort).
    package func splatOrder(for camera: CameraSetup, size: FrameSize) throws -> SplatOrder? {
        guard case .splat(let scene, let model, let options, _) = loaded, options.mode == .metalsplatter else { return nil }
        let eye = try SplatCamera(camera, size: size).eye
        return SplatOrder(scene: scene, model: model, eye: eye)
    }

    /// The frame seen through the matrices of a camera file (read from `path`), at its size (checked here: the
    /// file's own check cannot see the frame limits).
    package func render(_ file: CameraFile, from path: String, time: Double = 0) throws -> RGBAImage {
        do {
            return try render(view: file.viewMatrix, projection: file.projectionMatrix, clip: file.clipConvention,
                              size: try FrameSize(width: file.width, height: file.height), time: time, sortOrder: nil)
        } catch {
            throw SceneError("\(path): \(error)")
        }
    }

    private func render(view: Mat4, projection: Mat4, clip: ClipConvention, size: FrameSize, time: Double,
                        sortOrder: SplatOrder?) throws -> RGBAImage {
        switch loaded {
        case .cube(let scene, var options):
            options.depthRange = clip == .metal ? .zeroToOne : .negativeOneToOne
            return try scene.renderValidated(clipFromWorld: projection * view, size: size, options: options)
        case .appLook(let scene):
            // The eye the view matrix holds, not `CameraSetup.eye`: for a lookAt view the two differ in the last bits,
            // and the frames (goldens) are made with this one; a camera file has only the matrix.
            guard let eye = view.inverse?.transform(point: .zero).xyz else { throw FieldError("camera.view", expected: "an invertible matrix") }
            return scene.render(clipFromWorld: projection * view, eye: eye, width: size.width, height: size.height, time: time)
        case .splat(let scene, let model, let options, _):
            let camera = try SplatCamera(view: view, projection: projection, size: size, clip: clip)
            return SplatRenderer.render(scene, model: model, camera: camera, options: options, order: sortOrder)
        }
    }

    /// How the frames are written: splat frames record their renderer, mode and blending in `tEXt` chunks.
    package var pngOptions: PNGWriteOptions {
        switch loaded {
        case .cube, .appLook: return PNGWriteOptions()
        case .splat(_, _, let options, let sceneName):
            return PNGWriteOptions(text: [
                PNGText("Software", "ParallaxLab parallax render splat"), PNGText("parallax.renderer", "splat"),
                PNGText("parallax.splat-mode", options.mode.rawValue), PNGText("parallax.blending", options.blendingDescription),
                PNGText("parallax.scene", sceneName),
            ])
        }
    }

    /// Sequences of reference cube frames are written as RGB (opaque) with zlib level 1 and the Up filter, the
    /// fastest to encode of the choices measured on cube frames (`parallax-bench "render cube sequence"`); the
    /// others as single frames.
    package var sequencePNGOptions: PNGWriteOptions {
        switch loaded {
        case .cube: return PNGWriteOptions(channels: .rgb, compressionLevel: 1, filters: .up)
        case .appLook, .splat: return pngOptions
        }
    }
}
