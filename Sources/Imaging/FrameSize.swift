import Vocabulary

/// A frame size in pixels, within the largest frame a renderer makes: each side 1…16384 pixels and at most 2²⁴
/// pixels in all (4096 × 4096; 64 MiB of RGBA) — room for every iPhone and a 4K frame. Checked once, where the size
/// enters (a `--size`, a screen's pixels, a suite frame, a camera file) and before any pixel buffer is allocated;
/// the renderers take it as given.
public struct FrameSize: TextParsable, Hashable, Sendable, CustomStringConvertible {
    public static let maximumSide = 16_384
    public static let maximumPixels = 1 << 24

    public let width: Int
    public let height: Int

    /// A size within the limits; the error names the `size` field.
    public init(width: Int, height: Int) throws(FieldError) {
        // The sides are bounded before they are multiplied, so the product cannot overflow.
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height), width * height <= Self.maximumPixels else {
            throw FieldError("size", expected: "1…\(Self.maximumSide) pixels per side and at most \(Self.maximumPixels) pixels (e.g. 4096x4096)",
                             found: "\(width)x\(height)")
        }
        self.width = width
        self.height = height
    }

    /// Parses `WxH` (case-insensitive x), as `--size` gives it.
    public init(parsing text: String) throws {
        let parts = text.lowercased().split(separator: "x").map { Int($0) }
        guard parts.count == 2, let w = parts[0], let h = parts[1], let size = try? FrameSize(width: w, height: h) else {
            throw FieldError(FieldPath(), expected: "WxH in pixels, 1…\(Self.maximumSide) each and at most \(Self.maximumPixels) pixels", found: "'\(text)'")
        }
        self = size
    }

    public var description: String { "\(width)x\(height)" }
}
