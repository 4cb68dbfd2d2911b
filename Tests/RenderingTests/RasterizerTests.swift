import Imaging
import Geometry
import ParallaxTestSupport
import Testing
@testable import Rendering

@Suite struct RasterizerTests {
    /// A full-frame quad in clip space at depth z (w = 1) split along a diagonal.
    func screenQuad(texture: Int = 0, z: Double = 0) -> [ClipTriangle] {
        let tl = ClipVertex(x: -1, y: 1, z: z, w: 1, u: 0, v: 0), tr = ClipVertex(x: 1, y: 1, z: z, w: 1, u: 1, v: 0)
        let br = ClipVertex(x: 1, y: -1, z: z, w: 1, u: 1, v: 1), bl = ClipVertex(x: -1, y: -1, z: z, w: 1, u: 0, v: 1)
        return [ClipTriangle(tl, tr, br, texture: texture), ClipTriangle(tl, br, bl, texture: texture)]
    }

    @Test func sharedEdgesAreCoveredExactlyOnce() {
        // Triangles fanning around random interior points and a grid with shared diagonals tile the frame.
        let width = 97, height = 61
        var generator = SplitMix64(seed: 3)
        var vertices: [(Double, Double)] = [(-1, 1), (1, 1), (1, -1), (-1, -1)]
        var triangles: [(Int, Int, Int)] = []
        let center = vertices.count
        vertices.append((generator.uniform(-0.9...0.9), generator.uniform(-0.9...0.9)))
        for i in 0..<4 { triangles.append((i, (i + 1) % 4, center)) }
        // Subdivide each fan triangle around further random points (every split shares edges).
        for _ in 0..<40 {
            let pick = Int(generator.uniform(0...Double(triangles.count - 1)).rounded(.down))
            let (a, b, c) = triangles.remove(at: pick)
            let r1 = generator.uniform(0.1...0.8), r2 = generator.uniform(0.1...(0.9 - r1))
            let p = (vertices[a].0 + r1 * (vertices[b].0 - vertices[a].0) + r2 * (vertices[c].0 - vertices[a].0),
                     vertices[a].1 + r1 * (vertices[b].1 - vertices[a].1) + r2 * (vertices[c].1 - vertices[a].1))
            vertices.append(p)
            let m = vertices.count - 1
            triangles += [(a, b, m), (b, c, m), (c, a, m)]
        }
        var coverage = [Int](repeating: 0, count: width * height)
        for (a, b, c) in triangles {
            func v(_ i: Int) -> ClipVertex { ClipVertex(x: vertices[i].0, y: vertices[i].1, z: 0, w: 1, u: 0, v: 0) }
            guard let setup = TriangleSetup(v(a), v(b), v(c), texture: 0, width: width, height: height, depthRange: .negativeOneToOne) else { continue }
            for y in 0..<height {
                let span = setup.span(row: y)
                for x in 0..<width {
                    let covered = setup.covers(x: x, y: y)
                    #expect(covered == (span?.contains(x) ?? false), "span and edge test disagree at \(x),\(y)")
                    if covered { coverage[y * width + x] += 1 }
                }
            }
        }
        #expect(coverage.allSatisfy { $0 == 1 }, "pixels covered \(Set(coverage)) times")
    }

    @Test func oneTexelCheckerInTheScreenPlaneStaysAlignedForAnyEye() {
        let W = 0.06, H = 0.12, width = 60, height = 120
        var checker = [UInt8]()
        for y in 0..<height { for x in 0..<width { let on: UInt8 = (x + y) % 2 == 0 ? 255 : 0; checker += [on, on, on, 255] } }
        let texture = Texture(width: width, height: height, rgba: checker)
        // A quad exactly covering the screen, in the screen plane z = 0: pinned, whatever the eye.
        for eye in [Vec3(0, 0, 0.35), Vec3(0.04, -0.03, 0.25), Vec3(-0.1, 0.08, 0.6)] {
            let m = referenceClipMatrix(eye: eye, width: W, height: H).elements
            func vertex(_ x: Double, _ y: Double, _ u: Double, _ v: Double) -> ClipVertex {
                ClipVertex(x: m[0] * x + m[1] * y + m[3], y: m[4] * x + m[5] * y + m[7], z: m[8] * x + m[9] * y + m[11],
                           w: m[12] * x + m[13] * y + m[15], u: u, v: v)
            }
            let tl = vertex(-W / 2, H / 2, 0, 0), tr = vertex(W / 2, H / 2, 1, 0), br = vertex(W / 2, -H / 2, 1, 1), bl = vertex(-W / 2, -H / 2, 0, 1)
            let frame = TriangleRasterizer.render([ClipTriangle(tl, tr, br, texture: 0), ClipTriangle(tl, br, bl, texture: 0)],
                                                  textures: [texture], width: width, height: height)
            #expect(frame.pixels == checker, "checker misaligned for eye \(eye)")
        }
    }

    @Test func depthTestKeepsTheNearerSurfaceWhateverTheOrder() {
        let near = screenQuad(texture: 0, z: -0.5), far = screenQuad(texture: 1, z: 0.5)
        let textures = [solidTexture(RGBA(10, 20, 30)), solidTexture(RGBA(200, 100, 50))]
        for triangles in [near + far, far + near] {
            let frame = TriangleRasterizer.render(triangles, textures: textures, width: 16, height: 16)
            #expect(frame[5, 5] == RGBA(10, 20, 30))
        }
        // Metal depth range: z ∈ [0, w]; a surface at clip z < 0 is in front of the near plane and clipped away.
        let clipped = TriangleRasterizer.render(screenQuad(texture: 0, z: -0.5), textures: textures, width: 8, height: 8,
                                                options: RasterOptions(background: backgroundMagenta, depthRange: .zeroToOne))
        #expect(clipped[4, 4] == backgroundMagenta)
    }

