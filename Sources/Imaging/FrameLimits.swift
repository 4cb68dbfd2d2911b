/// The largest frame a renderer makes, checked before any pixel buffer is allocated: each side 1…16384
/// pixels and at most 2²⁴ pixels in all (4096 × 4096; 64 MiB of RGBA) — room for every iPhone and a 4K frame.
public enum FrameLimits {
    public static let maximumSide = 16_384
    public static let maximumPixels = 1 << 24

    /// Throws when width × height is not a frame size the renderers accept.
    public static func check(width: Int, height: Int) throws(FrameSizeError) {
        guard (1...maximumSide).contains(width), (1...maximumSide).contains(height), width * height <= maximumPixels else {
            throw FrameSizeError(width: width, height: height)
        }
    }
}

/// A frame size outside `FrameLimits`.
public struct FrameSizeError: Error, Equatable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String {
        "expected 1…\(FrameLimits.maximumSide) pixels per side and at most \(FrameLimits.maximumPixels) pixels "
            + "(e.g. 4096x4096), found \(width)x\(height)"
    }
}
