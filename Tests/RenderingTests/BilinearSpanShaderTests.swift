import Imaging
import Geometry
import ParallaxTestSupport
import Testing
@testable import Rendering

/// The eight-pixel span shader must reproduce the scalar per-pixel path (`TriangleSetup.draw` with
/// `TextureSampler.bilinearBytes`) bit for bit: colours and depth buffer, for perspective and affine faces,
/// coordinates far outside the texture (clamp-to-edge), odd texture sizes, overlapping depths and spans of
/// every length modulo 8.
@Suite struct BilinearSpanShaderTests {
    /// Draws every triangle once through each path into its own colour and depth buffers.
    func renderBothWays(_ triangles: [ClipTriangle], textures: [Texture], width: Int, height: Int)
        -> (vector: [UInt8], scalar: [UInt8], vectorDepth: [Float], scalarDepth: [Float]) {
        let setups = triangles.flatMap { triangle in
            TriangleRasterizer.fan(PolygonClipper.clip(triangle, depthRange: .negativeOneToOne)).compactMap {
                TriangleSetup($0.0, $0.1, $0.2, texture: triangle.texture, width: width, height: height, depthRange: .negativeOneToOne)
            }
        }
        let samplers = textures.map { TextureSampler(texture: $0, linear: false) }
        var vector = [UInt8](repeating: 7, count: width * height * 4), scalar = vector
        var vectorDepth = [Float](repeating: 1, count: width * height + TriangleSetup.lanes), scalarDepth = vectorDepth
        withExtendedLifetime(textures) {
            vector.withUnsafeMutableBufferPointer { pixels in
                vectorDepth.withUnsafeMutableBufferPointer { depth in
                    for setup in setups {
                        setup.drawBilinearBytes(rows: 0..<height, width: width, level: samplers[setup.texture].base,
                                                pixels: pixels.baseAddress!, depth: depth.baseAddress!)
                    }
                }
            }
            scalar.withUnsafeMutableBufferPointer { pixels in
                scalarDepth.withUnsafeMutableBufferPointer { depth in
                    for setup in setups {
                        setup.draw(rows: 0..<height, width: width, sampler: samplers[setup.texture], filter: .bilinear,
                                   sink: ByteSink(pixels: pixels.baseAddress!), depth: depth.baseAddress!)
                    }
                }
            }
        }
        return (vector, scalar, vectorDepth, scalarDepth)
    }

    /// How many elements differ (a count, so a failure does not print whole frames).
    func mismatches<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
        a.count == b.count ? zip(a, b).filter { $0 != $1 }.count : max(a.count, b.count)
    }

    func defaultTextures() -> [Texture] {
        CubeRoom.Face.allCases.map { face in
            let image = DefaultFaceTextures.texture(for: face)
            return Texture(width: image.width, height: image.height, rgba: image.pixels)
        }
    }

    @Test func cubeRoomMatchesTheScalarPathForManyEyes() {
        let W = 0.0651013, H = 0.1411357
        let textures = defaultTextures()
        var generator = SplitMix64(seed: 11)
        for room in [CubeRoom.screen(width: W, height: H), .appCube, .appPortrait] {
            for _ in 0..<6 {
                let eye = Vec3(generator.uniform(-0.12...0.12), generator.uniform(-0.12...0.12), generator.uniform(0.1...0.6))
                let triangles = room.clipTriangles(clipFromWorld: referenceClipMatrix(eye: eye, width: W, height: H))
                let width = Int(generator.uniform(40...190)), height = Int(generator.uniform(80...330))
                let result = renderBothWays(triangles, textures: textures, width: width, height: height)
                #expect(mismatches(result.vector, result.scalar) == 0, "colours differ for eye \(eye) at \(width)×\(height)")
                #expect(mismatches(result.vectorDepth, result.scalarDepth) == 0, "depths differ for eye \(eye) at \(width)×\(height)")
                #expect(result.vector.contains { $0 != 7 }, "nothing drawn for eye \(eye)")
            }
        }
    }

    @Test func randomTrianglesWithOverlapAndClampingMatchTheScalarPath() {
        // Odd texture sizes, texture coordinates from −2 to 3 (clamped), w from 0.2 to 5 (strong perspective),
        // depths that overlap (the depth test decides per pixel).
        var generator = SplitMix64(seed: 5)
        var textures: [Texture] = []
        for (w, h) in [(7, 5), (1, 1), (33, 64), (256, 3)] {
            let texels = (0..<(w * h * 4)).map { _ in UInt8(generator.uniform(0...255).rounded(.down)) }
            textures.append(Texture(width: w, height: h, rgba: texels))
        }
        var triangles: [ClipTriangle] = []
        for index in 0..<60 {
            func vertex() -> ClipVertex {
                let w = generator.uniform(0.2...5)
                return ClipVertex(x: generator.uniform(-1.3...1.3) * w, y: generator.uniform(-1.3...1.3) * w,
                                  z: generator.uniform(-0.9...0.9) * w, w: w,
                                  u: generator.uniform(-2...3), v: generator.uniform(-2...3))
            }
            triangles.append(ClipTriangle(vertex(), vertex(), vertex(), texture: index % textures.count))
        }
        for (width, height) in [(61, 47), (128, 96), (9, 200)] {
            let result = renderBothWays(triangles, textures: textures, width: width, height: height)
            #expect(mismatches(result.vector, result.scalar) == 0, "colours differ at \(width)×\(height)")
            #expect(mismatches(result.vectorDepth, result.scalarDepth) == 0, "depths differ at \(width)×\(height)")
        }
    }

    @Test func spansOfEveryLengthStopAtTheirLastPixel() {
        // Full-width quads of widths 1…17 px over a background: no pixel right of the quad is touched.
        let texture = Texture(width: 2, height: 2, rgba: [10, 20, 30, 255, 40, 50, 60, 255, 70, 80, 90, 255, 100, 110, 120, 255])
        for spanWidth in 1...17 {
            let width = 24, height = 3
            let right = -1 + 2 * Double(spanWidth) / Double(width)
            let tl = ClipVertex(x: -1, y: 1, z: 0, w: 1, u: 0, v: 0), tr = ClipVertex(x: right, y: 1, z: 0, w: 1, u: 1, v: 0)
            let br = ClipVertex(x: right, y: -1, z: 0, w: 1, u: 1, v: 1), bl = ClipVertex(x: -1, y: -1, z: 0, w: 1, u: 0, v: 1)
            let result = renderBothWays([ClipTriangle(tl, tr, br, texture: 0), ClipTriangle(tl, br, bl, texture: 0)],
                                        textures: [texture], width: width, height: height)
            #expect(mismatches(result.vector, result.scalar) == 0, "span of \(spanWidth)")
            for y in 0..<height {
                for x in 0..<width {
                    let drawn = result.vector[4 * (y * width + x) + 3] == 255
                    #expect(drawn == (x < spanWidth), "pixel \(x),\(y) for a span of \(spanWidth)")
                }
            }
        }
    }
}

