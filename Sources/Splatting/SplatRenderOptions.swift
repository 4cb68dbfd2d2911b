import Geometry
import Imaging

/// Renderer settings.
package struct SplatRenderOptions: Sendable, Equatable {
    package var mode: SplatMode
    /// Background colour (sRGB-encoded bytes; alpha ignored, frames are opaque).
    package var background: RGBA
    /// `metalsplatter` only: round covariance, colour and opacity to float16 as MetalSplatter stores them, and
    /// emulate the shader's half arithmetic (quad axes, fragment alpha, the multi-stage path's blending).
    package var halfPrecision: Bool
    /// `metalsplatter` only: the drawable's pixel format (the app's is `bgra8Unorm`).
    package var drawable: SplatDrawableFormat
    /// `metalsplatter` only: the eye (world) whose squared distances order the splats — the pose of the newest
    /// completed asynchronous sort. nil: this frame's own eye.
    package var sortEye: Vec3?
    /// Work units: tiles per parallel task and splats per preprocessing chunk. Tuning knobs only: the
    /// frame never depends on them (nor on the number of threads).
    package var tilesPerTask: Int
    package var splatsPerChunk: Int
    /// Centre of the Jacobian clamp: true the off-axis frustum's centre, false the optical axis; nil the mode's
    /// own (`inria` frustum-centred, `metalsplatter` axis-centred). For the audit's jacobian-clamp check.
    package var frustumCentredClamp: Bool? = nil
    /// `metalsplatter` only: stop walking a pixel's splats once what lies behind cannot move its stored byte by half
    /// a level (`MetalEarlyStop`); false blends every splat (the app's full back-to-front pass, for comparison).
    package var metalEarlyStop: Bool = true

    package init(mode: SplatMode = .inria, background: RGBA = RGBA(0, 0, 0), halfPrecision: Bool = true,
                tilesPerTask: Int = 4, splatsPerChunk: Int = 8192, drawable: SplatDrawableFormat = .bgra8Unorm, sortEye: Vec3? = nil) {
        self.mode = mode
        self.background = background
        self.halfPrecision = halfPrecision
        self.drawable = drawable
        self.sortEye = sortEye
        self.tilesPerTask = tilesPerTask
        self.splatsPerChunk = splatsPerChunk
    }

    /// What the frame's pixels mean, for its metadata.
    package var blendingDescription: String {
        switch mode {
        case .inria: return "colour values blended as stored (display-referred), written as 8-bit (x·255 + 0.5, clamped)"
        case .metalsplatter:
            let store = drawable == .bgra8Unorm ? "stored as is (bgra8Unorm, no re-encoding)" : "sRGB-encoded (bgra8Unorm_srgb)"
            let precision = halfPrecision ? "; float16 storage, quad axes, alpha and multi-stage blending (from black)" : "; float32 over the clear colour"
            return "colour^2.2 blended, \(store)\(precision)"
        }
    }
}
