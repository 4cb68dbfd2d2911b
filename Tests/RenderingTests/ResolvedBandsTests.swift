import Imaging
import Geometry
import ParallaxTestSupport
import Testing
@testable import Rendering

/// The band-by-band float path (supersampling, linear light) must give exactly the frame of the original
/// whole-frame path: every sample drawn by the scalar `TriangleSetup.draw` into one float buffer, then each
/// channel box-filtered and encoded (the reference below is that path, kept here verbatim).
@Suite struct ResolvedBandsTests {
    func wholeFrameReference(_ triangles: [ClipTriangle], textures: [Texture], width: Int, height: Int, options: RasterOptions) -> [UInt8] {
        let scale = options.samples, linear = options.filteringSpace == .linear
        let renderWidth = width * scale, renderHeight = height * scale
        let setups = triangles.flatMap { triangle in
            TriangleRasterizer.fan(PolygonClipper.clip(triangle, depthRange: options.depthRange)).compactMap {
                TriangleSetup($0.0, $0.1, $0.2, texture: triangle.texture, width: renderWidth, height: renderHeight, depthRange: options.depthRange)
            }
        }
        let samplers = textures.map { TextureSampler(texture: $0, linear: linear) }
        let b = options.background
        let background: SIMD4<Float> = linear
            ? SIMD4(SRGB.decodeTable[Int(b.r)], SRGB.decodeTable[Int(b.g)], SRGB.decodeTable[Int(b.b)], Float(b.a) / 255)
            : SIMD4(Float(b.r), Float(b.g), Float(b.b), Float(b.a))
        var color = [Float](repeating: 0, count: renderWidth * renderHeight * 4)
        var depth = [Float](repeating: 1, count: renderWidth * renderHeight + TriangleSetup.lanes)
        withExtendedLifetime(textures) {
            color.withUnsafeMutableBufferPointer { values in
                depth.withUnsafeMutableBufferPointer { depth in
                    let sink = FloatSink(values: values.baseAddress!)
                    sink.fill(0..<(renderWidth * renderHeight), with: background)
                    for setup in setups {
                        setup.draw(rows: 0..<renderHeight, width: renderWidth, sampler: samplers[setup.texture], filter: options.filter,
                                   sink: sink, depth: depth.baseAddress!)
                    }
                }
            }
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let weight = 1 / Float(scale * scale)
        for y in 0..<height {
            for x in 0..<width {
                for c in 0..<4 {
                    var sum: Float = 0
                    for sy in 0..<scale {
                        for sx in 0..<scale { sum += color[4 * ((y * scale + sy) * renderWidth + x * scale + sx) + c] }
                    }
                    let mean = sum * weight
                    pixels[4 * (y * width + x) + c] = linear
                        ? (c == 3 ? ByteSink.byte(mean * 255) : SRGB.encode(mean))
                        : ByteSink.byte(mean)
                }
            }
        }
        return pixels
    }

    @Test func bandedFramesEqualTheWholeFrameReference() {
        let W = 0.0651013, H = 0.1411357
        var generator = SplitMix64(seed: 17)
        for (index, options) in [RasterOptions(samples: 2), RasterOptions(samples: 4, background: RGBA(10, 200, 30)),
                                 RasterOptions(samples: 2, filteringSpace: .linear), RasterOptions(samples: 1, filteringSpace: .linear),
                                 RasterOptions(samples: 2, filter: .trilinear)].enumerated() {
            let mipmaps = options.filter == .trilinear, linear = options.filteringSpace == .linear
            let textures = CubeRoom.Face.allCases.map { face -> Texture in
                let image = DefaultFaceTextures.texture(for: face)
                return Texture(width: image.width, height: image.height, rgba: image.pixels, mipmaps: mipmaps, linearLight: linear)
            }
            let eye = Vec3(generator.uniform(-0.1...0.1), generator.uniform(-0.1...0.1), generator.uniform(0.12...0.5))
            let room: CubeRoom = index % 2 == 0 ? .screen(width: W, height: H) : .appCube
            let triangles = room.clipTriangles(clipFromWorld: referenceClipMatrix(eye: eye, width: W, height: H))
            let width = 37 + index * 13, height = 71 + index * 9
            let reference = wholeFrameReference(triangles, textures: textures, width: width, height: height, options: options)
            for band in [1, 5, 16] {
                let frame = TriangleRasterizer.render(triangles, textures: textures, width: width, height: height, options: options, bandHeight: band)
                let differing = zip(frame.pixels, reference).filter { $0 != $1 }.count
                #expect(differing == 0, "case \(index): \(differing) bytes differ for \(options) (eye \(eye), bands of \(band))")
            }
        }
    }
}