/// The float span shader against the scalar per-pixel path (`draw` with a `FloatSink`), bit for bit.
@Suite struct BilinearFloatSpanShaderTests {
    @Test(arguments: [false, true])
    func randomTrianglesMatchTheScalarPath(linear: Bool) {
        var generator = SplitMix64(seed: linear ? 8 : 9)
        var textures: [Texture] = []
        for (w, h) in [(7, 5), (1, 1), (33, 64), (256, 3)] {
            let texels = (0..<(w * h * 4)).map { _ in UInt8(generator.uniform(0...255).rounded(.down)) }
            textures.append(Texture(width: w, height: h, rgba: texels, linearLight: linear))
        }
        var triangles: [ClipTriangle] = []
        for index in 0..<60 {
            func vertex() -> ClipVertex {
                let w = generator.uniform(0.2...5)
                return ClipVertex(x: generator.uniform(-1.3...1.3) * w, y: generator.uniform(-1.3...1.3) * w,
                                  z: generator.uniform(-0.9...0.9) * w, w: w,
                                  u: generator.uniform(-2...3), v: generator.uniform(-2...3))
            }
            triangles.append(ClipTriangle(vertex(), vertex(), vertex(), texture: index % textures.count))
        }
        let width = 83, height = 67
        let setups = triangles.flatMap { triangle in
            TriangleRasterizer.fan(PolygonClipper.clip(triangle, depthRange: .negativeOneToOne)).compactMap {
                TriangleSetup($0.0, $0.1, $0.2, texture: triangle.texture, width: width, height: height, depthRange: .negativeOneToOne)
            }
        }
        let samplers = textures.map { TextureSampler(texture: $0, linear: linear) }
        let spread = samplers.map { SpreadFloatTexels(level: $0.base, linear: linear) }
        var vector = [Float](repeating: -1, count: width * height * 4), scalar = vector
        var vectorDepth = [Float](repeating: 1, count: width * height + TriangleSetup.lanes), scalarDepth = vectorDepth
        withExtendedLifetime(textures) {
            vector.withUnsafeMutableBufferPointer { values in
                vectorDepth.withUnsafeMutableBufferPointer { depth in
                    for setup in setups {
                        let base = samplers[setup.texture].base
                        setup.drawBilinearFloats(rows: 0..<height, width: width, texels: spread[setup.texture], size: (base.width, base.height),
                                                 sink: FloatSink(values: values.baseAddress!), depth: depth.baseAddress!)
                    }
                }
            }
            scalar.withUnsafeMutableBufferPointer { values in
                scalarDepth.withUnsafeMutableBufferPointer { depth in
                    for setup in setups {
                        setup.draw(rows: 0..<height, width: width, sampler: samplers[setup.texture], filter: .bilinear,
                                   sink: FloatSink(values: values.baseAddress!), depth: depth.baseAddress!)
                    }
                }
            }
        }
        let first = zip(vector, scalar).enumerated().first { $0.element.0.bitPattern != $0.element.1.bitPattern }
        #expect(first == nil, "first difference at value \(first?.offset ?? -1): \(first.map { "\($0.element.0) vs \($0.element.1)" } ?? "")")
        #expect(zip(vector, scalar).filter { $0.bitPattern != $1.bitPattern }.count == 0)
        #expect(vectorDepth == scalarDepth)
    }
}

@Suite struct SpanEndsTests {
    @Test func clampingIsSkippedOnlyAQuarterTexelInsideTheClampRange() {
        // Texture 4 texels wide: t·4 − ½ must stay within [−0.75, 3.75], i.e. t ∈ [−1/16, 17/16].
        func inside(_ u0: Double, _ u1: Double) -> Bool {
            SpanEnds(u: SIMD2(u0, u1), v: SIMD2(0.5, 0.5)).stayInside(width: 4, height: 4)
        }
        #expect(inside(0, 1))
        #expect(inside(-0.0625, 1.0625))
        #expect(!inside(-0.07, 0.5))
        #expect(!inside(0.5, 1.07))
        #expect(inside(1, 0))  // either order
        #expect(!SpanEnds(u: SIMD2(0.5, 0.5), v: SIMD2(0.2, 1.2)).stayInside(width: 4, height: 4))
    }
}
