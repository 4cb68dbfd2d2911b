import Geometry
import Plumbing
import Imaging
import Vocabulary

extension CubeScene {
    /// Checks what `render(clipFromWorld:width:height:options:)` is given before any pixel work: the frame
    /// size (`FrameLimits`), a room of positive finite sizes, a finite matrix, and that the room's triangles
    /// clip to vertices in front of the eye with finite screen positions (a matrix with huge entries can
    /// lose the clipped w to rounding). The rasterizer itself assumes these, so callers with outside input
    /// (files, command lines) check first.
    package func validate(clipFromWorld: Mat4, width: Int, height: Int,
                         depthRange: ClipDepthRange = .negativeOneToOne) throws(FieldError) {
        do {
            try FrameLimits.check(width: width, height: height)
        } catch {
            throw FieldError("size", expected: "1…\(FrameLimits.maximumSide) pixels per side and at most \(FrameLimits.maximumPixels) pixels (e.g. 4096x4096)",
                             found: "\(error.width)x\(error.height)")
        }
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
    package func renderValidated(clipFromWorld: Mat4, width: Int, height: Int,
                                options: RasterOptions = RasterOptions()) throws(FieldError) -> RGBAImage {
        try validate(clipFromWorld: clipFromWorld, width: width, height: height, depthRange: options.depthRange)
        return render(clipFromWorld: clipFromWorld, width: width, height: height, options: options)
    }
}
