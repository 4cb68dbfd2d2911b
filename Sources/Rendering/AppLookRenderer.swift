import Dispatch
import Foundation
import Geometry
import Imaging
import Plumbing

/// The cube room as the app's SceneKit view draws it (`--look app`), by ray casting the exact geometry
/// at the multisample positions. What is drawn is an `AppLookWorld`: the model's (`AppLookWorld.model`, from
/// `CubeRoom` and `AppLookParameters`) or the scene graph the app's own code built (`--app-source`):
///
/// - faces: rectangles, double- or single-sided, their diffuse colour (black in the app) unless an image replaces
///   it, opacity × texel α, lit by `AppLookShading` (physically based) or unlit (constant), plus emission; per
///   sample, every face hit in front of the nearest opaque surface is composited back to front ("over") onto it;
/// - edges: solid capped cylinders in their own frames (the app's twelve, of radius `edgeRadius` along the box's
///   edges, room node scaled by (1, 1, zoom)), opaque, constant colour (`edgeIntensity` in the model; they occlude
///   and are occluded exactly);
/// - clear colour: `background` (sRGB bytes), decoded to linear light;
/// - multisampling: coverage at `pattern`'s positions (Metal's standard 4×), shading once per pixel and
///   face at the pixel centre's ray (MSAA semantics), blending per sample, resolve = mean of the samples;
/// - colour: linear light throughout (sRGB textures decoded, bilinear, clamp to edge, no mipmaps), stored
///   sRGB-encoded (SceneKit's sRGB drawable).
///
/// Not modelled: mipmapping and anisotropic filtering, tone mapping, SceneKit's exact BRDF constants,
/// gyro tilt and the line wobble/inertia/bounce effects, the near/far clip (the room is far from both).
/// Rows are split over cores in fixed bands; every pixel depends only on its own rays, so frames are
/// byte-identical for any thread count.
package enum AppLookRenderer {
    /// A face image in linear light for bilinear sampling.
    struct LinearImage: Sendable {
        let width: Int, height: Int
        let texels: [SIMD4<Float>]

        init(_ image: RGBAImage) {
            width = image.width
            height = image.height
            let decode = SRGB.decodeTable
            texels = (0..<(image.width * image.height)).map { i in
                let p = 4 * i
                return SIMD4(decode[Int(image.pixels[p])], decode[Int(image.pixels[p + 1])], decode[Int(image.pixels[p + 2])],
                             Float(image.pixels[p + 3]) / 255)
            }
        }

        /// Bilinear, clamp to edge, texel (i, j) centred at ((i + ½)/w, (j + ½)/h).
        func sample(u: Double, v: Double) -> SIMD4<Double> {
            let x = min(max(u, 0), 1) * Double(width) - 0.5, y = min(max(v, 0), 1) * Double(height) - 0.5
            let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
            let fx = x - Double(x0), fy = y - Double(y0)
            func texel(_ i: Int, _ j: Int) -> SIMD4<Double> {
                let t = texels[min(max(j, 0), height - 1) * width + min(max(i, 0), width - 1)]
                return SIMD4(Double(t.x), Double(t.y), Double(t.z), Double(t.w))
            }
            let top = texel(x0, y0) * (1 - fx) + texel(x0 + 1, y0) * fx
            let bottom = texel(x0, y0 + 1) * (1 - fx) + texel(x0 + 1, y0 + 1) * fx
            return top * (1 - fy) + bottom * fy
        }
    }

    package static let bandHeight = 8

    /// Renders the room seen from `eye` through `clipFromWorld` (projection · view) into width × height.
    /// `faces`: the image on each face (replacing the black diffuse); faces without one are black.
    package static func render(room: CubeRoom, faces: [CubeRoom.Face: RGBAImage] = [:], clipFromWorld: Mat4, eye: Vec3,
                              width: Int, height: Int, background: RGBA = RGBA(0, 0, 0),
                              parameters: AppLookParameters = AppLookParameters(),
                              pattern: MultisamplePattern = .standard4x) -> RGBAImage {
        render(world: .model(room: room, parameters: parameters), images: CubeRoom.Face.allCases.map { faces[$0] },
               clipFromWorld: clipFromWorld, eye: eye, width: width, height: height, background: background,
               f0: parameters.f0, roughness: parameters.roughness, pattern: pattern)
    }

    /// Renders `world` seen from `eye` through `clipFromWorld` into width × height; `images[i]` shows on the faces
    /// whose `image` is i. `f0` and `roughness`: the shading model's constants (`AppLookParameters`).
    package static func render(world: AppLookWorld, images: [RGBAImage?] = [], clipFromWorld: Mat4, eye: Vec3,
                              width: Int, height: Int, background: RGBA = RGBA(0, 0, 0), f0: Double, roughness: Double,
                              pattern: MultisamplePattern = .standard4x) -> RGBAImage {
        precondition(width > 0 && height > 0, "frame size must be positive")
        precondition(world.cylinders.count <= 64, "the culling mask holds 64 cylinders")
        guard let inverse = clipFromWorld.inverse else { return RGBAImage(width: width, height: height) }
        let geometry = AppRoomGeometry(world: world)
        let linearImages = images.map { $0.map(LinearImage.init) }
        let faceImages = world.faces.map { face in face.image.flatMap { $0 < linearImages.count ? linearImages[$0] : nil } }
        let materials = world.faces.map(\.material)
        let edgeColors = world.cylinders.map(\.color)
        let shading = AppLookShading(lights: world.lights, f0: f0, roughness: roughness)
        let culling = AppEdgeCulling(geometry: geometry, eye: SIMD3(eye.x, eye.y, eye.z))
        let origin = SIMD3(eye.x, eye.y, eye.z)
        let localEyes = geometry.localOrigins(of: origin)
        let m = inverse.elements
        let clear = SIMD3(Double(SRGB.decodeTable[Int(background.r)]), Double(SRGB.decodeTable[Int(background.g)]),
                          Double(SRGB.decodeTable[Int(background.b)]))
        /// The world ray direction through pixel-space point (x, y) (a point at NDC z = 0 minus the eye).
        @Sendable func direction(_ x: Double, _ y: Double) -> SIMD3<Double> {
            let nx = 2 * x / Double(width) - 1, ny = 1 - 2 * y / Double(height)
            let w = m[12] * nx + m[13] * ny + m[15]
            let p = SIMD3((m[0] * nx + m[1] * ny + m[3]) / w, (m[4] * nx + m[5] * ny + m[7]) / w, (m[8] * nx + m[9] * ny + m[11]) / w)
            return p - origin
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let faceCount = geometry.faces.count
        pixels.withUnsafeMutableBufferPointer { buffer in
            Parallel.forEachBand(of: height, size: bandHeight) { rows in
                var shaded = [SIMD4<Double>?](repeating: nil, count: faceCount)
                var sampleDirections = [SIMD3<Double>](repeating: .zero, count: pattern.positions.count)
                var hits: [(t: Double, face: Int)] = []
                hits.reserveCapacity(faceCount)
                for py in rows {
                    for px in 0..<width {
                        for f in 0..<faceCount { shaded[f] = nil }
                        let centre = direction(Double(px) + 0.5, Double(py) + 0.5)
                        for (k, s) in pattern.positions.enumerated() { sampleDirections[k] = direction(Double(px) + s.x, Double(py) + s.y) }
                        // One cheap test per pixel and edge rules out the edges none of its samples can hit.
                        let spread = sampleDirections.reduce(0.0) { max($0, (($1 - centre) * ($1 - centre)).sum().squareRoot()) }
                        let candidates = culling.candidates(centre: centre, spread: spread)
                        var sum = SIMD3<Double>(repeating: 0)
                        for d in sampleDirections {
                            let edge = geometry.nearestEdge(origin: origin, direction: d, candidates: candidates, localOrigins: localEyes)
                            var color = edge.map { edgeColors[$0.index] } ?? clear
                            hits.removeAll(keepingCapacity: true)
                            for f in 0..<faceCount {
                                if let t = geometry.hit(face: f, origin: origin, direction: d), t < (edge?.t ?? .infinity) { hits.append((t, f)) }
                            }
                            hits.sort { $0.t > $1.t || ($0.t == $1.t && $0.face < $1.face) }
                            for hit in hits {
                                let f = hit.face
                                if shaded[f] == nil {
                                    shaded[f] = shade(face: f, geometry: geometry, material: materials[f], image: faceImages[f],
                                                      shading: shading, origin: origin, centre: centre, fallback: d)
                                }
                                let layer = shaded[f]!
                                let rgb = SIMD3(layer.x, layer.y, layer.z)
                                color = layer.w * rgb + (1 - layer.w) * color
                            }
                            sum += color
                        }
                        let mean = sum / Double(pattern.positions.count)
                        let o = 4 * (py * width + px)
                        buffer[o] = SRGB.encodeByTable(Float(mean.x))
                        buffer[o + 1] = SRGB.encodeByTable(Float(mean.y))
                        buffer[o + 2] = SRGB.encodeByTable(Float(mean.z))
                        buffer[o + 3] = 255
                    }
                }
            }
        }
        var image = RGBAImage(width: width, height: height)
        image.pixels = pixels
        return image
    }

    /// A face's lit colour and α for one pixel: at the point where the pixel centre's ray meets the face's
    /// plane (as a rasterizer interpolates at the centre), or along `fallback` when the centre ray misses it.
    static func shade(face f: Int, geometry: AppRoomGeometry, material: AppLookWorld.Material, image: LinearImage?,
                      shading: AppLookShading, origin: SIMD3<Double>, centre: SIMD3<Double>, fallback: SIMD3<Double>) -> SIMD4<Double> {
        guard let (u, v, point) = geometry.planeUV(face: f, origin: origin, direction: centre)
                ?? geometry.planeUV(face: f, origin: origin, direction: fallback) else {
            return SIMD4(0, 0, 0, 0)
        }
        let texel = image?.sample(u: u, v: v) ?? SIMD4(material.albedo.x, material.albedo.y, material.albedo.z, 1)
        let albedo = SIMD3(texel.x, texel.y, texel.z)
        let color: SIMD3<Double>
        switch material.lighting {
        case .physicallyBased:
            var toEye = origin - point
            toEye /= (toEye * toEye).sum().squareRoot()
            color = shading.lit(albedo: albedo, normal: geometry.faces[f].normal, toEye: toEye) + material.emission
        case .constant:
            color = albedo + material.emission
        }
        return SIMD4(color.x, color.y, color.z, material.opacity * texel.w)
    }
}
