import Imaging
import Rendering
import Splatting

/// What a frame shows: the cube room or a Gaussian-splat scene, with every setting that changes pixels.
/// File paths are as the caller resolved them (relative to the working directory or to a suite file).
public enum SceneSource: Sendable {
    case cube(CubeSettings)
    case splat(SplatSettings)

    public struct CubeSettings: Sendable {
        public var room: RoomPreset
        /// A texture PNG per face; faces without one get the built-in orientation texture.
        public var textures: [CubeRoom.Face: String]
        /// Supersampling per axis: 1, 2 or 4.
        public var samples: Int
        public var filter: RasterOptions.Filter
        public var linearLight: Bool

        public init(room: RoomPreset = .screen, textures: [CubeRoom.Face: String] = [:], samples: Int = 1,
                    filter: RasterOptions.Filter = .bilinear, linearLight: Bool = false) {
            self.room = room
            self.textures = textures
            self.samples = samples
            self.filter = filter
            self.linearLight = linearLight
        }
    }

    public struct SplatSettings: Sendable {
        public var path: String
        public var mode: SplatMode
        public var placement: ScenePlacement
        /// `metalsplatter` only: float16 covariance, colour and opacity, as MetalSplatter stores them.
        public var halfPrecision: Bool

        public init(path: String, mode: SplatMode = .inria, placement: ScenePlacement = ScenePlacement(), halfPrecision: Bool = true) {
            self.path = path
            self.mode = mode
            self.placement = placement
            self.halfPrecision = halfPrecision
        }
    }
}
