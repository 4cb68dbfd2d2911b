import Imaging
import Geometry
import Testing
@testable import Rendering

/// Closed-form geometry on small frames: the opening, the back wall and screen-plane points land where
/// x_s = ex + (X − ex)·ez/(ez + D) says they must.
@Suite struct CubeRoomGeometryTests {
    let width = 120, height = 260
    let W = 0.0651013, H = 0.1411357

    func render(eye: Vec3, room: CubeRoom? = nil) -> RGBAImage {
        let room = room ?? CubeRoom.screen(width: W, height: H)
        return TriangleRasterizer.render(room.clipTriangles(clipFromWorld: referenceClipMatrix(eye: eye, width: W, height: H)),
                                         textures: faceSolidColors.map { solidTexture($0) }, width: width, height: height,
                                         options: RasterOptions(background: backgroundMagenta))
    }

    @Test func screenRoomFillsTheFrameAndItsOpeningLandsOnTheBorder() {
        for eye in [Vec3(0, 0, 0.35), Vec3(0.03, -0.02, 0.3), Vec3(-0.05, 0.04, 0.5)] {
            let frame = render(eye: eye)
            for y in 0..<height {
                for x in 0..<width { #expect(frame[x, y] != backgroundMagenta, "hole at \(x),\(y) for eye \(eye)") }
            }
        }
        // On axis, the outermost pixel rows/columns belong to the side faces (left, right, top, bottom).
        let frame = render(eye: Vec3(0, 0, 0.35))
        #expect(frame[0, height / 2] == faceSolidColors[1])
        #expect(frame[width - 1, height / 2] == faceSolidColors[2])
        #expect(frame[width / 2, 0] == faceSolidColors[3])
        #expect(frame[width / 2, height - 1] == faceSolidColors[4])
    }

    @Test func backWallRectangleIsWhereTheClosedFormPutsIt() {
        let D = H  // screen room depth
        for eye in [Vec3(0, 0, 0.35), Vec3(0.02, 0.01, 0.3), Vec3(-0.03, -0.02, 0.45)] {
            let frame = render(eye: eye)
            // Screen-plane position of the back wall's edges, x_s = ex + (X − ex)·ez/(ez + D), to pixels.
            func screenX(_ X: Double) -> Double { (eye.x + (X - eye.x) * eye.z / (eye.z + D) + W / 2) / W * Double(width) }
            func screenY(_ Y: Double) -> Double { (H / 2 - (eye.y + (Y - eye.y) * eye.z / (eye.z + D))) / H * Double(height) }
            let expected = (left: screenX(-W / 2), right: screenX(W / 2), top: screenY(H / 2), bottom: screenY(-H / 2))
            var found = (left: Int.max, right: Int.min, top: Int.max, bottom: Int.min)
            for y in 0..<height {
                for x in 0..<width where frame[x, y] == faceSolidColors[0] {
                    found = (min(found.left, x), max(found.right, x + 1), min(found.top, y), max(found.bottom, y + 1))
                }
            }
            #expect(abs(Double(found.left) - expected.left) <= 1, "left \(found.left) vs \(expected.left)")
            #expect(abs(Double(found.right) - expected.right) <= 1, "right \(found.right) vs \(expected.right)")
            #expect(abs(Double(found.top) - expected.top) <= 1, "top \(found.top) vs \(expected.top)")
            #expect(abs(Double(found.bottom) - expected.bottom) <= 1, "bottom \(found.bottom) vs \(expected.bottom)")
        }
    }

    @Test func perspectiveCorrectTextureMapping() {
        // The left wall textured black for u < ½ and white for u ≥ ½: the boundary is the wall's line at depth D/2,
        // which perspective puts at x_s = ex + (X − ex)·ez/(ez + D/2) — not at the midpoint of its screen span.
        let D = 0.3
        let halfAndHalf = Texture(width: 2, height: 1, rgba: [0, 0, 0, 255, 255, 255, 255, 255])
        let room = CubeRoom(width: W, height: H, depth: D)
        let eye = Vec3(0.01, 0, 0.25)
        let textures = [solidTexture(faceSolidColors[0]), halfAndHalf] + faceSolidColors[2...].map { solidTexture($0) }
        let frame = TriangleRasterizer.render(room.clipTriangles(clipFromWorld: referenceClipMatrix(eye: eye, width: W, height: H)),
                                              textures: textures, width: width, height: height)
        let X = -W / 2
        let boundary = (eye.x + (X - eye.x) * eye.z / (eye.z + D / 2) + W / 2) / W * Double(width)
        let row = height / 2
        // Bilinear filtering blends the two texels around u = ½; the 50 % point is the boundary.
        var crossing = -1.0
        for x in 0..<(width - 1) {
            let a = Double(frame[x, row].r), b = Double(frame[x + 1, row].r)
            if a < 127.5 && b >= 127.5 && frame[x + 1, row] != RGBA(0, 0, 255) {
                crossing = Double(x) + 0.5 + (127.5 - a) / (b - a)
                break
            }
        }
        #expect(abs(crossing - boundary) <= 1, "crossing \(crossing) vs \(boundary)")
        let affineMidpoint = (0 + (eye.x + (X - eye.x) * eye.z / (eye.z + D) + W / 2) / W * Double(width)) / 2
        #expect(abs(boundary - affineMidpoint) > 3)  // the test can tell perspective from affine mapping
    }

    @Test func everyFaceShowsItsCornerMarkersWhereTheTableSays() {
        let room = CubeRoom.screen(width: W, height: H)
        let eye = Vec3(0.005, -0.004, 0.30)
        let size = (w: 240, h: 520)
        let clip = referenceClipMatrix(eye: eye, width: W, height: H)
        let textures = CubeRoom.Face.allCases.map { face -> Texture in
            let image = DefaultFaceTextures.texture(for: face)
            return Texture(width: image.width, height: image.height, rgba: image.pixels)
        }
        let frame = TriangleRasterizer.render(room.clipTriangles(clipFromWorld: clip), textures: textures, width: size.w, height: size.h)
        let n = Double(DefaultFaceTextures.size)
        let inner = (Double(DefaultFaceTextures.cornerInset) + Double(DefaultFaceTextures.cornerSize) / 2) / n
        let markerUV = [(inner, inner), (1 - inner, inner), (1 - inner, 1 - inner), (inner, 1 - inner)]  // TL, TR, BR, BL
        for face in CubeRoom.Face.allCases {
            let c = room.corners(of: face)  // TL, TR, BR, BL of the image
            for (index, (u, v)) in markerUV.enumerated() {
                // The face is a rectangle: P(u, v) = TL + u·(TR − TL) + v·(BL − TL).
                let point = c[0] + (c[1] - c[0]) * u + (c[3] - c[0]) * v
                let p = pixelPosition(of: point, clip: clip, width: size.w, height: size.h)
                let x = Int(p.x), y = Int(p.y)
                guard (0..<size.w).contains(x), (0..<size.h).contains(y) else { continue }
                #expect(frame[x, y] == DefaultFaceTextures.cornerColors[index], "\(face) corner \(index) at \(x),\(y)")
            }
        }
    }
}
