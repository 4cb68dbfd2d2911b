/// The bilinear paths of `TriangleSetup.draw`, several pixels of a span per step.
///
/// The per-pixel arithmetic is exactly `draw`'s: the same IEEE double operations in the same order (depth,
/// 1/w, u/w·w, v/w·w, and for 8-bit output the texel position in 1/256), evaluated in SIMD lanes. Lane-wise
/// IEEE arithmetic rounds exactly like scalar arithmetic (no fused multiply-add is formed), so every pixel is
/// byte-identical to the scalar path; only the work per pixel shrinks. The texel fetch and the weighted mix
/// stay per pixel (a gather): `SpreadTexels.bilinearBytes` (the mix of `LevelView.bilinearBytes(fixedX:fixedY:)`
/// on texels laid out for it) or `TextureSampler.bilinear`.
extension TriangleSetup {
    typealias DoubleLanes = SIMD4<Double>
    typealias FloatLanes = SIMD4<Float>
    static let lanes = DoubleLanes.scalarCount

    /// 8-bit RGBA into `pixels` (frame-wide indices), as `draw` with a `ByteSink` and the bilinear filter.
    /// `depth` is the band's depth buffer (row 0 = the band's first row) with `lanes` floats of padding after
    /// its last row, since a span's last step loads and stores a whole step of depths.
    func drawBilinearBytes(rows: Range<Int>, width: Int, level: TextureSampler.LevelView,
                           pixels: UnsafeMutablePointer<UInt8>, depth: UnsafeMutablePointer<Float>) {
        let texelWidth = Double(level.width), texelHeight = Double(level.height)
        let texels = level.spread
        let lanes = Self.lanes
        // Per step: the texel positions (x then y, as integers in the low 32 bits of 64-bit lanes) and the
        // depth test's outcome, written once so the per-pixel gather reads plain integers.
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: 20 * lanes, alignment: 16)
        defer { scratch.deallocate() }
        let output = UnsafeMutableRawPointer(pixels)
        forEachStep(rows: rows, width: width, depth: depth) { first, count, pass, u, v, ends in
            if ends.stayInside(width: texelWidth, height: texelHeight) {
                scratch.storeBytes(of: Self.fixedPosition(u, size: texelWidth, clamp: false), toByteOffset: 0, as: DoubleLanes.self)
                scratch.storeBytes(of: Self.fixedPosition(v, size: texelHeight, clamp: false), toByteOffset: 8 * lanes, as: DoubleLanes.self)
            } else {
                scratch.storeBytes(of: Self.fixedPosition(u, size: texelWidth, clamp: true), toByteOffset: 0, as: DoubleLanes.self)
                scratch.storeBytes(of: Self.fixedPosition(v, size: texelHeight, clamp: true), toByteOffset: 8 * lanes, as: DoubleLanes.self)
            }
            @inline(__always) func shade(_ lane: Int) {
                let fx = Int(scratch.load(fromByteOffset: 8 &* lane, as: UInt32.self))
                let fy = Int(scratch.load(fromByteOffset: 8 &* (lanes &+ lane), as: UInt32.self))
                output.storeBytes(of: texels.bilinearBytes(offsetFixedX: fx, offsetFixedY: fy), toByteOffset: 4 &* (first &+ lane), as: UInt32.self)
            }
            if all(pass) {  // the common case: a whole step in the span, in front of everything drawn so far
                for lane in Swift.stride(from: 0, to: lanes, by: 2) {
                    let pair = texels.bilinearBytes(
                        offsetFixedX: Int(scratch.load(fromByteOffset: 8 &* lane, as: UInt32.self)),
                        offsetFixedY: Int(scratch.load(fromByteOffset: 8 &* (lanes &+ lane), as: UInt32.self)),
                        Int(scratch.load(fromByteOffset: 8 &* (lane &+ 1), as: UInt32.self)),
                        Int(scratch.load(fromByteOffset: 8 &* (lanes &+ lane &+ 1), as: UInt32.self)))
                    output.storeBytes(of: pair, toByteOffset: 4 &* (first &+ lane), as: SIMD2<UInt32>.self)
                }
                return
            }
            scratch.storeBytes(of: FloatLanes(repeating: 0).replacing(with: 1, where: pass), toByteOffset: 16 * lanes, as: FloatLanes.self)
            for lane in 0..<count where scratch.load(fromByteOffset: 16 &* lanes &+ 4 &* lane, as: Float.self) != 0 { shade(lane) }
        }
    }

    /// Filtered floats into `sink`, as `draw` with a `FloatSink` and the bilinear filter; `texels` is the
    /// sampler's base level as `SpreadFloatTexels`.
    func drawBilinearFloats(rows: Range<Int>, width: Int, texels: SpreadFloatTexels, size: (width: Int, height: Int),
                            sink: FloatSink, depth: UnsafeMutablePointer<Float>) {
        let lanes = Self.lanes
        let texelWidth = Double(size.width), texelHeight = Double(size.height), stride = Double(texels.stride)
        // Per step: the top-left texel's entry (integer in the low 32 bits of 64-bit lanes), the weights x, y,
        // and the depth test's outcome.
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: 20 * lanes, alignment: 16)
        defer { scratch.deallocate() }
        forEachStep(rows: rows, width: width, depth: depth) { first, count, pass, u, v, _ in
            let x = Self.texelFloor(u, size: texelWidth), y = Self.texelFloor(v, size: texelHeight)
            let entry = (y.floor + 1) * stride + (x.floor + 1) + DoubleLanes(repeating: 0x1p52)
            scratch.storeBytes(of: entry, toByteOffset: 0, as: DoubleLanes.self)
            scratch.storeBytes(of: FloatLanes(x.fraction), toByteOffset: 8 * lanes, as: FloatLanes.self)
            scratch.storeBytes(of: FloatLanes(y.fraction), toByteOffset: 12 * lanes, as: FloatLanes.self)
            @inline(__always) func shade(_ lane: Int) {
                let entry = Int(scratch.load(fromByteOffset: 8 &* lane, as: UInt32.self))
                let tx = scratch.load(fromByteOffset: 8 &* lanes &+ 4 &* lane, as: Float.self)
                let ty = scratch.load(fromByteOffset: 12 &* lanes &+ 4 &* lane, as: Float.self)
                sink.store(first &+ lane, texels.bilinear(entry: entry, tx: tx, ty: ty))
            }
            if all(pass) {
                for lane in 0..<lanes { shade(lane) }
                return
            }
            scratch.storeBytes(of: FloatLanes(repeating: 0).replacing(with: 1, where: pass), toByteOffset: 16 * lanes, as: FloatLanes.self)
            for lane in 0..<count where scratch.load(fromByteOffset: 16 &* lanes &+ 4 &* lane, as: Float.self) != 0 { shade(lane) }
        }
    }

    /// `TextureSampler.bilinear`'s texel position along one axis: c = min(max(t·size − ½, −1), size), its
    /// floor (exact, with SSE2 arithmetic: adding 1.5·2^52 rounds to the nearest integer — the sum stays in
    /// [2^52, 2^53), where doubles are the integers, for c ≥ −2^51 — and one is taken off where that rounded
    /// up) and c − floor.
    @inline(__always)
    static func texelFloor(_ t: DoubleLanes, size: Double) -> (floor: DoubleLanes, fraction: DoubleLanes) {
        let scaled = t * size - 0.5
        let low = scaled.replacing(with: -1, where: scaled .< -1)
        let clamped = low.replacing(with: size, where: low .> size)
        let magic = DoubleLanes(repeating: 0x1.8p52)
        let nearest = (clamped + magic) - magic
        let floor = nearest.replacing(with: nearest - 1, where: nearest .> clamped)
        return (floor, clamped - floor)
    }

    /// Walks the triangle's spans in rows `rows` a step of `lanes` pixels at a time, runs the depth test and
    /// writes the passing depths, and hands each step with a passing pixel to `shade`: the frame-wide index
    /// of its first pixel, how many of its lanes are in the span, which lanes passed, and u, v per lane.
    @inline(__always)
    func forEachStep(rows: Range<Int>, width: Int, depth depthBuffer: UnsafeMutablePointer<Float>,
                     _ shade: (_ first: Int, _ count: Int, _ pass: SIMDMask<FloatLanes.MaskStorage>, _ u: DoubleLanes, _ v: DoubleLanes,
                               _ ends: SpanEnds) -> Void) {
        let top = max(rows.lowerBound, minY), bottom = min(rows.upperBound - 1, maxY)
        guard top <= bottom else { return }
        let lanes = Self.lanes
        var laneCentres = DoubleLanes(), laneIndices = FloatLanes()
        for lane in 0..<lanes {
            laneCentres[lane] = Double(lane) + 0.5
            laneIndices[lane] = Float(lane)
        }
        let depthStep = depth.1, inverseWStep = inverseW.1, uStep = uOverW.1, vStep = vOverW.1
        for y in top...bottom {
            guard let span = span(row: y) else { continue }
            let pyD = Double(y) + 0.5
            let depthRow = depthBuffer + (y - rows.lowerBound) * width
            let rowDepth = depth.0 + depth.2 * pyD, rowInverseW = inverseW.0 + inverseW.2 * pyD
            let rowU = uOverW.0 + uOverW.2 * pyD, rowV = vOverW.0 + vOverW.2 * pyD
            let lastCentre = Double(span.upperBound) + 0.5
            // u, v at the span's first and last pixel, exactly as the steps compute them there.
            let endCentres = SIMD2<Double>(Double(span.lowerBound) + 0.5, lastCentre)
            let endW = 1 / (SIMD2<Double>(repeating: rowInverseW) + inverseWStep * endCentres)
            let ends = SpanEnds(u: (SIMD2<Double>(repeating: rowU) + uStep * endCentres) * endW,
                                v: (SIMD2<Double>(repeating: rowV) + vStep * endCentres) * endW)
            var x = span.lowerBound
            while x <= span.upperBound {
                // Lanes past the span's end repeat its last pixel (finite values) and are masked out.
                let centres = DoubleLanes(repeating: Double(x)) + laneCentres
                let px = centres.replacing(with: lastCentre, where: centres .> lastCentre)
                let count = min(lanes, span.upperBound &- x &+ 1)
                let z = FloatLanes(DoubleLanes(repeating: rowDepth) + depthStep * px)
                let depthAddress = UnsafeMutableRawPointer(depthRow + x)
                let stored = depthAddress.loadUnaligned(as: FloatLanes.self)
                let pass = (z .< stored) .& (laneIndices .< Float(count))
                if any(pass) {
                    depthAddress.storeBytes(of: stored.replacing(with: z, where: pass), as: FloatLanes.self)
                    let w = 1 / (DoubleLanes(repeating: rowInverseW) + inverseWStep * px)
                    let u = (DoubleLanes(repeating: rowU) + uStep * px) * w
                    let v = (DoubleLanes(repeating: rowV) + vStep * px) * w
                    shade(y &* width &+ x, count, pass, u, v, ends)
                }
                x &+= lanes
            }
        }
    }

    /// `bilinearBytes`' texel position in 1/256 texel, plus 512, as an integer in each lane's low 32 bits
    /// (the lanes hold 2^52 + the integer): floor(min(max(t·size − ½, −1), size)·256 + ½ + 512). Without
    /// `clamp` the min/max is left out, for lanes known to lie inside (−1, size) already.
    @inline(__always)
    static func fixedPosition(_ t: DoubleLanes, size: Double, clamp: Bool) -> DoubleLanes {
        var scaled = t * size - 0.5
        if clamp {
            scaled = scaled.replacing(with: -1, where: scaled .< -1)
            scaled = scaled.replacing(with: size, where: scaled .> size)
        }
        let position = scaled * 256 + 0.5 + 512
        // Floor with SSE2 arithmetic: adding 2^52 rounds to the nearest integer (256 < position < 2^31, so the
        // sum lies in [2^52, 2^53), where doubles are the integers); one is taken off where that rounded up.
        // The sum's low mantissa bits are then the integer itself.
        let magic = DoubleLanes(repeating: 0x1p52)
        let nearest = position + magic
        return nearest.replacing(with: nearest - 1, where: nearest - magic .> position)
    }
}

/// u and v at a span's first and last pixel. Along a row u and v are ratios of affine functions of x with a
/// denominator (1/w) that keeps its sign, so they are monotonic: between the ends they stay within the ends'
/// range, up to rounding errors of a few ulps. When the ends lie a quarter texel inside the clamp range
/// [−1, size] of `bilinearBytes`' position t·size − ½, every pixel of the span does, and clamping is a no-op.
struct SpanEnds {
    var u: SIMD2<Double>
    var v: SIMD2<Double>

    @inline(__always)
    func stayInside(width: Double, height: Double) -> Bool {
        let x = u * width - 0.5, y = v * height - 0.5
        return x.min() >= -0.75 && x.max() <= width - 0.25 && y.min() >= -0.75 && y.max() <= height - 0.25
    }
}
