import Foundation
import Geometry
import Imaging
import Projection
import Rendering
import Splatting

/// A scene loaded for one screen, ready to render from any camera: the cube room with its textures, or a
/// splat scene with its placement. Used by `parallax render`, by suites and by the audit.
public struct SceneRenderer: Sendable {
    private enum Loaded: Sendable {
        case cube(CubeScene, RasterOptions)
        case splat(SplatScene, model: Mat4, SplatRenderOptions, sceneName: String)
    }

    private let loaded: Loaded

    /// Loads textures or the scene file; errors name the file and what was wrong with it.
    public init(_ source: SceneSource, screen: ScreenModel, background: RGBA = RGBA(0, 0, 0)) throws {
        switch source {
        case .cube(let cube):
            var images: [CubeRoom.Face: RGBAImage] = [:]
            for (face, path) in cube.textures { images[face] = try PNGCodec.read(contentsOf: path) }
            let scene = CubeScene(room: cube.room.room(on: screen), images: images, mipmaps: cube.filter == .trilinear,
                                  linearLight: cube.linearLight)
            let options = RasterOptions(samples: cube.samples, filter: cube.filter,
                                        filteringSpace: cube.linearLight ? .linear : .encoded, background: background)
            loaded = .cube(scene, options)
        case .splat(let splat):
            let scene = try SceneFile.load(splat.path)
            let model = try splat.placement.modelMatrix(for: scene, screenWidth: screen.width, screenHeight: screen.height)
            let options = SplatRenderOptions(mode: splat.mode, background: background, halfPrecision: splat.halfPrecision)
            loaded = .splat(scene, model: model, options, sceneName: (splat.path as NSString).lastPathComponent)
        }
    }

    /// The frame seen through `camera` (the app's off-axis camera for a head pose), width × height pixels.
    public func render(_ camera: CameraSetup, width: Int, height: Int) throws -> RGBAImage {
        try render(view: camera.view, projection: camera.projection, clip: camera.clip, width: width, height: height)
    }

    /// The frame seen through the matrices of a camera file (read from `path`), at its size.
    public func render(_ file: CameraFile, from path: String) throws -> RGBAImage {
        do {
            return try render(view: file.viewMatrix, projection: file.projectionMatrix, clip: file.clipConvention,
                              width: file.width, height: file.height)
        } catch let error as SplatError {
            throw SceneError("\(path): \(error.description)")
        }
    }

    private func render(view: Mat4, projection: Mat4, clip: ClipConvention, width: Int, height: Int) throws -> RGBAImage {
        switch loaded {
        case .cube(let scene, var options):
            options.depthRange = clip == .metal ? .zeroToOne : .negativeOneToOne
            return scene.render(clipFromWorld: projection * view, width: width, height: height, options: options)
        case .splat(let scene, let model, let options, _):
            let camera = try SplatCamera(view: view, projection: projection, width: width, height: height, clip: clip)
            return SplatRenderer.render(scene, model: model, camera: camera, options: options)
        }
    }

    /// How the frames are written: splat frames record their renderer, mode and blending in `tEXt` chunks.
    public var pngOptions: PNGWriteOptions {
        switch loaded {
        case .cube: return PNGWriteOptions()
        case .splat(_, _, let options, let sceneName):
            return PNGWriteOptions(text: [
                PNGText("Software", "ParallaxLab parallax render splat"), PNGText("parallax.renderer", "splat"),
                PNGText("parallax.splat-mode", options.mode.rawValue), PNGText("parallax.blending", options.blendingDescription),
                PNGText("parallax.scene", sceneName),
            ])
        }
    }

    /// Sequences of cube frames are written as RGB (their alpha is always opaque); splat frames as single frames.
    public var sequencePNGOptions: PNGWriteOptions {
        switch loaded {
        case .cube: return PNGWriteOptions(channels: .rgb)
        case .splat: return pngOptions
        }
    }
}
