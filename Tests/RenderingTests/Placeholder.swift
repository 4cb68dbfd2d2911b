import Foundation
import Testing
import Geometry
@testable import Rendering

func appClipMatrix(eye e: Vec3, width W: Double, height H: Double, near n: Double = 0.001, far f: Double = 10) -> [Double] {
    let k = n / e.z
    let l = (-W / 2 - e.x) * k, r = (W / 2 - e.x) * k, b = (-H / 2 - e.y) * k, t = (H / 2 - e.y) * k
    let P: [Double] = [2 * n / (r - l), 0, (r + l) / (r - l), 0,
                       0, 2 * n / (t - b), (t + b) / (t - b), 0,
                       0, 0, -(f + n) / (f - n), -2 * f * n / (f - n),
                       0, 0, -1, 0]
    var M = [Double](repeating: 0, count: 16)
    let V: [Double] = [1, 0, 0, -e.x, 0, 1, 0, -e.y, 0, 0, 1, -e.z, 0, 0, 0, 1]
    for i in 0..<4 { for j in 0..<4 { for k in 0..<4 { M[4 * i + j] += P[4 * i + k] * V[4 * k + j] } } }
    return M
}

@Test func dump() throws {
    let W = 0.0651013, H = 0.1411357
    let room = CubeRoom.screen(width: W, height: H)
    let textures = CubeRoom.Face.allCases.map { f -> Texture in let t = DefaultFaceTextures.texture(for: f); return Texture(width: t.width, height: t.height, rgba: t.pixels) }
    for (name, eye) in [("center", Vec3(0, 0, 0.35)), ("off", Vec3(0.03, -0.02, 0.3))] {
        let frame = TriangleRasterizer.render(room.clipTriangles(clipFromWorld: appClipMatrix(eye: eye, width: W, height: H)), textures: textures, width: 240, height: 520)
        try Data(frame.pixels).write(to: URL(fileURLWithPath: "/tmp/render_\(name).rgba"))
    }
}
