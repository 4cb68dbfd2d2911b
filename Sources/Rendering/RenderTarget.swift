/// An 8-bit RGBA frame being rendered: row 0 is the top row, 4 bytes per pixel, rows packed.
public struct RenderTarget: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, fill: RGBA8 = RGBA8(0, 0, 0, 255)) {
        precondition(width > 0 && height > 0, "a frame needs a positive size")
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) {
            pixels[4 * i] = fill.r
            pixels[4 * i + 1] = fill.g
            pixels[4 * i + 2] = fill.b
            pixels[4 * i + 3] = fill.a
        }
    }

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "RGBA8 pixels must hold width × height × 4 bytes")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public func pixel(_ x: Int, _ y: Int) -> RGBA8 {
        let i = 4 * (y * width + x)
        return RGBA8(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}

/// An 8-bit sRGB-encoded colour with alpha.
public struct RGBA8: Hashable, Sendable, CustomStringConvertible {
    public var r, g, b, a: UInt8
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }
    public var description: String { "(\(r), \(g), \(b), \(a))" }
}
