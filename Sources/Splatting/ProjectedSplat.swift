import CSplatKernel

extension SplatRenderer {
    /// One splat after projection (pixel-index units: pixel i's centre is at i). A C struct, so that the
    /// `metalsplatter` kernel (`pxsplat_metal_tile`) reads the same records; its fields are documented there.
    typealias Projected = pxsplat_projected
}
