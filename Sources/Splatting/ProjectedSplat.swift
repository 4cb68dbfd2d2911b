import CSplatKernel

extension SplatRenderer {
    /// One splat after projection (pixel-index units: pixel i's centre is at i). A C struct, so that the
    /// `metalsplatter` kernel (`pxsplat_metal_tile`) reads the same records; its fields are documented there.
    typealias Projected = pxsplat_projected
}

extension SplatRenderer.Projected {
    /// Whether the rasterizer can use this record: a finite centre, conic or axes, opacity and colour, and
    /// extents that are not NaN (an infinite extent only means "covers the frame").
    var isRenderable: Bool {
        mx.isFinite && my.isFinite && !ex.isNaN && !ey.isNaN
            && q0.isFinite && q1.isFinite && q2.isFinite && q3.isFinite
            && opacity.isFinite && r.isFinite && g.isFinite && b.isFinite
    }
}
