/// A texture level as RGBA float texels for the bilinear float span shader (`drawBilinearFloats`), with the
/// border of `SpreadTexels` (one texel above and left, two below and right, repeating the edges), so
/// clamp-to-edge addressing is plain indexing: entry (i, j) holds texel (clamp(i − 1), clamp(j − 1)).
/// The values are those `TextureSampler.bilinear` reads: the encoded bytes as floats, or the linear-light
/// copy. 16 bytes per texel; built per frame that needs it (supersampled or linear-light bilinear frames).
final class SpreadFloatTexels: @unchecked Sendable {  // immutable after init
    let stride: Int
    let values: UnsafeMutablePointer<SIMD4<Float>>

    init(level: TextureSampler.LevelView, linear: Bool) {
        let width = level.width, height = level.height
        stride = width + 3
        let count = stride * (height + 3)
        values = .allocate(capacity: count)
        for row in 0..<(height + 3) {
            let y = min(max(row - 1, 0), height - 1)
            for column in 0..<stride {
                let i = 4 * (y * width + min(max(column - 1, 0), width - 1))
                let texel: SIMD4<Float>
                if linear, let t = level.linear {
                    texel = SIMD4(t[i], t[i + 1], t[i + 2], t[i + 3])
                } else {
                    let t = level.texels
                    texel = SIMD4(Float(t[i]), Float(t[i + 1]), Float(t[i + 2]), Float(t[i + 3]))
                }
                (values + row * stride + column).initialize(to: texel)
            }
        }
    }

    deinit { values.deallocate() }

    /// `TextureSampler.bilinear` from the entry of the top-left texel and the weights towards the right and
    /// the bottom texel: the same lerps in the same order.
    @inline(__always)
    func bilinear(entry: Int, tx: Float, ty: Float) -> SIMD4<Float> {
        let topLeft = values + entry
        let a = topLeft[0], b = topLeft[1], c = topLeft[stride], d = topLeft[stride &+ 1]
        let top = a + (b - a) * tx
        let bottom = c + (d - c) * tx
        return top + (bottom - top) * ty
    }
}