    @Test func nearPlaneClippingRemovesGeometryBehindTheEye() {
        // A floor quad from in front of the eye to behind it: no NaNs, no wrap-around, drawn up to the near plane.
        let W = 0.06, H = 0.12
        let eye = Vec3(0, 0, 0.3)
        let m = referenceClipMatrix(eye: eye, width: W, height: H).elements
        func vertex(_ p: Vec3, _ u: Double, _ v: Double) -> ClipVertex {
            ClipVertex(x: m[0] * p.x + m[1] * p.y + m[2] * p.z + m[3], y: m[4] * p.x + m[5] * p.y + m[6] * p.z + m[7],
                       z: m[8] * p.x + m[9] * p.y + m[10] * p.z + m[11], w: m[12] * p.x + m[13] * p.y + m[14] * p.z + m[15], u: u, v: v)
        }
        let a = vertex(Vec3(-0.05, -0.03, -0.3), 0, 0), b = vertex(Vec3(0.05, -0.03, -0.3), 1, 0)
        let c = vertex(Vec3(0.05, -0.03, 1.0), 1, 1), d = vertex(Vec3(-0.05, -0.03, 1.0), 0, 1)
        let frame = TriangleRasterizer.render([ClipTriangle(a, b, c, texture: 0), ClipTriangle(a, c, d, texture: 0)],
                                              textures: [solidTexture(RGBA(0, 200, 0))], width: 40, height: 80,
                                              options: RasterOptions(background: backgroundMagenta))
        // The floor is below the eye: it covers the bottom of the frame and never the top half.
        #expect(frame[20, 79] == RGBA(0, 200, 0))
        for y in 0..<40 { for x in 0..<40 { #expect(frame[x, y] == backgroundMagenta) } }
    }

    @Test func outputDoesNotDependOnHowTheFrameIsSplit() {
        let W = 0.0651013, H = 0.1411357
        let room = CubeRoom.screen(width: W, height: H)
        let textures = CubeRoom.Face.allCases.map { face -> Texture in
            let image = DefaultFaceTextures.texture(for: face)
            return Texture(width: image.width, height: image.height, rgba: image.pixels, mipmaps: true)
        }
        let triangles = room.clipTriangles(clipFromWorld: referenceClipMatrix(eye: Vec3(0.02, 0.01, 0.3), width: W, height: H))
        for options in [RasterOptions(), RasterOptions(samples: 2, filter: .trilinear)] {
            let reference = TriangleRasterizer.render(triangles, textures: textures, width: 90, height: 190, options: options, bandHeight: 190 * options.samples)
            for band in [1, 7, 16] {
                #expect(TriangleRasterizer.render(triangles, textures: textures, width: 90, height: 190, options: options, bandHeight: band) == reference)
            }
        }
    }

    @Test func supersamplingAveragesEdgesAndKeepsInteriors() {
        // A triangle covering the left half (diagonal edge): interior pixels keep the texture colour exactly,
        // edge pixels get intermediate values.
        let a = ClipVertex(x: -1, y: 1, z: 0, w: 1, u: 0, v: 0), b = ClipVertex(x: 0.3, y: 1, z: 0, w: 1, u: 0, v: 0)
        let c = ClipVertex(x: -1, y: -1, z: 0, w: 1, u: 0, v: 0)
        let white = solidTexture(RGBA(255, 255, 255))
        let frame = TriangleRasterizer.render([ClipTriangle(a, b, c, texture: 0)], textures: [white], width: 32, height: 32,
                                              options: RasterOptions(samples: 4))
        #expect(frame[1, 1] == RGBA(255, 255, 255))
        #expect(frame[31, 31] == RGBA(0, 0, 0))
        let partial = (0..<32).flatMap { y in (0..<32).map { x in frame[x, y].r } }.filter { $0 > 0 && $0 < 255 }
        #expect(partial.count >= 20)
    }

    @Test func bilinearSamplesTexelCentresExactlyAndClampsAtEdges() {
        // 2×1 texture black | white: u = ¼ is the black texel's centre, ½ the midpoint, beyond the ends clamps.
        let texture = Texture(width: 2, height: 1, rgba: [0, 0, 0, 255, 200, 200, 200, 255])
        let sampler = TextureSampler(texture: texture, linear: false)
        #expect(sampler.sample(u: 0.25, v: 0.5, lod: 0).x == 0)
        #expect(sampler.sample(u: 0.5, v: 0.5, lod: 0).x == 100)
        #expect(sampler.sample(u: 0.75, v: 0.5, lod: 0).x == 200)
        #expect(sampler.sample(u: -3, v: 9, lod: 0).x == 0)
        #expect(sampler.sample(u: 1.7, v: -2, lod: 0).x == 200)
        // Linear light: the midpoint of black and sRGB 200 is decoded, averaged, re-encoded.
        let linear = Texture(width: 2, height: 1, rgba: [0, 0, 0, 255, 200, 200, 200, 255], linearLight: true)
        let mid = TextureSampler(texture: linear, linear: true).sample(u: 0.5, v: 0.5, lod: 0).x
        #expect(SRGB.encode(mid) == 146)  // 200 → 0.5776 linear; (0 + 0.5776)/2 = 0.2888 → sRGB 0.5738 → 146.3 → 146
    }
}
