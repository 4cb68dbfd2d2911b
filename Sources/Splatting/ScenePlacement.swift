import Foundation
import Geometry

/// Where a scene goes in the world frame (screen at z = 0, +y up, +z toward the viewer; meters): the model
/// transform applied to the scene's own coordinates, a similarity (uniform scale, rotation, translation).
///
///     orientation O = Rz·Ry·Rx (degrees, applied x first) · F,   F = 180° about x when `flipY` (y → −y, z → −z)
///     fit:   M = T(translation) · S(scale · s_fit) · T(−(c_x, c_y, hi_z)) · O
///     none:  M = T(translation) · S(scale) · O
///
/// `fit` (the default) uses the robust bounding box of the oriented positions (per axis the 2nd to 98th
/// percentile, so stray floaters do not shrink the scene): it is centred on the screen in x and y, its
/// front face put on the screen plane (z = 0, so the scene lies behind the glass) and scaled by
/// s_fit = min(W / width, H / height) so that its x/y extent fills the screen. `flipY` turns a y-down 3DGS
/// capture upright; it is a rotation, so the scene is not mirrored.
package struct ScenePlacement: Sendable, Equatable {
    /// `fit`: the robust bounding box fitted behind the screen; `none`: the file's coordinates.
    package enum Mode: String, CaseIterable, Sendable { case fit, none }

    package var fit: Bool
    package var scale: Double
    /// Rotation angles about x, y, z in degrees (applied in that order).
    package var rotationDegrees: Vec3
    package var translation: Vec3
    package var flipY: Bool

    package init(fit: Bool = true, scale: Double = 1, rotationDegrees: Vec3 = .zero, translation: Vec3 = .zero, flipY: Bool = false) {
        self.fit = fit
        self.scale = scale
        self.rotationDegrees = rotationDegrees
        self.translation = translation
        self.flipY = flipY
    }

    /// The rotation part O.
    package var orientation: Mat4 {
        let r = rotationDegrees * (Double.pi / 180)
        let flip = flipY ? Mat4.rotationX(Double.pi) : Mat4.identity
        // rotationX(π) has tiny sin(π) residues; snap them so that flips are exact.
        let snappedFlip = flipY ? Mat4(1, 0, 0, 0, 0, -1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1) : flip
        return Mat4.rotationZ(r.z) * Mat4.rotationY(r.y) * Mat4.rotationX(r.x) * snappedFlip
    }

    /// The model matrix for `scene` on a screen of `screenWidth` × `screenHeight` meters.
    package func modelMatrix(for scene: SplatScene, screenWidth: Double, screenHeight: Double) throws -> Mat4 {
        guard scale.isFinite, scale > 0 else { throw SplatError("placement: scale: expected a positive finite number, found \(scale)") }
        guard rotationDegrees.isFinite, translation.isFinite else { throw SplatError("placement: rotation and translation must be finite") }
        let o = orientation
        guard fit, scene.count > 0 else { return Mat4.translation(translation) * Mat4.scaling(Vec3(scale, scale, scale)) * o }
        let box = Self.robustBounds(scene, orientation: o)
        let extent = box.hi - box.lo
        var candidates: [Double] = []
        if extent.x > 0 { candidates.append(screenWidth / extent.x) }
        if extent.y > 0 { candidates.append(screenHeight / extent.y) }
        let sFit = candidates.min() ?? 1
        let s = scale * sFit
        let anchor = Vec3((box.lo.x + box.hi.x) / 2, (box.lo.y + box.hi.y) / 2, box.hi.z)
        return Mat4.translation(translation) * Mat4.scaling(Vec3(s, s, s)) * Mat4.translation(-anchor) * o
    }

    /// Per-axis 2nd and 98th percentiles of the oriented positions (from at most 200 000 evenly strided
    /// splats, so the result is deterministic and cheap for big scenes).
    package static func robustBounds(_ scene: SplatScene, orientation o: Mat4) -> (lo: Vec3, hi: Vec3) {
        let n = scene.count
        let step = max(1, n / 200_000)
        var axes: [[Double]] = [[], [], []]
        for i in stride(from: 0, to: n, by: step) {
            let p = scene.position(i)
            let q = o.transform(direction: Vec3(Double(p.x), Double(p.y), Double(p.z)))
            axes[0].append(q.x); axes[1].append(q.y); axes[2].append(q.z)
        }
        var lo = Vec3.zero, hi = Vec3.zero
        for a in 0..<3 {
            let sorted = axes[a].sorted()
            let m = sorted.count
            lo[a] = sorted[Int((Double(m - 1) * 0.02).rounded())]
            hi[a] = sorted[Int((Double(m - 1) * 0.98).rounded())]
        }
        return (lo, hi)
    }
}
