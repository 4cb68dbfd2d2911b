import Foundation
import Geometry
import Projection

/// Per-frame constants and the per-splat projection step of `SplatRenderer` (see there for the rules).
struct FrameSetup: @unchecked Sendable {
    let scene: SplatScene
    let mode: SplatMode
    let halfPrecision: Bool
    let width: Double, height: Double
    let tilesX: Int, tilesY: Int
    /// V·M (eye from scene), M (world from scene), P (clip from eye), row-major 4×4.
    let eyeFromScene: [Double]
    let worldFromScene: [Double]
    let p: [Double]
    let eyeInScene: SIMD3<Double>
    let eyeInWorld: SIMD3<Double>
    /// The eye whose distances order the splats (`metalsplatter`): this frame's or a stale sort's.
    let sortEye: SIMD3<Double>
    let clampCenter: (Double, Double)
    let clampHalf: (Double, Double)
    let depthRange: (Double, Double)

    init(scene: SplatScene, model: Mat4, camera: SplatCamera, options: SplatRenderOptions, tilesX: Int, tilesY: Int) {
        self.scene = scene
        mode = options.mode
        halfPrecision = options.halfPrecision
        width = Double(camera.width)
        height = Double(camera.height)
        self.tilesX = tilesX
        self.tilesY = tilesY
        eyeFromScene = (camera.view * model).elements
        worldFromScene = model.elements
        p = camera.projection.elements
        let eye = camera.eye
        eyeInWorld = SIMD3(eye.x, eye.y, eye.z)
        let sorted = options.sortEye ?? eye
        sortEye = SIMD3(sorted.x, sorted.y, sorted.z)
        let local = (model.inverse ?? .identity).transform(point: eye).xyz
        eyeInScene = SIMD3(local.x, local.y, local.z)
        let pm = camera.projection
        clampHalf = (1.3 / pm[0, 0], 1.3 / pm[1, 1])
        clampCenter = options.frustumCentredClamp ?? (mode == .inria) ? (pm[0, 2] / pm[0, 0], pm[1, 2] / pm[1, 1]) : (0, 0)
        switch mode {
        case .inria: depthRange = (camera.clip == .openGL ? -1 : 0, 1)
        case .metalsplatter: depthRange = (0, 1)
        }
    }

    @inline(__always) static func half(_ v: Double) -> Double { MetalSplatterSemantics.half(v) }

    /// The dilated 2D covariance (a, b, c) in pixels² of an eye-space covariance at eye-space (tx, ty, −depth):
    /// J Σ Jᵀ + 0.3·I with the perspective Jacobian, its tangents clamped as the mode says.
    @inline(__always)
    func screenCovariance(tx: Double, ty: Double, depth: Double, c00: Double, c01: Double, c02: Double,
                          c11: Double, c12: Double, c22: Double) -> (Double, Double, Double) {
        let pr = p
        // Perspective Jacobian of the pixel mapping, with the clamped tangents.
        let fx = width / 2 * pr[0], fy = height / 2 * pr[5]
        let txz = min(clampCenter.0 + clampHalf.0, max(clampCenter.0 - clampHalf.0, tx / depth))
        let tyz = min(clampCenter.1 + clampHalf.1, max(clampCenter.1 - clampHalf.1, ty / depth))
        let j00 = fx / depth, j02 = fx * txz / depth
        let j11 = -fy / depth, j12 = -fy * tyz / depth
        // Σ₂ = J Σcam Jᵀ (J row 0 = (j00, 0, j02), row 1 = (0, j11, j12)).
        let covA0: Double = j00 * j00 * c00 + 2 * j00 * j02 * c02
        let covA: Double = covA0 + j02 * j02 * c22 + 0.3
        let covB0: Double = j00 * j11 * c01 + j00 * j12 * c02
        let covB: Double = covB0 + j02 * j11 * c12 + j02 * j12 * c22
        let covC0: Double = j11 * j11 * c11 + 2 * j11 * j12 * c12
        let covC: Double = covC0 + j12 * j12 * c22 + 0.3
        return (covA, covB, covC)
    }

