extension SplatRenderer {
    /// One splat after projection (pixel-index units: pixel i's centre is at i).
    struct Projected {
        var mx: Float, my: Float
        // inria: conic (a, b, c) of the inverse covariance. metalsplatter: e1 (x, y), 1/√λ1, 1/√λ2.
        var q0: Float, q1: Float, q2: Float, q3: Float
        var opacity: Float
        var r: Float, g: Float, b: Float
        // Pixel-space half extents of the region where the splat can contribute.
        var ex: Float, ey: Float
        // Tile rectangle [tx0, tx1) × [ty0, ty1).
        var tx0: Int32, tx1: Int32, ty0: Int32, ty1: Int32
    }
}
