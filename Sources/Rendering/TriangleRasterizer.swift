import Imaging
import Dispatch
import Foundation
import Plumbing

/// A deterministic scanline-free (edge-function) triangle rasterizer.
///
/// - Coverage: vertices are snapped to 1/256 pixel and edge functions are evaluated exactly in 64-bit
///   integers at pixel centres, with the top-left fill rule (an edge pixel belongs to a triangle only if the
///   edge is a top or a left edge), so pixels along a shared edge are drawn exactly once.
/// - Pixel (i, j) has its centre at screen (i + ½, j + ½), i.e. NDC ((2i+1)/W − 1, 1 − (2j+1)/H); row 0 is
///   the top row.
/// - Depth: window depth in [0, 1] (OpenGL clip z ∈ [−w, w] mapped by (z/w + 1)/2; Metal z/w as is), cleared
///   to 1, a fragment is kept when its depth is strictly less than the stored one (first drawn wins ties).
/// - Attributes: u/w, v/w, 1/w and depth are affine in screen space and evaluated from absolute pixel
///   coordinates, so a pixel's value never depends on how the frame was split across threads.
/// - The frame is drawn in bands of 16 rows on all cores; output is byte-identical for any thread count.
/// - Bilinear frames are shaded several pixels per step in SIMD lanes (`BilinearSpanShader.swift`), bit-identical
///   to the per-pixel `TriangleSetup.draw`, which stays the path for trilinear filtering; supersampled and
///   linear-light frames are resolved band by band (`ResolvedBands.swift`).
package enum TriangleRasterizer {
    static let subpixelBits: Int64 = 8
    /// Rows per unit of parallel work (a tuning knob; the output never depends on it).
    package static let bandHeight = 16

    package static func render(_ triangles: [ClipTriangle], textures: [Texture], width: Int, height: Int,
                              options: RasterOptions = RasterOptions(), bandHeight: Int = TriangleRasterizer.bandHeight) -> RGBAImage {
        precondition(width > 0 && height > 0, "frame size must be positive")
        precondition(triangles.allSatisfy { textures.indices.contains($0.texture) }, "triangle refers to a missing texture")
        let scale = options.samples
        let renderWidth = width * scale, renderHeight = height * scale
        let setups = triangles.flatMap { triangle in
            fan(PolygonClipper.clip(triangle, depthRange: options.depthRange)).compactMap {
                TriangleSetup($0.0, $0.1, $0.2, texture: triangle.texture, width: renderWidth, height: renderHeight, depthRange: options.depthRange)
            }
        }
        let linear = options.filteringSpace == .linear
        let samplers = textures.map { TextureSampler(texture: $0, linear: linear) }
        let background = options.background
        let backgroundValue: SIMD4<Float> = linear
            ? SIMD4(SRGB.decodeTable[Int(background.r)], SRGB.decodeTable[Int(background.g)], SRGB.decodeTable[Int(background.b)], Float(background.a) / 255)
            : SIMD4(Float(background.r), Float(background.g), Float(background.b), Float(background.a))
        let bandHeight = max(1, bandHeight)
        let filter = options.filter
        func drawBands<Sink: PixelSink>(_ sink: Sink) {
            Parallel.forEachBand(of: renderHeight, size: bandHeight) { rows in
                // Padding: the span shader's last step in a row may load and store a few depths past its end.
                let depthCount = rows.count * renderWidth + TriangleSetup.lanes
                let depth = UnsafeMutablePointer<Float>.allocate(capacity: depthCount)
                depth.initialize(repeating: 1, count: depthCount)
                defer { depth.deallocate() }
                sink.fill((rows.lowerBound * renderWidth)..<(rows.upperBound * renderWidth), with: backgroundValue)
                let bytes = filter == .bilinear ? sink as? ByteSink : nil
                for setup in setups {
                    if let bytes {
                        setup.drawBilinearBytes(rows: rows, width: renderWidth, level: samplers[setup.texture].base,
                                                pixels: bytes.pixels, depth: depth)
                    } else {
                        setup.draw(rows: rows, width: renderWidth, sampler: samplers[setup.texture], filter: filter, sink: sink, depth: depth)
                    }
                }
            }
        }
        // Hold the textures (and so the samplers' texel pointers) alive while drawing.
        return withExtendedLifetime(textures) {
            if scale == 1 && !linear {
                // Every pixel is written (background fill first), so the buffer starts uninitialised.
                let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
                    drawBands(ByteSink(pixels: buffer.baseAddress!))
                    count = width * height * 4
                }
                return try! RGBAImage(width: width, height: height, pixels: pixels)  // sizes match by construction
            }
            return renderResolvingBands(setups: setups, samplers: samplers, width: width, height: height, scale: scale,
                                        linear: linear, filter: filter, background: backgroundValue, bandHeight: bandHeight)
        }
    }

    /// A convex polygon as a triangle fan.
    static func fan(_ polygon: [ClipVertex]) -> [(ClipVertex, ClipVertex, ClipVertex)] {
        guard polygon.count >= 3 else { return [] }
        return (1..<(polygon.count - 1)).map { (polygon[0], polygon[$0], polygon[$0 + 1]) }
    }
}

