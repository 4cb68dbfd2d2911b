/// Which rasterizer semantics a frame follows.
package enum SplatMode: String, CaseIterable, Sendable {
    /// The reference 3D Gaussian Splatting rasterizer (the ground truth).
    case inria
    /// What the app's renderer (MetalSplatter 1.0.1) does, hazards included.
    case metalsplatter
}
