import Imaging
import Foundation

/// An RGBA texture (row 0 = top, u = 0 the left column, v = 0 the top row) with what sampling needs:
/// an optional mip pyramid (2×2 box filtered) and, for linear-light filtering, the texels decoded to
/// linear floats. Sampling: bilinear, clamp-to-edge, texel (i, j) centred at ((i + ½)/w, (j + ½)/h).
package struct Texture: Sendable {
    package final class Level: @unchecked Sendable {  // texel pointers written only in init, then read-only
        package let width: Int
        package let height: Int
        /// Encoded RGBA texels, 4 bytes each (immutable after init; read concurrently without copies).
        let texels: UnsafeMutablePointer<UInt8>
        /// Linear-light RGBA (alpha linear), 4 floats each; nil unless requested.
        let linear: UnsafeMutablePointer<Float>?
        /// The texels bordered and spread for the 8-bit bilinear span shader.
        let spread: SpreadTexels

        init(width: Int, height: Int, texels source: [UInt8], linearLight: Bool) {
            self.width = width
            self.height = height
            texels = .allocate(capacity: source.count)
            texels.initialize(from: source, count: source.count)
            spread = SpreadTexels(width: width, height: height, rgba: texels)
            if linearLight {
                let linear = UnsafeMutablePointer<Float>.allocate(capacity: source.count)
                for i in 0..<(width * height) {
                    for c in 0..<3 { linear[4 * i + c] = SRGB.decodeTable[Int(source[4 * i + c])] }
                    linear[4 * i + 3] = Float(source[4 * i + 3]) / 255
                }
                self.linear = linear
            } else {
                linear = nil
            }
        }

        deinit {
            texels.deallocate()
            linear?.deallocate()
        }

        package var rgba: [UInt8] { Array(UnsafeBufferPointer(start: texels, count: width * height * 4)) }
    }

    package let levels: [Level]
    package var width: Int { levels[0].width }
    package var height: Int { levels[0].height }

    /// - Parameters:
    ///   - mipmaps: build the full pyramid down to 1×1 (for trilinear filtering).
    ///   - linearLight: keep linear-light copies of the texels (for filtering in linear light); mip levels are
    ///     then averaged in linear light too.
    package init(width: Int, height: Int, rgba: [UInt8], mipmaps: Bool = false, linearLight: Bool = false) {
        precondition(width > 0 && height > 0 && rgba.count == width * height * 4, "texture size does not match its pixels")
        var levels = [Level(width: width, height: height, texels: rgba, linearLight: linearLight)]
        while mipmaps, let last = levels.last, last.width > 1 || last.height > 1 {
            levels.append(Self.downsample(last, linearLight: linearLight))
        }
        self.levels = levels
    }

    private static func downsample(_ level: Level, linearLight: Bool) -> Level {
        let w = max(1, level.width / 2), h = max(1, level.height / 2)
        var texels = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let xs = [min(2 * x, level.width - 1), min(2 * x + 1, level.width - 1)]
                let ys = [min(2 * y, level.height - 1), min(2 * y + 1, level.height - 1)]
                for c in 0..<4 {
                    if linearLight, let linear = level.linear {
                        var sum: Float = 0
                        for sy in ys { for sx in xs { sum += linear[4 * (sy * level.width + sx) + c] } }
                        texels[4 * (y * w + x) + c] = c == 3 ? UInt8((sum / 4 * 255).rounded()) : SRGB.encode(sum / 4)
                    } else {
                        var sum = 0
                        for sy in ys { for sx in xs { sum += Int(level.texels[4 * (sy * level.width + sx) + c]) } }
                        texels[4 * (y * w + x) + c] = UInt8((sum + 2) / 4)
                    }
                }
            }
        }
        return Level(width: w, height: h, texels: texels, linearLight: linearLight)
    }
}
