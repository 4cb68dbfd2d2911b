import Geometry
import Imaging

extension CubeScene {
    /// Checks what `render(clipFromWorld:width:height:options:)` is given before any pixel work: the frame
    /// size (`FrameLimits`), a room of positive finite sizes and a finite matrix. The rasterizer itself
    /// assumes these, so callers with outside input (files, command lines) check first.
    public func validate(clipFromWorld: Mat4, width: Int, height: Int) throws(CubeInputError) {
        do {
            try FrameLimits.check(width: width, height: height)
        } catch {
            throw CubeInputError(field: "size", error.description)
        }
        for (name, value) in [("width", room.width), ("height", room.height), ("depth", room.depth)] where !(value.isFinite && value > 0) {
            throw CubeInputError(field: "room \(name)", "expected a positive finite size in meters, found \(value)")
        }
        guard clipFromWorld.isFinite else {
            throw CubeInputError(field: "camera", "expected a finite projection · view matrix")
        }
    }
}

/// Input the cube renderer cannot use: `FIELD: MESSAGE`.
public struct CubeInputError: Error, Equatable, CustomStringConvertible {
    public var field: String
    public var message: String

    public init(field: String, _ message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}

extension CubeScene {
    /// `validate` then `render`: the entry point for input from outside.
    public func renderValidated(clipFromWorld: Mat4, width: Int, height: Int,
                                options: RasterOptions = RasterOptions()) throws(CubeInputError) -> RGBAImage {
        try validate(clipFromWorld: clipFromWorld, width: width, height: height)
        return render(clipFromWorld: clipFromWorld, width: width, height: height, options: options)
    }
}
