/// A texture level laid out for the 8-bit bilinear span shader (`TriangleSetup.drawBilinearBytes`):
///
/// - each texel's four bytes spread into the 16-bit lanes of a `UInt64` (bytes 0, 2 → lanes 0, 1; bytes 1, 3 →
///   lanes 2, 3), the layout the SWAR mix works in, so a fetch is one load;
/// - a border of one texel above and left and two below and right repeating the edge texels, so
///   clamp-to-edge addressing becomes plain indexing: entry (i, j) holds texel (clamp(i − 1), clamp(j − 1)),
///   and the texel pair of an integer position ix ∈ −1…width starts at entry ix + 1.
///
/// Twice the memory of the RGBA texels (plus the border); built once per texture level.
final class SpreadTexels: @unchecked Sendable {  // immutable after init
    let stride: Int
    let values: UnsafeMutablePointer<UInt64>
    private let count: Int

    init(width: Int, height: Int, rgba: UnsafePointer<UInt8>) {
        stride = width + 3
        count = stride * (height + 3)
        values = .allocate(capacity: count)
        let raw = UnsafeRawPointer(rgba)
        for row in 0..<(height + 3) {
            let y = min(max(row - 1, 0), height - 1)
            for column in 0..<stride {
                let x = min(max(column - 1, 0), width - 1)
                let texel = UInt64(raw.loadUnaligned(fromByteOffset: 4 * (y * width + x), as: UInt32.self))
                (values + row * stride + column).initialize(to: Self.spread(texel))
            }
        }
    }

    deinit { values.deallocate() }

    /// RGBA bytes (as loaded little-endian) → 16-bit lanes.
    @inline(__always)
    static func spread(_ texel: UInt64) -> UInt64 {
        (texel & 0x00FF_00FF) | ((texel & 0xFF00_FF00) << 24)
    }

    /// 16-bit lanes → RGBA bytes.
    @inline(__always)
    static func gather(_ lanes: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: (lanes & 0x00FF_00FF) | ((lanes >> 24) & 0xFF00_FF00))
    }

    /// (a·(256 − w) + b·w + 128) / 256 in each 16-bit lane (w = 0…255; no lane overflows: a·(256 − w) + b·w ≤ 255·256).
    @inline(__always)
    static func mix(_ a: UInt64, _ b: UInt64, _ w: UInt64) -> UInt64 {
        ((a &* (256 &- w) &+ b &* w &+ 0x0080_0080_0080_0080) >> 8) & 0x00FF_00FF_00FF_00FF
    }

    /// The bilinear mix at texel position (fixedX, fixedY) + 512 in 1/256 texel (the integer position's
    /// texel is entry (position >> 8) − 1, its low 8 bits the weight); see `TextureSampler.bilinearBytes(u:v:)`.
    @inline(__always)
    func bilinearBytes(offsetFixedX x: Int, offsetFixedY y: Int) -> UInt32 {
        let row: Int = (y &>> 8) &- 1, column: Int = (x &>> 8) &- 1
        let topLeft = values + (row &* stride &+ column)
        let wx = UInt64(truncatingIfNeeded: x & 255), wy = UInt64(truncatingIfNeeded: y & 255)
        let top = Self.mix(topLeft[0], topLeft[1], wx)
        let bottom = Self.mix(topLeft[stride], topLeft[stride &+ 1], wx)
        return Self.gather(Self.mix(top, bottom, wy))
    }
}
