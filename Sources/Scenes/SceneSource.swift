import Imaging
import Rendering
import Splatting

/// What a frame shows: the cube room or a Gaussian-splat scene, with every setting that changes pixels.
/// File paths are as the caller resolved them (relative to the working directory or to a suite file).
package enum SceneSource: Sendable {
    case cube(CubeSettings)
    case splat(SplatSettings)

    package struct CubeSettings: Sendable {
        package var room: RoomPreset
        /// A texture PNG per face; faces without one get the built-in orientation texture (reference look) or
        /// are black (app look, where a folder of PNGs is a video face).
        package var textures: [CubeRoom.Face: String]
        /// Reference look only: supersampling per axis (1, 2 or 4), texture filter, filtering in linear light.
        package var samples: Int
        package var filter: RasterOptions.Filter
        package var linearLight: Bool
        /// `reference` (unlit opaque room) or `app` (the app's SceneKit room, with `appLook`'s parameters).
        package var look: CubeLook
        package var appLook: AppLookParameters

        package init(room: RoomPreset = .screen, textures: [CubeRoom.Face: String] = [:], samples: Int = 1,
                    filter: RasterOptions.Filter = .bilinear, linearLight: Bool = false, look: CubeLook = .reference,
                    appLook: AppLookParameters = AppLookParameters()) {
            self.room = room
            self.textures = textures
            self.samples = samples
            self.filter = filter
            self.linearLight = linearLight
            self.look = look
            self.appLook = appLook
        }
    }

    package struct SplatSettings: Sendable {
        package var path: String
        package var mode: SplatMode
        package var placement: ScenePlacement
        /// `metalsplatter` only: MetalSplatter's float16 emulation, the drawable's pixel format, and in sequences
        /// the asynchronous sort's duration in trace samples (`FrameSequence.sortSample(for:lag:)`).
        package var halfPrecision: Bool
        package var drawable: SplatDrawableFormat
        package var sortLag: Int

        package init(path: String, mode: SplatMode = .inria, placement: ScenePlacement = ScenePlacement(), halfPrecision: Bool = true,
                    drawable: SplatDrawableFormat = .bgra8Unorm, sortLag: Int = 0) {
            self.path = path
            self.mode = mode
            self.placement = placement
            self.halfPrecision = halfPrecision
            self.drawable = drawable
            self.sortLag = sortLag
        }
    }
}
