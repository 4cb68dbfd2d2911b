/// An `AppLookWorld` as geometry for ray casting: its faces as parallelograms with their planes, its cylinders
/// in their local frames (where each is x² + z² ≤ r², |y| ≤ h/2; a ray's parameter t is the same in both frames,
/// the map being affine).
struct AppRoomGeometry: Sendable {
    struct Face: Sendable {
        var origin: SIMD3<Double>   // top-left corner of the image
        var uAxis: SIMD3<Double>    // top-left → top-right
        var vAxis: SIMD3<Double>    // top-left → bottom-left
        var normal: SIMD3<Double>   // unit, uAxis × vAxis
        var uScale: Double, vScale: Double  // 1 / |axis|²
        var doubleSided: Bool
    }

    struct Edge: Sendable {
        var linear: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)  // rows: local = linear · world + offset
        var offset: SIMD3<Double>
        var halfHeight: Double
        var radius: Double
        /// An upper bound of the linear map's operator norm (√(‖·‖₁‖·‖∞)): how much it can stretch a distance.
        var stretch: Double
        /// The axis's ends in the world (for tests and culling checks).
        var worldStart: SIMD3<Double>, worldEnd: SIMD3<Double>

        @inline(__always) func local(_ p: SIMD3<Double>) -> SIMD3<Double> {
            SIMD3((linear.0 * p).sum(), (linear.1 * p).sum(), (linear.2 * p).sum()) + offset
        }
        @inline(__always) func localDirection(_ d: SIMD3<Double>) -> SIMD3<Double> {
            SIMD3((linear.0 * d).sum(), (linear.1 * d).sum(), (linear.2 * d).sum())
        }
    }

    /// The nearest edge a ray enters: its parameter and index.
    struct EdgeHit: Equatable, Sendable {
        var t: Double
        var index: Int
    }

    let faces: [Face]
    let edges: [Edge]

    init(world: AppLookWorld) {
        faces = world.faces.map { face in
            let c = face.corners
            let u = c[1] - c[0], v = c[3] - c[0]
            var n = SIMD3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x)
            n /= (n * n).sum().squareRoot()
            return Face(origin: c[0], uAxis: u, vAxis: v, normal: n, uScale: 1 / (u * u).sum(), vScale: 1 / (v * v).sum(),
                        doubleSided: face.doubleSided)
        }
        edges = world.cylinders.map { c in
            let m = c.linear
            let columnSums = (0..<3).map { j in abs(m[0][j]) + abs(m[1][j]) + abs(m[2][j]) }
            let rowSums = m.map { abs($0.x) + abs($0.y) + abs($0.z) }
            let stretch = (columnSums.max()! * rowSums.max()!).squareRoot()
            // The world points of local (0, ∓h/2, 0): solve linear · p = local − offset.
            let inverse = Self.inverse(m)
            func world(_ local: SIMD3<Double>) -> SIMD3<Double> {
                let r = local - c.offset
                return SIMD3((inverse[0] * r).sum(), (inverse[1] * r).sum(), (inverse[2] * r).sum())
            }
            return Edge(linear: (m[0], m[1], m[2]), offset: c.offset, halfHeight: c.height / 2, radius: c.radius, stretch: stretch,
                        worldStart: world(SIMD3(0, -c.height / 2, 0)), worldEnd: world(SIMD3(0, c.height / 2, 0)))
        }
    }

    /// `origin` in each edge's frame.
    func localOrigins(of origin: SIMD3<Double>) -> [SIMD3<Double>] { edges.map { $0.local(origin) } }

    /// The inverse of a 3×3 matrix given by rows (adjugate over determinant).
    static func inverse(_ m: [SIMD3<Double>]) -> [SIMD3<Double>] {
        let (a, b, c) = (m[0], m[1], m[2])
        func cross(_ p: SIMD3<Double>, _ q: SIMD3<Double>) -> SIMD3<Double> {
            SIMD3(p.y * q.z - p.z * q.y, p.z * q.x - p.x * q.z, p.x * q.y - p.y * q.x)
        }
        let r0 = cross(b, c), r1 = cross(c, a), r2 = cross(a, b)
        let determinant = (a * r0).sum()
        // Columns of the inverse are r0, r1, r2 / det; return its rows.
        return [SIMD3(r0.x, r1.x, r2.x) / determinant, SIMD3(r0.y, r1.y, r2.y) / determinant, SIMD3(r0.z, r1.z, r2.z) / determinant]
    }

    /// Ray parameter of the hit with face `index` (within its rectangle, from a side it is seen from), or nil.
    @inline(__always) func hit(face index: Int, origin o: SIMD3<Double>, direction d: SIMD3<Double>) -> Double? {
        let f = faces[index]
        let denominator = (d * f.normal).sum()
        guard denominator != 0, f.doubleSided || denominator < 0 else { return nil }
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

    /// The nearest ray parameter at which the ray enters any edge cylinder (solid, capped), and which, or nil.
    /// `candidates`: a bit per edge to test (`AppEdgeCulling`); `localOrigins`: `origin` in each edge's frame when the
    /// caller has them (`localOrigins(of:)`, once per eye rather than per ray).
    func nearestEdge(origin: SIMD3<Double>, direction: SIMD3<Double>, candidates: UInt64 = .max,
                     localOrigins: [SIMD3<Double>]? = nil) -> EdgeHit? {
        guard candidates != 0 else { return nil }
        var best: EdgeHit?
        for (index, edge) in edges.enumerated() where candidates & (1 << UInt64(index)) != 0 {
            guard edge.radius > 0 else { continue }
            let o = localOrigins?[index] ?? edge.local(origin), d = edge.localDirection(direction)
            // Interval inside the infinite cylinder x² + z² ≤ r².
            let a = d.x * d.x + d.z * d.z, b = d.x * o.x + d.z * o.z, c = o.x * o.x + o.z * o.z - edge.radius * edge.radius
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
            // Interval between the caps |y| ≤ h/2.
            if d.y != 0 {
                let t0 = (-edge.halfHeight - o.y) / d.y, t1 = (edge.halfHeight - o.y) / d.y
                enter = max(enter, min(t0, t1))
                exit = min(exit, max(t0, t1))
            } else if abs(o.y) > edge.halfHeight {
                continue
            }
            guard enter <= exit, exit > 0 else { continue }
            let t = max(enter, 0)
            if best.map({ t < $0.t }) ?? true { best = EdgeHit(t: t, index: index) }
        }
        return best
    }
}