/// One screen-space triangle ready to draw: fixed-point edges and affine attribute planes.
struct TriangleSetup: Sendable {
    // Fixed-point vertex positions (1/256 px).
    var x0, y0, x1, y1, x2, y2: Int64
    // Edge (a→b) functions E = A·px + B·py + C, for edges 1→2, 2→0, 0→1, with fill-rule biases.
    var edgeA: (Int64, Int64, Int64)
    var edgeB: (Int64, Int64, Int64)
    var edgeC: (Int64, Int64, Int64)
    var bias: (Int64, Int64, Int64)
    var minX, maxX, minY, maxY: Int
    // Planes value = p0 + px·dx + py·dy for 1/w, u/w, v/w and window depth.
    var inverseW: (Double, Double, Double)
    var uOverW: (Double, Double, Double)
    var vOverW: (Double, Double, Double)
    var depth: (Double, Double, Double)
    var texture: Int

    init?(_ a: ClipVertex, _ b: ClipVertex, _ c: ClipVertex, texture: Int, width: Int, height: Int, depthRange: ClipDepthRange) {
        let one = Int64(1) << TriangleRasterizer.subpixelBits
        func screen(_ v: ClipVertex) -> (x: Int64, y: Int64, invW: Double, depth: Double) {
            let invW = 1 / v.w
            let sx = (v.x * invW + 1) * 0.5 * Double(width)
            let sy = (1 - v.y * invW) * 0.5 * Double(height)
            let z = v.z * invW
            return (Int64((sx * Double(one)).rounded()), Int64((sy * Double(one)).rounded()), invW,
                    depthRange == .negativeOneToOne ? (z + 1) * 0.5 : z)
        }
        var p = [screen(a), screen(b), screen(c)]
        var vertices = [a, b, c]
        var area = (p[1].x - p[0].x) * (p[2].y - p[0].y) - (p[1].y - p[0].y) * (p[2].x - p[0].x)
        guard area != 0 else { return nil }
        if area < 0 {
            p.swapAt(1, 2)
            vertices.swapAt(1, 2)
            area = -area
        }
        (x0, y0, x1, y1, x2, y2) = (p[0].x, p[0].y, p[1].x, p[1].y, p[2].x, p[2].y)
        // E_ab(p) = (bx − ax)(py − ay) − (by − ay)(px − ax)  →  A = −(by − ay), B = bx − ax, C = …
        func edge(_ ax: Int64, _ ay: Int64, _ bx: Int64, _ by: Int64) -> (Int64, Int64, Int64) {
            (-(by - ay), bx - ax, (by - ay) * ax - (bx - ax) * ay)
        }
        // Top-left rule in y-down screen space for this winding: an edge with dy < 0, or dy = 0 and dx > 0.
        func fillBias(_ ax: Int64, _ ay: Int64, _ bx: Int64, _ by: Int64) -> Int64 {
            let dy = by - ay, dx = bx - ax
            return (dy < 0 || (dy == 0 && dx > 0)) ? 0 : -1
        }
        let edges = (edge(p[1].x, p[1].y, p[2].x, p[2].y),   // weight of vertex 0
                     edge(p[2].x, p[2].y, p[0].x, p[0].y),   // weight of vertex 1
                     edge(p[0].x, p[0].y, p[1].x, p[1].y))   // weight of vertex 2
        (edgeA, edgeB, edgeC) = edges
        bias = (fillBias(x1, y1, x2, y2), fillBias(x2, y2, x0, y0), fillBias(x0, y0, x1, y1))
        // Pixel centres (i + ½) covered: bounding box in whole pixels, clamped to the frame.
        let xs = (p[0].x, p[1].x, p[2].x), ys = (p[0].y, p[1].y, p[2].y)
        minX = max(0, Int((min(xs.0, xs.1, xs.2) - one / 2) >> TriangleRasterizer.subpixelBits))
        maxX = min(width - 1, Int((max(xs.0, xs.1, xs.2) - one / 2) >> TriangleRasterizer.subpixelBits) + 1)
        minY = max(0, Int((min(ys.0, ys.1, ys.2) - one / 2) >> TriangleRasterizer.subpixelBits))
        maxY = min(height - 1, Int((max(ys.0, ys.1, ys.2) - one / 2) >> TriangleRasterizer.subpixelBits) + 1)
        guard minX <= maxX && minY <= maxY else { return nil }

        // Attribute planes in pixel units from the snapped positions: λ_i(p) = E_i(p) / area.
        let s = Double(one), areaD = Double(area)
        func plane(_ values: (Double, Double, Double)) -> (Double, Double, Double) {
            let (e0, e1, e2) = edges
            let dx = (Double(e0.0) * values.0 + Double(e1.0) * values.1 + Double(e2.0) * values.2) * s / areaD
            let dy = (Double(e0.1) * values.0 + Double(e1.1) * values.1 + Double(e2.1) * values.2) * s / areaD
            let c = (Double(e0.2) * values.0 + Double(e1.2) * values.1 + Double(e2.2) * values.2) / areaD
            return (c, dx, dy)
        }
        let w = (p[0].invW, p[1].invW, p[2].invW)
        inverseW = plane(w)
        uOverW = plane((vertices[0].u * w.0, vertices[1].u * w.1, vertices[2].u * w.2))
        vOverW = plane((vertices[0].v * w.0, vertices[1].v * w.1, vertices[2].v * w.2))
        depth = plane((p[0].depth, p[1].depth, p[2].depth))
        self.texture = texture
    }

