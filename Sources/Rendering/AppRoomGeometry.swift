import Geometry

/// The app's room as geometry for ray casting (`CubeSceneController.buildRoom`, `buildEdges`): the five
/// double-sided faces of `CubeRoom` and twelve capped cylinders along the box's edges, in world meters.
/// The room node is scaled by (1, 1, zoom), so the cylinders are intersected in the unscaled room frame
/// (z / zoom): cylinders along x or y get elliptical cross-sections, z-aligned ones get longer.
struct AppRoomGeometry: Sendable {
    struct Face: Sendable {
        var origin: SIMD3<Double>   // top-left corner of the image
        var uAxis: SIMD3<Double>    // top-left → top-right
        var vAxis: SIMD3<Double>    // top-left → bottom-left
        var normal: SIMD3<Double>   // unit, toward the room's inside
        var uScale: Double, vScale: Double  // 1 / |axis|²
    }

    struct Edge: Sendable {
        var start: SIMD3<Double>    // room frame (z unscaled)
        var axis: SIMD3<Double>     // unit, room frame
        var length: Double
    }

    let faces: [Face]
    let edges: [Edge]
    let radius: Double
    let zoom: Double

    init(room: CubeRoom, edgeRadius: Double, zoom: Double) {
        faces = CubeRoom.Face.allCases.map { face in
            let c = room.corners(of: face).map { SIMD3($0.x, $0.y, $0.z) }
            let u = c[1] - c[0], v = c[3] - c[0]
            var n = SIMD3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x)
            n /= (n * n).sum().squareRoot()
            // Toward the inside: the room's centre lies on the normal's side.
            let centre = SIMD3(0, 0, -room.depth / 2)
            if ((centre - c[0]) * n).sum() < 0 { n = -n }
            return Face(origin: c[0], uAxis: u, vAxis: v, normal: n, uScale: 1 / (u * u).sum(), vScale: 1 / (v * v).sum())
        }
        let w = room.width / 2, h = room.height / 2, d = room.depth / zoom
        let corners: [SIMD3<Double>] = [SIMD3(-w, h, 0), SIMD3(w, h, 0), SIMD3(-w, -h, 0), SIMD3(w, -h, 0),
                                        SIMD3(-w, h, -d), SIMD3(w, h, -d), SIMD3(-w, -h, -d), SIMD3(w, -h, -d)]
        let pairs = [(0, 4), (1, 5), (2, 6), (3, 7), (4, 5), (6, 7), (4, 6), (5, 7), (0, 1), (2, 3), (0, 2), (1, 3)]
        edges = pairs.map { a, b in
            let delta = corners[b] - corners[a]
            let length = (delta * delta).sum().squareRoot()
            return Edge(start: corners[a], axis: delta / length, length: length)
        }
        radius = edgeRadius
        self.zoom = zoom
    }

    /// Ray parameter of the hit with face `index` (within its rectangle), or nil.
    @inline(__always) func hit(face index: Int, origin o: SIMD3<Double>, direction d: SIMD3<Double>) -> Double? {
        let f = faces[index]
        let denominator = (d * f.normal).sum()
        guard denominator != 0 else { return nil }
        let t = ((f.origin - o) * f.normal).sum() / denominator
        guard t > 0 else { return nil }
        let p = o + t * d - f.origin
        let u = (p * f.uAxis).sum() * f.uScale, v = (p * f.vAxis).sum() * f.vScale
        return u >= 0 && u <= 1 && v >= 0 && v <= 1 ? t : nil
    }

    /// (u, v) of the point where the ray meets face `index`'s plane (unclamped), or nil if it does not.
    @inline(__always) func planeUV(face index: Int, origin o: SIMD3<Double>, direction d: SIMD3<Double>) -> (Double, Double, SIMD3<Double>)? {
        let f = faces[index]
        let denominator = (d * f.normal).sum()
        guard denominator != 0 else { return nil }
        let t = ((f.origin - o) * f.normal).sum() / denominator
        guard t > 0 else { return nil }
        let point = o + t * d
        let p = point - f.origin
        return ((p * f.uAxis).sum() * f.uScale, (p * f.vAxis).sum() * f.vScale, point)
    }

    /// The nearest ray parameter at which the ray enters any edge cylinder (solid, capped), or nil.
    /// `candidates`: a bit per edge to test (`AppEdgeCulling`).
    func nearestEdge(origin: SIMD3<Double>, direction: SIMD3<Double>, candidates: UInt16 = .max) -> Double? {
        guard radius > 0, candidates != 0 else { return nil }
        // Into the unscaled room frame; t is unchanged by the linear map.
        let o = SIMD3(origin.x, origin.y, origin.z / zoom), d = SIMD3(direction.x, direction.y, direction.z / zoom)
        var best: Double?
        for (index, edge) in edges.enumerated() where candidates & (1 << UInt16(index)) != 0 {
            let w = o - edge.start
            let dAxial = (d * edge.axis).sum(), wAxial = (w * edge.axis).sum()
            let dPerp = d - dAxial * edge.axis, wPerp = w - wAxial * edge.axis
            let a = (dPerp * dPerp).sum(), b = (dPerp * wPerp).sum(), c = (wPerp * wPerp).sum() - radius * radius
            // Interval inside the infinite cylinder.
            var enter = -Double.infinity, exit = Double.infinity
            if a > 0 {
                let discriminant = b * b - a * c
                guard discriminant >= 0 else { continue }
                let root = discriminant.squareRoot()
                enter = (-b - root) / a
                exit = (-b + root) / a
            } else if c > 0 {
                continue
            }
            // Interval between the caps.
            if dAxial != 0 {
                let t0 = -wAxial / dAxial, t1 = (edge.length - wAxial) / dAxial
                enter = max(enter, min(t0, t1))
                exit = min(exit, max(t0, t1))
            } else if wAxial < 0 || wAxial > edge.length {
                continue
            }
            guard enter <= exit, exit > 0 else { continue }
            let t = max(enter, 0)
            if best.map({ t < $0 }) ?? true { best = t }
        }
        return best
    }
}
