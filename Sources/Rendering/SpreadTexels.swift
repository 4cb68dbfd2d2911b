/// A texture level laid out for the 8-bit bilinear span shader (`TriangleSetup.drawBilinearBytes`):
///
/// - each texel's four bytes spread into the four 16-bit lanes of a `UInt64` (byte k → lane k), the layout
///   the lane-wise mix works in, so a fetch is one load;
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
    static func spread(_ texel: UInt64) -> UInt64 {
        (texel & 0xFF) | ((texel & 0xFF00) << 8) | ((texel & 0xFF_0000) << 16) | ((texel & 0xFF00_0000) << 24)
    }

    /// 16-bit lanes (each ≤ 255) → RGBA bytes.
    @inline(__always)
    static func gather(_ lanes: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: (lanes & 0xFF) | ((lanes >> 8) & 0xFF00) | ((lanes >> 16) & 0xFF_0000) | ((lanes >> 24) & 0xFF00_0000))
    }

    /// (a·(256 − w) + b·w + 128) / 256 in each 16-bit lane (w = 0…255; no lane overflows: a·(256 − w) + b·w ≤ 255·256).
    @inline(__always)
    static func mix(_ a: UInt64, _ b: UInt64, _ w: UInt64) -> UInt64 {
        ((a &* (256 &- w) &+ b &* w &+ 0x0080_0080_0080_0080) >> 8) & 0x00FF_00FF_00FF_00FF
    }

    /// `bilinearBytes` for two pixels at once: the same lane arithmetic with the two pixels' 16-bit lanes
    /// side by side in one 128-bit vector (no lane overflows, as in `mix`, so wrapping 16-bit arithmetic
    /// gives the same values as the 64-bit SWAR words).
    @inline(__always)
    func bilinearBytes(offsetFixedX x0: Int, offsetFixedY y0: Int, _ x1: Int, _ y1: Int) -> SIMD2<UInt32> {
        let row0: Int = (y0 &>> 8) &- 1, column0: Int = (x0 &>> 8) &- 1
        let row1: Int = (y1 &>> 8) &- 1, column1: Int = (x1 &>> 8) &- 1
        let p = values + (row0 &* stride &+ column0), q = values + (row1 &* stride &+ column1)
        @inline(__always) func pair(_ a: UInt64, _ b: UInt64) -> SIMD8<UInt16> {
            unsafeBitCast(SIMD2<UInt64>(a, b), to: SIMD8<UInt16>.self)
        }
        @inline(__always) func weights(_ a: Int, _ b: Int) -> SIMD8<UInt16> {
            SIMD8(lowHalf: SIMD4(repeating: UInt16(truncatingIfNeeded: a & 255)), highHalf: SIMD4(repeating: UInt16(truncatingIfNeeded: b & 255)))
        }
        let full = SIMD8<UInt16>(repeating: 256), half = SIMD8<UInt16>(repeating: 128)
        @inline(__always) func mix(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>, _ w: SIMD8<UInt16>) -> SIMD8<UInt16> {
            (a &* (full &- w) &+ b &* w &+ half) &>> 8
        }
        let wx = weights(x0, x1), wy = weights(y0, y1)
        let top = mix(pair(p[0], q[0]), pair(p[1], q[1]), wx)
        let bottom = mix(pair(p[stride], q[stride]), pair(p[stride &+ 1], q[stride &+ 1]), wx)
        // Lanes ≤ 255, so truncating to bytes packs them: RGBA of the first pixel, then of the second.
        return unsafeBitCast(SIMD8<UInt8>(truncatingIfNeeded: mix(top, bottom, wy)), to: SIMD2<UInt32>.self)
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