    /// The dilated 2D covariance of splat `i` (for tests and tools); nil when it is behind the eye.
    func screenCovariance(splat i: Int) -> (Double, Double, Double)? {
        let a = eyeFromScene
        let x = Double(scene.positions[3 * i]), y = Double(scene.positions[3 * i + 1]), z = Double(scene.positions[3 * i + 2])
        let tx = a[0] * x + a[1] * y + a[2] * z + a[3], ty = a[4] * x + a[5] * y + a[6] * z + a[7]
        let depth = -(a[8] * x + a[9] * y + a[10] * z + a[11])
        guard depth > 0 else { return nil }
        let q = scene.rotation(i), s = scene.scale(i)
        let r = Mat4.rotation(quaternionW: Double(q[0]), x: Double(q[1]), y: Double(q[2]), z: Double(q[3]))
        let m = r * Mat4.scaling(Vec3(Double(s.x), Double(s.y), Double(s.z)))
        var w = Mat4(rowArrays: [Array(a[0..<3]) + [0], Array(a[4..<7]) + [0], Array(a[8..<11]) + [0], [0, 0, 0, 1]])!
        w = w * m
        let cov = w * w.transposed
        return screenCovariance(tx: tx, ty: ty, depth: depth, c00: cov[0, 0], c01: cov[0, 1], c02: cov[0, 2],
                                c11: cov[1, 1], c12: cov[1, 2], c22: cov[2, 2])
    }

