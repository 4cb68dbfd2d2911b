/// Per-pixel culling of the app look's cylinders for one eye: one cheap test per pixel and cylinder rules out the
/// cylinders none of the pixel's sample rays can hit, so only the rest get the exact per-sample test.
///
/// Each cylinder is tested in its local frame (`AppRoomGeometry.Edge`), where it is round and its axis is the
/// segment y ∈ [−h/2, h/2]. A ray hitting it at parameter t passes within t·spread' of the pixel's centre line
/// there (spread' = stretch · max |d − centre|, stretch bounding how much the local map lengthens a vector), and
/// t ≤ reach / (|centre'| − spread') with reach the farthest point of the cylinder's capsule from the eye; so a
/// cylinder whose axis lies farther than radius + t·spread' from the centre line is hit by none of the samples.
struct AppEdgeCulling: Sendable {
    struct EdgeFromEye: Sendable {
        var start: SIMD3<Double>      // axis start minus the eye, local frame
        var length: Double
        var reach: Double             // max distance from the eye to the cylinder's capsule
        var startSquared: Double      // |start|²
        var radius: Double
        var stretch: Double
    }

    let geometry: AppRoomGeometry
    let edges: [EdgeFromEye]

    init(geometry: AppRoomGeometry, eye: SIMD3<Double>) {
        self.geometry = geometry
        edges = geometry.edges.map { edge in
            let w0 = SIMD3(0, -edge.halfHeight, 0) - edge.local(eye)
            let end = w0 + SIMD3(0, 2 * edge.halfHeight, 0)
            return EdgeFromEye(start: w0, length: 2 * edge.halfHeight,
                               reach: max((w0 * w0).sum(), (end * end).sum()).squareRoot() + edge.radius,
                               startSquared: (w0 * w0).sum(), radius: edge.radius, stretch: edge.stretch)
        }
    }

    /// A bit per cylinder (bit i: `AppRoomGeometry.edges[i]`) that the sample rays of a pixel may hit.
    /// - Parameters: centre: the pixel centre's world direction; spread: max |sample − centre| (world).
    func candidates(centre: SIMD3<Double>, spread: Double) -> UInt64 {
        var mask: UInt64 = 0
        for index in edges.indices {
            let edge = edges[index]
            guard edge.radius > 0 else { continue }
            let d = geometry.edges[index].localDirection(centre)
            let localSpread = spread * edge.stretch
            let length = (d * d).sum().squareRoot()
            guard length > localSpread else { mask |= 1 << UInt64(index); continue }
            let unit = d / length, perT = localSpread / (length - localSpread)
            // Squared distance from the axis point at s to the centre line: c0 + 2·c1·s + c2·s² (axis = +y).
            let along = (edge.start * unit).sum(), axisAlong = unit.y
            let c0 = edge.startSquared - along * along
            let c1 = edge.start.y - along * axisAlong
            let c2 = 1 - axisAlong * axisAlong
            let s = c2 > 1e-12 ? min(max(-c1 / c2, 0), edge.length) : 0
            let limit = edge.radius + edge.reach * perT + 1e-9
            if c0 + 2 * c1 * s + c2 * s * s <= limit * limit { mask |= 1 << UInt64(index) }
        }
        return mask
    }
}
