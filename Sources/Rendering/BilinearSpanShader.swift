/// The bilinear, 8-bit path of `TriangleSetup.draw`, eight pixels of a span per step.
///
/// The per-pixel arithmetic is exactly `draw`'s followed by `TextureSampler.bilinearBytes`: the same IEEE
/// double operations in the same order (depth, 1/w, u/w·w, v/w·w, texel position in 1/256), evaluated in
/// `SIMD8<Double>` lanes. Lane-wise IEEE arithmetic rounds exactly like scalar arithmetic (no fused
/// multiply-add is formed), so every pixel is byte-identical to the scalar path; only the work per pixel
/// shrinks. The texel fetch and the 8-bit weighted mix stay per pixel (a gather).
extension TriangleSetup {

    /// Draws rows `rows` of this triangle into 8-bit RGBA `pixels` (frame-wide indices) with the band's
    /// `depth` buffer (row 0 = the band's first row; it needs 8 floats of padding after its last row, since
    /// a span's last step loads and stores eight depths).
    func drawBilinearBytes(rows: Range<Int>, width: Int, level: TextureSampler.LevelView,
                           pixels: UnsafeMutablePointer<UInt8>, depth depthBuffer: UnsafeMutablePointer<Float>) {
        let top = max(rows.lowerBound, minY), bottom = min(rows.upperBound - 1, maxY)
        guard top <= bottom else { return }
        let texelWidth = Double(level.width), texelHeight = Double(level.height)
        // Per step: four texel offsets and two weights for 8 lanes (Int), then 8 pass flags (Int32).
        let scratch = UnsafeMutablePointer<Int>.allocate(capacity: 52)
        defer { scratch.deallocate() }
        let laneCentres = SIMD8<Double>(0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5)
        let laneIndices = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)
        let depthStep = depth.1, inverseWStep = inverseW.1, uStep = uOverW.1, vStep = vOverW.1
        for y in top...bottom {
            guard let span = span(row: y) else { continue }
            let pyD = Double(y) + 0.5
            let depthRow = depthBuffer + (y - rows.lowerBound) * width
            let pixelRow = pixels + 4 * y * width
            let rowDepth = depth.0 + depth.2 * pyD, rowInverseW = inverseW.0 + inverseW.2 * pyD
            let rowU = uOverW.0 + uOverW.2 * pyD, rowV = vOverW.0 + vOverW.2 * pyD
            var x = span.lowerBound
            while x <= span.upperBound {
                // Lanes past the span's end repeat its last pixel (finite values) and are masked out.
                let lastCentre = Double(span.upperBound) + 0.5
                let centres = SIMD8<Double>(repeating: Double(x)) + laneCentres
                let px = centres.replacing(with: lastCentre, where: centres .> lastCentre)
                let inSpan = laneIndices .< Float(min(8, span.upperBound - x + 1))
                let z = SIMD8<Float>(SIMD8<Double>(repeating: rowDepth) + depthStep * px)
                let depthAddress = UnsafeMutableRawPointer(depthRow + x)
                let stored = depthAddress.loadUnaligned(as: SIMD8<Float>.self)
                let pass = (z .< stored) .& inSpan
                if any(pass) {
                    depthAddress.storeBytes(of: stored.replacing(with: z, where: pass), as: SIMD8<Float>.self)
                    let w = 1 / (SIMD8<Double>(repeating: rowInverseW) + inverseWStep * px)
                    let u = (SIMD8<Double>(repeating: rowU) + uStep * px) * w
                    let v = (SIMD8<Double>(repeating: rowV) + vStep * px) * w
                    let columns = Self.texelAddressing(u, size: texelWidth)
                    let rows = Self.texelAddressing(v, size: texelHeight)
                    let top = rows.first * texelWidth, bottom = rows.second * texelWidth
                    // Lane values to memory once; the per-pixel gather then reads plain integers.
                    let lanes = UnsafeMutableRawPointer(scratch)
                    lanes.storeBytes(of: Self.integers(top + columns.first), toByteOffset: 0, as: SIMD8<Int>.self)
                    lanes.storeBytes(of: Self.integers(top + columns.second), toByteOffset: 64, as: SIMD8<Int>.self)
                    lanes.storeBytes(of: Self.integers(bottom + columns.first), toByteOffset: 128, as: SIMD8<Int>.self)
                    lanes.storeBytes(of: Self.integers(bottom + columns.second), toByteOffset: 192, as: SIMD8<Int>.self)
                    lanes.storeBytes(of: Self.integers(columns.weight), toByteOffset: 256, as: SIMD8<Int>.self)
                    lanes.storeBytes(of: Self.integers(rows.weight), toByteOffset: 320, as: SIMD8<Int>.self)
                    lanes.storeBytes(of: SIMD8<Int32>(repeating: 0).replacing(with: 1, where: pass), toByteOffset: 384, as: SIMD8<Int32>.self)
                    let passed = UnsafeRawPointer(lanes + 384).assumingMemoryBound(to: Int32.self)
                    for lane in 0..<min(8, span.upperBound &- x &+ 1) where passed[lane] != 0 {
                        let texel = level.bilinearBytes(scratch[lane], scratch[8 &+ lane], scratch[16 &+ lane], scratch[24 &+ lane],
                                                        weightX: scratch[32 &+ lane], weightY: scratch[40 &+ lane])
                        UnsafeMutableRawPointer(pixelRow + 4 &* (x &+ lane)).storeBytes(of: texel, as: UInt32.self)
                    }
                }
                x += 8
            }
        }
    }

    /// The texel pair and weight along one axis for texture coordinates `t` (texel centres at (i + ½)/size,
    /// clamp-to-edge), as exact integers held in doubles: `bilinearBytes`' rounding to 1/256 texel, then
    /// floor division by 256 for the texel and the remainder for the weight.
    @inline(__always)
    static func texelAddressing(_ t: SIMD8<Double>, size: Double) -> (first: SIMD8<Double>, second: SIMD8<Double>, weight: SIMD8<Double>) {
        // + 512 keeps every position positive (as bilinearBytes does before truncating).
        let fixed = floor(clamp(t * size - 0.5, size) * 256 + 0.5 + 512)
        let texel = floor(fixed * (1.0 / 256))          // = ix + 2
        let weight = fixed - texel * 256
        let first = clamp(texel - 2, lower: 0, upper: size - 1), second = clamp(texel - 1, lower: 0, upper: size - 1)
        return (first, second, weight)
    }

    /// min(max(value, −1), upper) lane by lane, as `bilinearBytes` clamps (values are finite).
    @inline(__always)
    static func clamp(_ value: SIMD8<Double>, _ upper: Double) -> SIMD8<Double> {
        clamp(value, lower: -1, upper: upper)
    }

    @inline(__always)
    static func clamp(_ value: SIMD8<Double>, lower: Double, upper: Double) -> SIMD8<Double> {
        let low = value.replacing(with: lower, where: value .< lower)
        return low.replacing(with: upper, where: low .> upper)
    }

    /// Floor of non-negative values below 2^51, exactly, with SSE2 arithmetic only: adding 2^52 rounds to the
    /// nearest integer; one is taken off where that rounded up.
    @inline(__always)
    static func floor(_ value: SIMD8<Double>) -> SIMD8<Double> {
        let magic = SIMD8<Double>(repeating: 0x1p52)
        let nearest = (value + magic) - magic
        return nearest.replacing(with: nearest - 1, where: nearest .> value)
    }

    /// Non-negative integer-valued doubles below 2^52 as integers: the low mantissa bits of value + 2^52.
    @inline(__always)
    static func integers(_ value: SIMD8<Double>) -> SIMD8<Int> {
        unsafeBitCast(value + SIMD8<Double>(repeating: 0x1p52), to: SIMD8<Int>.self) & SIMD8(repeating: (1 << 52) - 1)
    }
}
