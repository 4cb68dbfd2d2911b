import Imaging
import Geometry
@testable import Rendering

/// An independent statement of the app's camera for the tests: glFrustum(l, r, b, t, n, f) with
/// k = n/ez, l = (−W/2 − ex)·k, … and view = translate(−eye); returned as clip-from-world, row-major.
func referenceClipMatrix(eye e: Vec3, width W: Double, height H: Double, near n: Double = 0.001, far f: Double = 10) -> Mat4 {
    Mat4(rowArrays: (0..<4).map { r in Array(referenceClipElements(eye: e, width: W, height: H, near: n, far: f)[(4 * r)..<(4 * r + 4)]) })!
}

func referenceClipElements(eye e: Vec3, width W: Double, height H: Double, near n: Double, far f: Double) -> [Double] {
    let k = n / e.z
    let l = (-W / 2 - e.x) * k, r = (W / 2 - e.x) * k, b = (-H / 2 - e.y) * k, t = (H / 2 - e.y) * k
    let projection: [Double] = [2 * n / (r - l), 0, (r + l) / (r - l), 0,
                                0, 2 * n / (t - b), (t + b) / (t - b), 0,
                                0, 0, -(f + n) / (f - n), -2 * f * n / (f - n),
                                0, 0, -1, 0]
    let view: [Double] = [1, 0, 0, -e.x, 0, 1, 0, -e.y, 0, 0, 1, -e.z, 0, 0, 0, 1]
    var m = [Double](repeating: 0, count: 16)
    for i in 0..<4 { for j in 0..<4 { for k in 0..<4 { m[4 * i + j] += projection[4 * i + k] * view[4 * k + j] } } }
    return m
}

/// Where a world point lands in pixel coordinates (x right, y down; pixel centres at i + ½).
func pixelPosition(of p: Vec3, clip matrix: Mat4, width: Int, height: Int) -> (x: Double, y: Double) {
    let m = matrix.elements
    let x = m[0] * p.x + m[1] * p.y + m[2] * p.z + m[3]
    let y = m[4] * p.x + m[5] * p.y + m[6] * p.z + m[7]
    let w = m[12] * p.x + m[13] * p.y + m[14] * p.z + m[15]
    return ((x / w + 1) / 2 * Double(width), (1 - y / w) / 2 * Double(height))
}

/// A texture of one colour.
func solidTexture(_ color: RGBA, size: Int = 4) -> Texture {
    Texture(width: size, height: size, rgba: Array((0..<(size * size)).map { _ in [color.r, color.g, color.b, color.a] }.joined()))
}

let faceSolidColors: [RGBA] = [RGBA(255, 0, 0), RGBA(0, 255, 0), RGBA(0, 0, 255), RGBA(255, 255, 0), RGBA(0, 255, 255)]
let backgroundMagenta = RGBA(255, 0, 255)
