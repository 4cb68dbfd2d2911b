import Foundation
import Geometry
import Imaging
import Testing
@testable import Rendering

/// `--look app` against closed forms and hand computation.
@Suite struct AppLookTests {
    /// sRGB of linear light, as the IEC 61966-2-1 formulas give it (independent of `SRGB`).
    func srgbByte(_ linear: Double) -> Int {
        let l = min(max(linear, 0), 1)
        return Int(((l <= 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1 / 2.4) - 0.055) * 255).rounded())
    }
    func linear(_ byte: Int) -> Double {
        let c = Double(byte) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    func uniformImage(_ value: UInt8) -> RGBAImage {
        var image = RGBAImage(width: 2, height: 2)
        for i in 0..<4 { image.pixels[4 * i] = value; image.pixels[4 * i + 1] = value; image.pixels[4 * i + 2] = value; image.pixels[4 * i + 3] = 255 }
        return image
    }

    @Test func halfTransparentFaceOverBlackGivesHalfTheLitColour() {
        // Screen 66 × 66 mm at 33 × 33 px, eye on axis at 0.35 m: pixel (16, 16) sees the middle of the back wall only.
        let room = CubeRoom(width: 0.06, height: 0.06, depth: 0.1)
        let eye = Vec3(0, 0, 0.35)
        let clip = referenceClipMatrix(eye: eye, width: 0.066, height: 0.066)
        // Ambient only (1000 → 1): lit = texel; α = 0.5 over the black clear colour → 0.5·texel in linear light.
        var ambientOnly = AppLookParameters()
        ambientOnly.ambient = 1; ambientOnly.directional = 0; ambientOnly.edgeRadius = 0
        let flat = AppLookRenderer.render(room: room, faces: [.back: uniformImage(200)], clipFromWorld: clip, eye: eye, width: 33, height: 33,
                                          parameters: ambientOnly)
        #expect(Int(flat[16, 16].r) == srgbByte(0.5 * linear(200)))
        #expect(flat[16, 16].r == 146)  // decode(200) = 0.5776; ·0.5 = 0.2888 → 1.055·0.2888^(1/2.4) − 0.055 = 0.5738 → 146.3 → 146
        // The app's lights, no specular: back wall N = +z, L = (√½, ½, ½) ⇒ N·L = ½ ⇒ lit = texel·(0.6 + 0.4·½).
        var diffuse = AppLookParameters()
        diffuse.f0 = 0; diffuse.edgeRadius = 0
        let lit = AppLookRenderer.render(room: room, faces: [.back: uniformImage(200)], clipFromWorld: clip, eye: eye, width: 33, height: 33,
                                         parameters: diffuse)
        #expect(Int(lit[16, 16].g) == srgbByte(0.5 * 0.8 * linear(200)))
        // A black face (no image) over black stays black without specular.
        let black = AppLookRenderer.render(room: room, clipFromWorld: clip, eye: eye, width: 33, height: 33, parameters: diffuse)
        #expect(black[16, 16] == RGBA(0, 0, 0))
    }

    @Test func pinchZoomScalesTheAppRoomsDepthOnly() {
        #expect(CubeRoom.appCube(zoom: 0.6) == .appCube && CubeRoom.appPortrait(zoom: 0.6) == .appPortrait)
        #expect(CubeRoom.appCube(zoom: 2) == CubeRoom(width: 0.3, height: 0.3, depth: 1.0))
        #expect(CubeRoom.appPortrait(zoom: 0.3) == CubeRoom(width: 0.22, height: 0.42, depth: 0.15))
    }

    @Test func lightDirectionFollowsSceneKitEulerOrder() {
        // (0, 0, −1) turned by Ry(π/4) then Rx(−π/4) travels along (−√½, −½, −½); toward the light is its negation.
        let l = AppLookParameters().towardLight
        #expect(abs(l.x - 0.5.squareRoot()) < 1e-12 && abs(l.y - 0.5) < 1e-12 && abs(l.z - 0.5) < 1e-12)
    }

    /// A 660 × 4 px frame over 66 × 0.4 mm (10 000 px/m); faces invisible (opacity 0), zoom 1, edges white.
    func edgeFrame(roomWidth: Double, depth: Double = 0.1, eye: Vec3) -> RGBAImage {
        var parameters = AppLookParameters()
        parameters.opacity = 0; parameters.zoom = 1
        let room = CubeRoom(width: roomWidth, height: 0.06, depth: depth)
        return AppLookRenderer.render(room: room, clipFromWorld: referenceClipMatrix(eye: eye, width: 0.066, height: 0.0004), eye: eye,
                                      width: 660, height: 4, parameters: parameters)
    }

    @Test func edgeCylinderWidthOnScreenMatchesTheTangentConstruction() {
        // Eye straight in front of the opening's left edge (a 2 mm cylinder in the screen plane, 0.35 m away):
        // tangents from the eye meet the plane at ±r·e/√(e² − r²) = ±2.0000327 mm → 40.0007 px wide.
        let e = 0.35, r = 0.002
        let frame = edgeFrame(roomWidth: 0.03, eye: Vec3(-0.015, 0, e))
        let expected = 2 * r * e / (e * e - r * r).squareRoot() * 10_000
        // Columns 140–219 around the edge at pixel 180 (the right edges show further right; the back-left edge
        // hides behind the front one).
        let measured = (140..<220).reduce(0.0) { $0 + linear(Int(frame[$1, 2].r)) }
        #expect(frame[140, 2].r == 0 && frame[219, 2].r == 0)
        // Coverage is sampled at quarter-pixel x offsets: each side is off by at most ⅛ px.
        #expect(abs(measured - expected) <= 0.25, "measured \(measured) px, expected \(expected) px")
    }

    @Test func msaaCoverageOfAHalfCoveredPixelIsTwoOfFour() {
        #expect(MultisamplePattern.standard4x.coverage(pixelX: 0, pixelY: 0) { x, _ in x < 0.5 } == 0.5)
        #expect(MultisamplePattern.standard4x.coverage(pixelX: 3, pixelY: 7) { _, y in y < 7.5 } == 0.5)
        // End to end: put the left edge cylinder's right silhouette through the middle of pixel 200. Eye on axis
        // at e; the tangent through screen point x_b passes the axis (c, 0) at distance r when
        // c = x_b − r·√(x_b² + e²)/e. A 1 m deep room keeps the back edges' images near the centre (pixel ≈ 291).
        let e = 0.35, r = 0.002
        let xb = (200.5 - 330) / 10_000
        let c = xb - r * (xb * xb + e * e).squareRoot() / e
        let frame = edgeFrame(roomWidth: -2 * c, depth: 1, eye: Vec3(0, 0, e))
        #expect(frame[199, 2].r == 255)
        #expect(Int(frame[200, 2].r) == srgbByte(0.5))  // 2 of 4 samples → 0.5 linear → 188
        #expect(frame[201, 2].r == 0)
    }

    @Test func parametersParseOverridesAndRejectBadOnes() throws {
        let p = try AppLookParameters.parse("opacity=0.25, zoom=1.2,face-fps=24")
        #expect(p.opacity == 0.25 && p.zoom == 1.2 && p.faceFPS == 24 && p.ambient == 0.6)
        #expect { try AppLookParameters.parse("glow=1") } throws: { "\($0)".contains("glow") && "\($0)".contains("opacity") }
        #expect { try AppLookParameters.parse("zoom=9") } throws: { "\($0)".contains("zoom") && "\($0)".contains("0.3") }
        #expect { try AppLookParameters.parse("opacity=x") } throws: { "\($0)".contains("opacity") }
    }

    @Test func videoFacesAdvanceWithTheFrameTime() {
        let frames = [uniformImage(10), uniformImage(20), uniformImage(30)]
        let video = FaceMedia.sequence(frames, fps: 10)
        // Frame ⌊t·10⌋ mod 3.
        #expect(video.image(at: 0).pixels[0] == 10)
        #expect(video.image(at: 0.25).pixels[0] == 30)
        #expect(video.image(at: 0.35).pixels[0] == 10)
        #expect(video.image(at: -1).pixels[0] == 10)
        #expect(video.image(at: .nan).pixels[0] == 10 && video.image(at: .infinity).pixels[0] == 10)
        let room = CubeRoom(width: 0.06, height: 0.06, depth: 0.1)
        let eye = Vec3(0, 0, 0.35)
        let scene = AppLookScene(room: room, faces: [.back: video])
        let clip = referenceClipMatrix(eye: eye, width: 0.066, height: 0.066)
        let early = scene.render(clipFromWorld: clip, eye: eye, width: 33, height: 33, time: 0)
        let later = scene.render(clipFromWorld: clip, eye: eye, width: 33, height: 33, time: 0.1)
        #expect(later[16, 16].r > early[16, 16].r)
    }

    @Test func framesDoNotDependOnTheBandSplitOrRepeatRuns() {
        let room = CubeRoom(width: 0.05, height: 0.1, depth: 0.08)
        let eye = Vec3(0.02, -0.01, 0.3)
        let clip = referenceClipMatrix(eye: eye, width: 0.066, height: 0.132)
        let a = AppLookRenderer.render(room: room, faces: [.left: uniformImage(180)], clipFromWorld: clip, eye: eye, width: 40, height: 80)
        let b = AppLookRenderer.render(room: room, faces: [.left: uniformImage(180)], clipFromWorld: clip, eye: eye, width: 40, height: 80)
        #expect(a == b)
        #expect(Set(a.pixels).count > 5, "edges, lit face and background all show")
    }
}