    /// The pixels of row y whose centres pass all three edge tests (with the fill-rule biases), solved exactly
    /// in integers: E(px) = A·px + R ≥ −bias is a half-line in px. Nil when the row misses the triangle.
    func span(row y: Int) -> ClosedRange<Int>? {
        let one = Int64(1) << TriangleRasterizer.subpixelBits
        let py = Int64(y) * one + one / 2
        var low = Int64(minX), high = Int64(maxX)
        @inline(__always) func limit(_ edge: (Int64, Int64, Int64), _ b: Int64) -> Bool {
            let threshold = -b - (edge.1 * py + edge.2)        // need A·px ≥ threshold
            if edge.0 > 0 {
                low = max(low, Self.ceilDiv(Self.ceilDiv(threshold, edge.0) - one / 2, one))
            } else if edge.0 < 0 {
                high = min(high, Self.floorDiv(Self.floorDiv(-threshold, -edge.0) - one / 2, one))
            } else if threshold > 0 {
                return false
            }
            return true
        }
        guard limit(edgeA, bias.0), limit(edgeB, bias.1), limit(edgeC, bias.2) else { return nil }
        return low <= high ? Int(low)...Int(high) : nil
    }

    @inline(__always) static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    @inline(__always) static func ceilDiv(_ a: Int64, _ b: Int64) -> Int64 { -floorDiv(-a, b) }

    /// Whether the centre of pixel (x, y) is inside, by direct edge evaluation (the reference for `span`).
    func covers(x: Int, y: Int) -> Bool {
        let one = Int64(1) << TriangleRasterizer.subpixelBits
        let px = Int64(x) * one + one / 2, py = Int64(y) * one + one / 2
        let e0 = edgeA.0 * px + edgeA.1 * py + edgeA.2 + bias.0
        let e1 = edgeB.0 * px + edgeB.1 * py + edgeB.2 + bias.1
        let e2 = edgeC.0 * px + edgeC.1 * py + edgeC.2 + bias.2
        return e0 >= 0 && e1 >= 0 && e2 >= 0
    }

