/// Bilinear / trilinear sampling with clamp-to-edge addressing; texel (i, j) is centred at
/// ((i + ½)/w, (j + ½)/h). Writes the filtered RGBA as floats: encoded 0…255 values, or linear light 0…1.
struct TextureSampler {
    let texture: Texture
    let filter: RasterOptions.Filter
    let linear: Bool

    @inline(__always)
    func sample(u: Double, v: Double, lod: Double, into out: UnsafeMutablePointer<Float>) {
        if filter == .bilinear || texture.levels.count == 1 || lod <= 0 {
            bilinear(level: texture.levels[0], u: u, v: v, into: out)
            return
        }
        let clamped = min(lod, Double(texture.levels.count - 1))
        let lower = Int(clamped), upper = min(lower + 1, texture.levels.count - 1)
        let t = Float(clamped - Double(lower))
        var a: (Float, Float, Float, Float) = (0, 0, 0, 0), b = a
        withUnsafeMutableBytes(of: &a) { bilinear(level: texture.levels[lower], u: u, v: v, into: $0.baseAddress!.assumingMemoryBound(to: Float.self)) }
        withUnsafeMutableBytes(of: &b) { bilinear(level: texture.levels[upper], u: u, v: v, into: $0.baseAddress!.assumingMemoryBound(to: Float.self)) }
        out[0] = a.0 + (b.0 - a.0) * t
        out[1] = a.1 + (b.1 - a.1) * t
        out[2] = a.2 + (b.2 - a.2) * t
        out[3] = a.3 + (b.3 - a.3) * t
    }

    @inline(__always)
    func bilinear(level: Texture.Level, u: Double, v: Double, into out: UnsafeMutablePointer<Float>) {
        let x = u * Double(level.width) - 0.5, y = v * Double(level.height) - 0.5
        let fx = x.rounded(.down), fy = y.rounded(.down)
        let tx = Float(x - fx), ty = Float(y - fy)
        let ix = Int(max(min(fx, Double(level.width)), -1)), iy = Int(max(min(fy, Double(level.height)), -1))
        let x0 = min(max(ix, 0), level.width - 1), x1 = min(max(ix + 1, 0), level.width - 1)
        let y0 = min(max(iy, 0), level.height - 1), y1 = min(max(iy + 1, 0), level.height - 1)
        let i00 = 4 * (y0 * level.width + x0), i10 = 4 * (y0 * level.width + x1)
        let i01 = 4 * (y1 * level.width + x0), i11 = 4 * (y1 * level.width + x1)
        if linear {
            level.linear.withUnsafeBufferPointer { t in
                for c in 0..<4 {
                    let top = t[i00 + c] + (t[i10 + c] - t[i00 + c]) * tx
                    let bottom = t[i01 + c] + (t[i11 + c] - t[i01 + c]) * tx
                    out[c] = top + (bottom - top) * ty
                }
            }
        } else {
            level.texels.withUnsafeBufferPointer { t in
                for c in 0..<4 {
                    let a = Float(t[i00 + c]), b = Float(t[i10 + c]), d = Float(t[i01 + c]), e = Float(t[i11 + c])
                    let top = a + (b - a) * tx
                    let bottom = d + (e - d) * tx
                    out[c] = top + (bottom - top) * ty
                }
            }
        }
    }
}