@Suite struct AppRoomGeometryTests {
    @Test func edgeCullingNeverDropsAnEdgeASampleHits() {
        // Ray bundles aimed at points near random edges of a zoomed room (zoom 0.6 and 1.8): the hit found among the
        // candidate edges equals the hit found among all twelve, for every ray of every bundle.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var bundlesNearAnEdge = 0
        for zoom in [0.6, 1.8] {
            var parameters = AppLookParameters()
            parameters.zoom = zoom
            let geometry = AppRoomGeometry(world: .model(room: CubeRoom(width: 0.3, height: 0.3, depth: 0.5 * zoom), parameters: parameters))
            for _ in 0..<3000 {
                let eye = SIMD3(random() * 0.4 - 0.2, random() * 0.4 - 0.2, 0.1 + random() * 0.5)
                let edge = geometry.edges[Int(random() * 12)]
                var target = edge.worldStart + random() * (edge.worldEnd - edge.worldStart)
                target += SIMD3(random() - 0.5, random() - 0.5, random() - 0.5) * 0.01
                let centre = target - eye
                let spread = (centre * centre).sum().squareRoot() * (0.0005 + random() * 0.01)
                let samples = (0..<4).map { _ -> SIMD3<Double> in
                    var offset = SIMD3(random() - 0.5, random() - 0.5, random() - 0.5)
                    offset *= spread / (offset * offset).sum().squareRoot() * random()
                    return centre + offset
                }
                let actualSpread = samples.reduce(0.0) { max($0, (($1 - centre) * ($1 - centre)).sum().squareRoot()) }
                let candidates = AppEdgeCulling(geometry: geometry, eye: eye).candidates(centre: centre, spread: actualSpread)
                for d in samples {
                    let all = geometry.nearestEdge(origin: eye, direction: d)
                    #expect(geometry.nearestEdge(origin: eye, direction: d, candidates: candidates) == all)
                    if all != nil { bundlesNearAnEdge += 1 }
                }
                #expect(candidates.nonzeroBitCount < 12 || spread > 0.001, "culling rules out edges far from the bundle")
            }
        }
        #expect(bundlesNearAnEdge > 1000, "the bundles do hit edges (\(bundlesNearAnEdge) rays)")
    }
}

@Suite struct SRGBEncodeTableTests {
    @Test func tableEncodingEqualsTheFormulaForEveryFloatInRange() {
        // Every 613th float bit pattern in [0, 1] (≈ 1.7 million values), beyond both ends, and each threshold ± 1 ulp.
        var mismatches = 0
        var pattern: UInt32 = 0
        while pattern <= Float(1).bitPattern {
            let v = Float(bitPattern: pattern)
            if SRGB.encodeByTable(v) != SRGB.encode(v) { mismatches += 1 }
            pattern += 613
        }
        #expect(mismatches == 0)
        for t in SRGB.encodeThresholds {
            for v in [t.nextDown, t, t.nextUp] { #expect(SRGB.encodeByTable(v) == SRGB.encode(v), "\(v)") }
        }
        for v: Float in [-1, -0.0, 0, 1, 1.5, .infinity] { #expect(SRGB.encodeByTable(v) == SRGB.encode(v), "\(v)") }
    }
}
