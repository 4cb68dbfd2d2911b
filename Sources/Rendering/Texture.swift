import Foundation

/// An RGBA8 texture (row 0 = top, u = 0 the left column, v = 0 the top row) with what sampling needs:
/// an optional mip pyramid (2×2 box filtered) and, for linear-light filtering, the texels decoded to
/// linear floats. Sampling: bilinear, clamp-to-edge, texel (i, j) centred at ((i + ½)/w, (j + ½)/h).
public struct Texture: Sendable {
    public struct Level: Sendable {
        public let width: Int
        public let height: Int
        /// Encoded RGBA8 texels, 4 bytes each.
        public let texels: [UInt8]
        /// Linear-light RGBA (alpha linear), 4 floats each; empty unless requested.
        public let linear: [Float]
    }

    public let levels: [Level]
    public var width: Int { levels[0].width }
    public var height: Int { levels[0].height }

    /// - Parameters:
    ///   - mipmaps: build the full pyramid down to 1×1 (for trilinear filtering).
    ///   - linearLight: keep linear-light copies of the texels (for filtering in linear light). Mip levels are
    ///     then averaged in linear light too.
    public init(width: Int, height: Int, rgba: [UInt8], mipmaps: Bool = false, linearLight: Bool = false) {
        precondition(width > 0 && height > 0 && rgba.count == width * height * 4, "texture size does not match its pixels")
        var levels = [Self.level(width: width, height: height, texels: rgba, linearLight: linearLight)]
        while mipmaps, let last = levels.last, last.width > 1 || last.height > 1 {
            levels.append(Self.downsample(last, linearLight: linearLight))
        }
        self.levels = levels
    }

    private static func level(width: Int, height: Int, texels: [UInt8], linearLight: Bool) -> Level {
        var linear: [Float] = []
        if linearLight {
            linear = [Float](repeating: 0, count: texels.count)
            for i in 0..<(width * height) {
                for c in 0..<3 { linear[4 * i + c] = SRGB.decodeTable[Int(texels[4 * i + c])] }
                linear[4 * i + 3] = Float(texels[4 * i + 3]) / 255
            }
        }
        return Level(width: width, height: height, texels: texels, linear: linear)
    }

    private static func downsample(_ level: Level, linearLight: Bool) -> Level {
        let w = max(1, level.width / 2), h = max(1, level.height / 2)
        var texels = [UInt8](repeating: 0, count: w * h * 4)
        var linear = [Float](repeating: 0, count: linearLight ? w * h * 4 : 0)
        for y in 0..<h {
            for x in 0..<w {
                let xs = [min(2 * x, level.width - 1), min(2 * x + 1, level.width - 1)]
                let ys = [min(2 * y, level.height - 1), min(2 * y + 1, level.height - 1)]
                for c in 0..<4 {
                    if linearLight {
                        var sum: Float = 0
                        for sy in ys { for sx in xs { sum += level.linear[4 * (sy * level.width + sx) + c] } }
                        linear[4 * (y * w + x) + c] = sum / 4
                        texels[4 * (y * w + x) + c] = c == 3 ? UInt8((sum / 4 * 255).rounded()) : SRGB.encode(sum / 4)
                    } else {
                        var sum = 0
                        for sy in ys { for sx in xs { sum += Int(level.texels[4 * (sy * level.width + sx) + c]) } }
                        texels[4 * (y * w + x) + c] = UInt8((sum + 2) / 4)
                    }
                }
            }
        }
        return Level(width: w, height: h, texels: texels, linear: linear)
    }
}
