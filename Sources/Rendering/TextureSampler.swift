/// Bilinear / trilinear sampling with clamp-to-edge addressing; texel (i, j) is centred at
/// ((i + ½)/w, (j + ½)/h). Produces the filtered RGBA as floats: encoded 0…255 values, or linear light 0…1.
struct TextureSampler: @unchecked Sendable {  // read-only texel pointers
    /// A level's size and texel pointers, free of reference counting in the per-pixel path. Valid while the
    /// `Texture` it came from is alive.
    struct LevelView {
        let width: Int
        let height: Int
        let texels: UnsafeMutablePointer<UInt8>
        let linear: UnsafeMutablePointer<Float>?
        let spread: SpreadTexels
    }

    let levels: [LevelView]
    let base: LevelView
    let linear: Bool

    init(texture: Texture, linear: Bool) {
        levels = texture.levels.map { LevelView(width: $0.width, height: $0.height, texels: $0.texels, linear: $0.linear, spread: $0.spread) }
        base = levels[0]
        self.linear = linear
    }

    @inline(__always)
    func sample(u: Double, v: Double, lod: Double) -> SIMD4<Float> {
        if lod <= 0 || levels.count == 1 { return bilinear(base, u: u, v: v) }
        let clamped = min(lod, Double(levels.count - 1))
        let lower = Int(clamped), upper = min(lower + 1, levels.count - 1)
        let t = Float(clamped - Double(lower))
        let a = bilinear(levels[lower], u: u, v: v), b = bilinear(levels[upper], u: u, v: v)
        return a + (b - a) * t
    }

    @inline(__always)
    func bilinear(_ level: LevelView, u: Double, v: Double) -> SIMD4<Float> {
        let width = level.width, height = level.height
        let x = u * Double(width) - 0.5, y = v * Double(height) - 0.5
        // floor without a libm call; clamp first so the conversion cannot overflow.
        let cx = min(max(x, -1), Double(width)), cy = min(max(y, -1), Double(height))
        var ix = Int(cx), iy = Int(cy)
        if Double(ix) > cx { ix -= 1 }
        if Double(iy) > cy { iy -= 1 }
        let tx = Float(cx - Double(ix)), ty = Float(cy - Double(iy))
        let x0 = min(max(ix, 0), width - 1), x1 = min(max(ix + 1, 0), width - 1)
        let y0 = min(max(iy, 0), height - 1), y1 = min(max(iy + 1, 0), height - 1)
        let i00 = 4 * (y0 * width + x0), i10 = 4 * (y0 * width + x1)
        let i01 = 4 * (y1 * width + x0), i11 = 4 * (y1 * width + x1)
        let a, b, c, d: SIMD4<Float>
        if linear, let t = level.linear {
            a = SIMD4(t[i00], t[i00 + 1], t[i00 + 2], t[i00 + 3])
            b = SIMD4(t[i10], t[i10 + 1], t[i10 + 2], t[i10 + 3])
            c = SIMD4(t[i01], t[i01 + 1], t[i01 + 2], t[i01 + 3])
            d = SIMD4(t[i11], t[i11 + 1], t[i11 + 2], t[i11 + 3])
        } else {
            let t = level.texels
            a = SIMD4(Float(t[i00]), Float(t[i00 + 1]), Float(t[i00 + 2]), Float(t[i00 + 3]))
            b = SIMD4(Float(t[i10]), Float(t[i10 + 1]), Float(t[i10 + 2]), Float(t[i10 + 3]))
            c = SIMD4(Float(t[i01]), Float(t[i01 + 1]), Float(t[i01 + 2]), Float(t[i01 + 3]))
            d = SIMD4(Float(t[i11]), Float(t[i11 + 1]), Float(t[i11 + 2]), Float(t[i11 + 3]))
        }
        let top = a + (b - a) * tx
        let bottom = c + (d - c) * tx
        return top + (bottom - top) * ty
    }

    /// Bilinear on the base level's encoded bytes in integer arithmetic: weights rounded to 1/256, the
    /// four channels processed at once in 16-bit lanes of a 64-bit word. Returns the RGBA texel as stored
    /// in memory (R in the lowest byte on little-endian machines).
    @inline(__always)
    func bilinearBytes(u: Double, v: Double) -> UInt32 {
        let width = base.width, height = base.height
        // Texel-space position in 1/256 steps, rounded to nearest: one conversion per axis; the integer part
        // (arithmetic shift = floor) picks the texel pair, the low 8 bits are the weight. A position a rounding
        // error below a texel centre lands exactly on it, so texel centres sample exactly.
        let x = min(max(u * Double(width) - 0.5, -1), Double(width)) * 256 + 0.5
        let y = min(max(v * Double(height) - 0.5, -1), Double(height)) * 256 + 0.5
        // x, y ≥ −255.5, so truncating x + 512 is floor (no libm call).
        return base.bilinearBytes(fixedX: Int(x + 512) &- 512, fixedY: Int(y + 512) &- 512)
    }
}

extension TextureSampler.LevelView {
    /// The 8-bit bilinear mix at texel position (fixedX, fixedY) in 1/256 texel units (texel centres at
    /// multiples of 256, clamp-to-edge); see `TextureSampler.bilinearBytes(u:v:)`.
    @inline(__always)
    func bilinearBytes(fixedX fx: Int, fixedY fy: Int) -> UInt32 {
        let ix = fx >> 8, iy = fy >> 8
        let x0 = min(max(ix, 0), width &- 1), x1 = min(max(ix &+ 1, 0), width &- 1)
        let y0 = min(max(iy, 0), height &- 1), y1 = min(max(iy &+ 1, 0), height &- 1)
        return bilinearBytes(y0 &* width &+ x0, y0 &* width &+ x1, y1 &* width &+ x0, y1 &* width &+ x1,
                             weightX: fx & 255, weightY: fy & 255)
    }

    /// The 8-bit bilinear mix of the texels at offsets (top-left, top-right, bottom-left, bottom-right) with
    /// weights 0…255 (in 1/256) towards the right and the bottom texel.
    @inline(__always)
    func bilinearBytes(_ topLeft: Int, _ topRight: Int, _ bottomLeft: Int, _ bottomRight: Int,
                       weightX: Int, weightY: Int) -> UInt32 {
        let raw = UnsafeRawPointer(texels)
        @inline(__always) func lanes(_ offset: Int) -> UInt64 {
            let p = UInt64(raw.loadUnaligned(fromByteOffset: offset &<< 2, as: UInt32.self))
            return (p & 0x00FF_00FF) | ((p & 0xFF00_FF00) << 24)   // bytes 0,2 → lanes 0,1; bytes 1,3 → lanes 2,3
        }
        let mask: UInt64 = 0x00FF_00FF_00FF_00FF
        let half: UInt64 = 0x0080_0080_0080_0080
        @inline(__always) func mix(_ a: UInt64, _ b: UInt64, _ w: UInt64) -> UInt64 {
            ((a &* (256 &- w) &+ b &* w &+ half) >> 8) & mask
        }
        let wx = UInt64(truncatingIfNeeded: weightX), wy = UInt64(truncatingIfNeeded: weightY)
        let top = mix(lanes(topLeft), lanes(topRight), wx)
        let bottom = mix(lanes(bottomLeft), lanes(bottomRight), wx)
        let r = mix(top, bottom, wy)
        return UInt32(truncatingIfNeeded: (r & 0x00FF_00FF) | ((r >> 24) & 0xFF00_FF00))
    }
}