    @inline(__always)
    func draw<Sink: PixelSink>(rows: Range<Int>, width: Int, sampler: TextureSampler, filter: RasterOptions.Filter,
                               sink: Sink, depth depthBuffer: UnsafeMutablePointer<Float>) {
        let top = max(rows.lowerBound, minY), bottom = min(rows.upperBound - 1, maxY)
        guard top <= bottom else { return }
        let level0 = sampler.base
        for y in top...bottom {
            guard let span = span(row: y) else { continue }
            let pyD = Double(y) + 0.5
            let depthRow = (y - rows.lowerBound) * width
            // Row constants of the affine planes; each pixel then adds its own x term (no accumulation, so
            // a pixel's value depends only on its row and column).
            let rowDepth = depth.0 + depth.2 * pyD, rowInverseW = inverseW.0 + inverseW.2 * pyD
            let rowU = uOverW.0 + uOverW.2 * pyD, rowV = vOverW.0 + vOverW.2 * pyD
            for x in span {
                let pxD = Double(x) + 0.5
                let z = Float(rowDepth + depth.1 * pxD)
                guard z < depthBuffer[depthRow + x] else { continue }
                depthBuffer[depthRow + x] = z
                let invW = rowInverseW + inverseW.1 * pxD
                let w = 1 / invW
                let u = (rowU + uOverW.1 * pxD) * w
                let v = (rowV + vOverW.1 * pxD) * w
                var lod = 0.0
                if filter == .trilinear {
                    // Screen-space derivatives of u = U/W, v = V/W (U, V, W affine): (U'·W − U·W')/W².
                    let w2 = invW * invW
                    let uU = rowU + uOverW.1 * pxD, vV = rowV + vOverW.1 * pxD
                    let dudx = (uOverW.1 * invW - uU * inverseW.1) / w2 * Double(level0.width)
                    let dvdx = (vOverW.1 * invW - vV * inverseW.1) / w2 * Double(level0.height)
                    let dudy = (uOverW.2 * invW - uU * inverseW.2) / w2 * Double(level0.width)
                    let dvdy = (vOverW.2 * invW - vV * inverseW.2) / w2 * Double(level0.height)
                    let rho = max((dudx * dudx + dvdx * dvdx).squareRoot(), (dudy * dudy + dvdy * dvdy).squareRoot())
                    lod = rho > 1 ? log2(rho) : 0
                }
                sink.shade(y &* width &+ x, sampler: sampler, u: u, v: v, lod: lod)
            }
        }
    }
}

/// Where the rasterizer writes a pixel's filtered colour (specialised, so no dynamic dispatch per pixel).
protocol PixelSink {
    func fill(_ pixels: Range<Int>, with value: SIMD4<Float>)
    func shade(_ index: Int, sampler: TextureSampler, u: Double, v: Double, lod: Double)
}

/// Straight to 8-bit pixels (no supersampling, encoded filtering). Bilinear filtering runs in 8-bit integer
/// arithmetic with 8-bit sub-texel weights, like GPU texture units: exact at texel centres, within ±1 of the
/// real-valued filter elsewhere.
struct ByteSink: PixelSink {  // each band writes only its own rows
    let pixels: UnsafeMutablePointer<UInt8>

    func fill(_ range: Range<Int>, with value: SIMD4<Float>) {
        let word = UInt32(ByteSink.byte(value.x)) | UInt32(ByteSink.byte(value.y)) << 8
            | UInt32(ByteSink.byte(value.z)) << 16 | UInt32(ByteSink.byte(value.w)) << 24
        UnsafeMutableRawPointer(pixels + 4 * range.lowerBound).bindMemory(to: UInt32.self, capacity: range.count)
            .update(repeating: UInt32(littleEndian: word), count: range.count)
    }

    @inline(__always)
    func shade(_ index: Int, sampler: TextureSampler, u: Double, v: Double, lod: Double) {
        if lod > 0 && sampler.levels.count > 1 {
            let value = sampler.sample(u: u, v: v, lod: lod)
            pixels[4 * index] = ByteSink.byte(value.x)
            pixels[4 * index + 1] = ByteSink.byte(value.y)
            pixels[4 * index + 2] = ByteSink.byte(value.z)
            pixels[4 * index + 3] = ByteSink.byte(value.w)
            return
        }
        let texel = sampler.bilinearBytes(u: u, v: v)
        UnsafeMutableRawPointer(pixels + (index &<< 2)).storeBytes(of: texel, as: UInt32.self)
    }

    /// Nearest byte, halves rounded up (values are filtered bytes, so never negative).
    @inline(__always)
    static func byte(_ value: Float) -> UInt8 {
        UInt8(truncatingIfNeeded: Int32(min(max(value + 0.5, 0), 255)))
    }
}

/// To a float buffer, resolved (box filter, encode) afterwards. `values` holds the pixels from frame-wide
/// index `origin` on (a band's rows).
struct FloatSink: PixelSink {  // each band writes only its own rows
    let values: UnsafeMutablePointer<Float>
    var origin = 0

    func fill(_ range: Range<Int>, with value: SIMD4<Float>) {
        for index in range { store(index, value) }
    }

    @inline(__always)
    func shade(_ index: Int, sampler: TextureSampler, u: Double, v: Double, lod: Double) {
        store(index, sampler.sample(u: u, v: v, lod: lod))
    }

    @inline(__always)
    func store(_ frameIndex: Int, _ value: SIMD4<Float>) {
        UnsafeMutableRawPointer(values + 4 &* (frameIndex &- origin)).storeBytes(of: value, as: SIMD4<Float>.self)
    }
}