    func project(range: Range<Int>, out: UnsafeMutableBufferPointer<SplatRenderer.Projected>,
                 keys: UnsafeMutableBufferPointer<UInt64>, visible: UnsafeMutableBufferPointer<Bool>) {
        let a = eyeFromScene, pr = p
        let k = scene.coefficientsPerSplat, degree = scene.shDegree
        let tile = Double(SplatRenderer.tileSize)
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 16) { basisBuffer in
            let basis = basisBuffer.baseAddress!
            scene.positions.withUnsafeBufferPointer { positions in
            scene.scales.withUnsafeBufferPointer { scales in
            scene.rotations.withUnsafeBufferPointer { rotations in
            scene.sh.withUnsafeBufferPointer { sh in
            for i in range {
                visible[i] = false
                let x = Double(positions[3 * i]), y = Double(positions[3 * i + 1]), z = Double(positions[3 * i + 2])
                let tx = a[0] * x + a[1] * y + a[2] * z + a[3]
                let ty = a[4] * x + a[5] * y + a[6] * z + a[7]
                let tz = a[8] * x + a[9] * y + a[10] * z + a[11]
                let depth = -tz
                guard depth > 0 else { continue }
                let cx = pr[0] * tx + pr[1] * ty + pr[2] * tz + pr[3]
                let cy = pr[4] * tx + pr[5] * ty + pr[6] * tz + pr[7]
                let cz = pr[8] * tx + pr[9] * ty + pr[10] * tz + pr[11]
                let cw = pr[12] * tx + pr[13] * ty + pr[14] * tz + pr[15]
                let ndcZ = cz / cw
                guard ndcZ >= depthRange.0, ndcZ <= depthRange.1 else { continue }
                if mode == .metalsplatter && !MetalSplatterSemantics.insideGuardBand(x: cx, y: cy, w: cw) { continue }
                let u = width / 2 * (1 + cx / cw), v = height / 2 * (1 - cy / cw)
                let mx = u - 0.5, my = v - 0.5
                // Σ = R S Sᵀ Rᵀ in scene axes.
                let qw = Double(rotations[4 * i]), qx = Double(rotations[4 * i + 1]), qy = Double(rotations[4 * i + 2]), qz = Double(rotations[4 * i + 3])
                let sx = Double(scales[3 * i]), sy = Double(scales[3 * i + 1]), sz = Double(scales[3 * i + 2])
                let r00 = 1 - 2 * (qy * qy + qz * qz), r01 = 2 * (qx * qy - qw * qz), r02 = 2 * (qx * qz + qw * qy)
                let r10 = 2 * (qx * qy + qw * qz), r11 = 1 - 2 * (qx * qx + qz * qz), r12 = 2 * (qy * qz - qw * qx)
                let r20 = 2 * (qx * qz - qw * qy), r21 = 2 * (qy * qz + qw * qx), r22 = 2 * (qx * qx + qy * qy)
                let m00 = r00 * sx, m01 = r01 * sy, m02 = r02 * sz
                let m10 = r10 * sx, m11 = r11 * sy, m12 = r12 * sz
                let m20 = r20 * sx, m21 = r21 * sy, m22 = (1 - r22) * sz
                var s00 = m00 * m00 + m01 * m01 + m02 * m02, s01 = m00 * m10 + m01 * m11 + m02 * m12
                var s02 = m00 * m20 + m01 * m21 + m02 * m22, s11 = m10 * m10 + m11 * m11 + m12 * m12
                var s12 = m10 * m20 + m11 * m21 + m12 * m22, s22 = m20 * m20 + m21 * m21 + m22 * m22
                if mode == .metalsplatter && halfPrecision {
                    s00 = Self.half(s00); s01 = Self.half(s01); s02 = Self.half(s02)
                    s11 = Self.half(s11); s12 = Self.half(s12); s22 = Self.half(s22)
                }
                // T = W Σ (W = 3×3 of V·M), then Σcam = T Wᵀ.
                let w00 = a[0], w01 = a[1], w02 = a[2], w10 = a[4], w11 = a[5], w12 = a[6], w20 = a[8], w21 = a[9], w22 = a[10]
                let t00 = w00 * s00 + w01 * s01 + w02 * s02, t01 = w00 * s01 + w01 * s11 + w02 * s12, t02 = w00 * s02 + w01 * s12 + w02 * s22
                let t10 = w10 * s00 + w11 * s01 + w12 * s02, t11 = w10 * s01 + w11 * s11 + w12 * s12, t12 = w10 * s02 + w11 * s12 + w12 * s22
                let t20 = w20 * s00 + w21 * s01 + w22 * s02, t21 = w20 * s01 + w21 * s11 + w22 * s12, t22 = w20 * s02 + w21 * s12 + w22 * s22
                let c00 = t00 * w00 + t01 * w01 + t02 * w02, c01 = t00 * w10 + t01 * w11 + t02 * w12, c02 = t00 * w20 + t01 * w21 + t02 * w22
                let c11 = t10 * w10 + t11 * w11 + t12 * w12, c12 = t10 * w20 + t11 * w21 + t12 * w22
                let c22 = t20 * w20 + t21 * w21 + t22 * w22
                let (covA, covB, covC) = screenCovariance(tx: tx, ty: ty, depth: depth, c00: c00, c01: c01, c02: c02, c11: c11, c12: c12, c22: c22)
                var opacity = Double(scene.opacities[i])
                var record = SplatRenderer.Projected(mx: Float(mx), my: Float(my), q0: 0, q1: 0, q2: 0, q3: 0, opacity: 0, r: 0, g: 0, b: 0,
                                                     ex: 0, ey: 0, tx0: 0, tx1: 0, ty0: 0, ty1: 0)
                let base = i * k * 3
                if mode == .inria {
                    let det = covA * covC - covB * covB
                    guard det > 0, opacity >= 1.0 / 255 else { continue }
                    let mid = 0.5 * (covA + covC)
                    let lambda1 = mid + max(0.1, mid * mid - det).squareRoot()
                    let radius = (3 * lambda1.squareRoot()).rounded(.up)
                    func cell(_ v: Double, _ limit: Int) -> Int32 {
                        Int32(min(Double(limit), max(0, min(1e9, max(-1e9, v)).rounded(.towardZero))))
                    }
                    record.tx0 = cell((mx - radius) / tile, tilesX); record.tx1 = cell((mx + radius + tile - 1) / tile, tilesX)
                    record.ty0 = cell((my - radius) / tile, tilesY); record.ty1 = cell((my + radius + tile - 1) / tile, tilesY)
                    guard record.tx1 > record.tx0, record.ty1 > record.ty0 else { continue }
                    record.q0 = Float(covC / det); record.q1 = Float(-covB / det); record.q2 = Float(covA / det)
                    let reach = 2 * Foundation.log(255 * opacity)
                    record.ex = Float((reach * covA).squareRoot()); record.ey = Float((reach * covC).squareRoot())
                    // View-dependent colour: direction from the eye to the splat in scene axes.
                    var d = SIMD3(x, y, z) - eyeInScene
                    let length = (d * d).sum().squareRoot()
                    d = length > 0 ? d / length : SIMD3(0, 0, 1)
                    SphericalHarmonics.basis(degree: degree, x: d.x, y: d.y, z: d.z, into: basis)
                    var rgb = SIMD3<Double>(repeating: 0.5)
                    for j in 0..<k {
                        let bj: Double = basis[j]
                        let cr = Double(sh[base + 3 * j]), cg = Double(sh[base + 3 * j + 1]), cb = Double(sh[base + 3 * j + 2])
                        rgb.x += bj * cr
                        rgb.y += bj * cg
                        rgb.z += bj * cb
                    }
                    record.r = Float(max(0, rgb.x)); record.g = Float(max(0, rgb.y)); record.b = Float(max(0, rgb.z))
                    keys[i] = UInt64(Float(depth).bitPattern) << 32 | UInt64(i)
                } else {
                    let fa = Float(covA), fb = Float(covB), fd = Float(covC)
                    let det = fa * fd - fb * fb
                    let mean = 0.5 * (fa + fd)
                    let s = mean * mean - det
                    let dist: Float = s > 0 ? max(0.1, s.squareRoot()) : 0.1
                    let lambda1 = mean + dist, lambda2 = mean - dist
                    guard lambda2 > 0, lambda1.isFinite else { continue }
                    var e1: SIMD2<Float>
                    if fb == 0 {
                        e1 = fa > fd ? SIMD2(1, 0) : SIMD2(0, 1)
                    } else {
                        e1 = SIMD2(fb, fd - lambda2)
                        e1 /= (e1 * e1).sum().squareRoot()
                    }
                    // Quad axes in pixels (half2 in `splatVertex`); ρ = M⁻¹·d with M = [axis1 axis2].
                    let root1 = lambda1.squareRoot(), root2 = lambda2.squareRoot()
                    var axis1 = e1 * root1, axis2 = SIMD2(e1.y, -e1.x) * root2
                    if halfPrecision {
                        axis1 = SIMD2(MetalSplatterSemantics.half(axis1.x), MetalSplatterSemantics.half(axis1.y))
                        axis2 = SIMD2(MetalSplatterSemantics.half(axis2.x), MetalSplatterSemantics.half(axis2.y))
                    }
                    let determinant = axis1.x * axis2.y - axis2.x * axis1.y
                    guard determinant != 0, determinant.isFinite else { continue }
                    record.q0 = axis2.y / determinant; record.q1 = -axis2.x / determinant
                    record.q2 = -axis1.y / determinant; record.q3 = axis1.x / determinant
                    // The region with |ρ| ≤ 3 is the ellipse {axis1·u + axis2·v : u² + v² ≤ 9}: half extents
                    // 3·√(axis1ₓ² + axis2ₓ²) (and y), inside the quad's 3·(|axis1ₓ| + |axis2ₓ|); 1 % wider
                    // for the float16 roundings of ρ (the rasterizer cuts at |ρ|² ≤ 9 after them).
                    record.ex = min(3 * (abs(axis1.x) + abs(axis2.x)), 3.03 * (axis1.x * axis1.x + axis2.x * axis2.x).squareRoot())
                    record.ey = min(3 * (abs(axis1.y) + abs(axis2.y)), 3.03 * (axis1.y * axis1.y + axis2.y * axis2.y).squareRoot())
                    func cellRange(_ c: Float, _ e: Float, _ limit: Int) -> (Int32, Int32) {
                        let lo = Double(c - e) / tile, hi = Double(c + e) / tile
                        let a = max(0, min(Double(limit), max(-1, lo).rounded(.down)))
                        let b = max(0, min(Double(limit), min(1e9, hi).rounded(.down) + 1))
                        return (Int32(a), Int32(b))
                    }
                    (record.tx0, record.tx1) = cellRange(Float(mx), record.ex, tilesX)
                    (record.ty0, record.ty1) = cellRange(Float(my), record.ey, tilesY)
                    guard record.tx1 > record.tx0, record.ty1 > record.ty0 else { continue }
                    var d = SIMD3(x, y, z) - eyeInScene
                    let length = (d * d).sum().squareRoot()
                    d = length > 0 ? d / length : SIMD3(0, 0, 1)
                    let rgb = MetalSplatterSemantics.vertexColor(coefficients: sh.baseAddress! + base, degree: degree, direction: d,
                                                                 halfPrecision: halfPrecision)
                    if halfPrecision { opacity = Self.half(opacity) }
                    record.r = rgb.x; record.g = rgb.y; record.b = rgb.z
                    keys[i] = SplatOrder.key(of: i, x: x, y: y, z: z, worldFromScene: worldFromScene, sortEye: sortEye)
                }
                record.opacity = Float(opacity)
                // A splat whose numbers overflowed (huge positions or scales from the API) is left out.
                guard record.isRenderable else { continue }
                out[i] = record
                visible[i] = true
            }
            }}}}
        }
    }
}

extension Mat4 {
    /// The rotation matrix of the unit quaternion (w, x, y, z).
    static func rotation(quaternionW w: Double, x: Double, y: Double, z: Double) -> Mat4 {
        Mat4(1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y), 0,
             2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x), 0,
             2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y), 0,
             0, 0, 0, 1)
    }
}
