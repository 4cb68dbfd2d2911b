import Geometry
import Imaging
import Vocabulary

extension CubeScene {
    /// Checks what `render(clipFromWorld:width:height:options:)` is given before any pixel work (the frame size is
    /// a `FrameSize`, checked already): a room of positive finite sizes, a finite matrix, and that the room's
    /// triangles clip to vertices in front of the eye with finite screen positions (a matrix with huge entries can
    /// lose the clipped w to rounding). The rasterizer itself assumes these, so callers with outside input
    /// (files, command lines) check first.
    package func validate(clipFromWorld: Mat4, depthRange: ClipDepthRange = .negativeOneToOne) throws(FieldError) {
        for (name, value) in [("width", room.width), ("height", room.height), ("depth", room.depth)] where !(value.isFinite && value > 0) {
            throw FieldError(FieldPath([.key("room \(name)")]), expected: "a positive finite size in meters", found: "\(value)")
        }
        guard clipFromWorld.isFinite else {
            throw FieldError("camera", expected: "a finite projection · view matrix")
        }
        for triangle in room.clipTriangles(clipFromWorld: clipFromWorld) {
            for v in PolygonClipper.clip(triangle, depthRange: depthRange) {
                // Inside the guard band (with room for rounding), so the rasterizer's fixed point holds it.
                let limit = 2 * PolygonClipper.guardBand
                guard v.w > 0, abs(v.x / v.w) <= limit, abs(v.y / v.w) <= limit, (v.z / v.w).isFinite else {
                    throw FieldError("camera", expected: "a projection · view matrix that is not too ill-conditioned for the room",
                                     found: "a clipped vertex at w = \(v.w), x/w = \(v.x / v.w)")
                }
            }
        }
    }
}

extension CubeScene {
    /// `validate` then `render`: the entry point for input from outside.
    package func renderValidated(clipFromWorld: Mat4, size: FrameSize,
                                options: RasterOptions = RasterOptions()) throws(FieldError) -> RGBAImage {
        try validate(clipFromWorld: clipFromWorld, depthRange: options.depthRange)
        return render(clipFromWorld: clipFromWorld, width: size.width, height: size.height, options: options)
    }
}
