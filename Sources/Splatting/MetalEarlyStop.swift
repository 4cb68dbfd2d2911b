/// When the `metalsplatter` rasterizer may stop walking a pixel's splats front to back.
///
/// The app blends back to front with no early stop. The colour a pixel has after the splats behind splat j is at
/// most the largest colour c_max blended so far (a convex combination of splat colours and the start value), and
/// the splats from j on scale it by Π(1 − α) (the derivative of the blend's affine steps). Once
/// T = Π|1 − α| < threshold = (½ level) / (c_max · slope), what lies behind moves the stored value by less than
/// half a level of the 8-bit drawable: slope 1 for `bgra8Unorm`, 12.92 (the sRGB encoding's steepest slope,
/// near 0) for `_srgb`. The float16 roundings of the remaining blend steps can turn such a difference into one
/// level at a rounding boundary; `RendererTests` measures the frames against the full back-to-front blend.
enum MetalEarlyStop {
    /// Half a level of an 8-bit store.
    static let halfLevel: Float = 0.5 / 255

    static func threshold(largestColour: Float, drawable: SplatDrawableFormat) -> Float {
        let slope: Float = drawable == .bgra8Unorm ? 1 : 12.92
        // NaN or infinite colours: never stop (every splat is blended, as the app does).
        guard largestColour.isFinite else { return 0 }
        return largestColour > 0 ? halfLevel / (largestColour * slope) : 1
    }
}
