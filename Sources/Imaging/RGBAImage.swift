import Vocabulary

/// An 8-bit RGBA image: `pixels` holds `width × height × 4` bytes, row 0 is the top row, each row packed
/// left to right as R, G, B, A. Values are sRGB-encoded as stored in the frame (no gamma conversion).
public struct RGBAImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt8]

    /// A `width × height` image filled with one colour (opaque black by default).
    public init(width: Int, height: Int, fill: RGBA = RGBA(0, 0, 0, 255)) {
        precondition(width >= 0 && height >= 0, "image size must not be negative")
        self.width = width
        self.height = height
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        if fill != RGBA(0, 0, 0, 0) {
            pixels.withUnsafeMutableBufferPointer { buffer in
                var index = 0
                while index < buffer.count {
                    buffer[index] = fill.r; buffer[index + 1] = fill.g; buffer[index + 2] = fill.b; buffer[index + 3] = fill.a
                    index += 4
                }
            }
        }
        self.pixels = pixels
    }

    /// Wraps existing RGBA bytes; `pixels.count` must be `width × height × 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) throws {
        guard width >= 0, height >= 0, pixels.count == width * height * 4 else {
            throw ImagingError.invalidImage("RGBA buffer of \(pixels.count) bytes does not match \(width)×\(height)×4 = \(max(0, width * height * 4))")
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Builds an image by calling `color(x, y)` for every pixel (row by row, top first).
    public init(width: Int, height: Int, _ color: (Int, Int) -> RGBA) {
        self.init(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { self[x, y] = color(x, y) }
        }
    }

    public var pixelCount: Int { width * height }

    /// The pixel at column `x`, row `y` (row 0 = top).
    public subscript(x: Int, y: Int) -> RGBA {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
            let i = (y * width + x) * 4
            return RGBA(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
            let i = (y * width + x) * 4
            pixels[i] = newValue.r; pixels[i + 1] = newValue.g; pixels[i + 2] = newValue.b; pixels[i + 3] = newValue.a
        }
    }

    /// Fills the rectangle `x..<x+width, y..<y+height` (clipped to the image) with `color`.
    public mutating func fill(x: Int, y: Int, width w: Int, height h: Int, with color: RGBA) {
        let x0 = max(0, x), y0 = max(0, y), x1 = min(width, x + w), y1 = min(height, y + h)
        guard x0 < x1, y0 < y1 else { return }
        for row in y0..<y1 {
            for column in x0..<x1 { self[column, row] = color }
        }
    }
}

/// One 8-bit RGBA pixel.
public struct RGBA: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    public var description: String { "rgba(\(r), \(g), \(b), \(a))" }
}

extension RGBA {
    /// Parses an opaque colour `r,g,b` with each 0–255 (e.g. a background on the command line).
    public init(parsing text: String) throws {
        let parts = text.split(separator: ",").map { UInt8($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 3, let r = parts[0], let g = parts[1], let b = parts[2] else {
            throw FieldError(FieldPath(), expected: "r,g,b with each 0–255", found: "'\(text)'")
        }
        self.init(r, g, b)
    }
}
