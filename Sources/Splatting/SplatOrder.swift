import Geometry

/// MetalSplatter's splat order for one sort pose: every splat of the scene back to front by squared distance from
/// the sort eye to its world position (ties by index), as `SplatSorter` computes it on a background task
/// (scier/MetalSplatter @ 71ff248 (1.0.1), MetalSplatter/Sources/SplatSorter.swift:515–560: the sort loop takes the
/// newest camera pose when it is idle; frames use the newest completed order).
///
/// Computed once, it serves every frame that uses the same sort: `SplatRenderer.render(…, order:)` keeps the splats
/// visible in that frame in this order, which is exactly the order it would sort them in itself for `eye`.
package struct SplatOrder: Sendable {
    /// The sort eye (world coordinates).
    package let eye: Vec3
    /// Splat indices, farthest first.
    let indices: [UInt32]
    /// The scene size and placement it was computed for (a frame with another scene or placement is refused).
    let count: Int
    let model: Mat4

    package init(scene: SplatScene, model: Mat4, eye: Vec3) {
        let n = scene.count
        let worldFromScene = model.elements, sortEye = SIMD3(eye.x, eye.y, eye.z)
        var keys = [UInt64](repeating: 0, count: n)
        keys.withUnsafeMutableBufferPointer { keys in
            scene.positions.withUnsafeBufferPointer { positions in
                for i in 0..<n {
                    let x = Double(positions[3 * i]), y = Double(positions[3 * i + 1]), z = Double(positions[3 * i + 2])
                    keys[i] = Self.key(of: i, x: x, y: y, z: z, worldFromScene: worldFromScene, sortEye: sortEye)
                }
            }
        }
        SplatKeySort.sort(&keys)
        indices = keys.map { UInt32(truncatingIfNeeded: $0) }
        self.eye = eye
        self.model = model
        count = n
    }

    /// The sort key of splat `index` at scene position (x, y, z): the complement of its squared world distance to
    /// the sort eye as a float (farther is smaller), then the index; ascending keys are back to front.
    @inline(__always)
    static func key(of index: Int, x: Double, y: Double, z: Double, worldFromScene wm: [Double], sortEye: SIMD3<Double>) -> UInt64 {
        let px = wm[0] * x + wm[1] * y + wm[2] * z + wm[3] - sortEye.x
        let py = wm[4] * x + wm[5] * y + wm[6] * z + wm[7] - sortEye.y
        let pz = wm[8] * x + wm[9] * y + wm[10] * z + wm[11] - sortEye.z
        let distance = Float(px * px + py * py + pz * pz)
        return UInt64(~distance.bitPattern) << 32 | UInt64(index)
    }
}
