/// Per-pixel culling of the app room's edge cylinders for one eye: one cheap test per pixel and edge rules
/// out the edges none of the pixel's sample rays can hit, so only the rest get the exact per-sample test.
///
/// A ray hitting a cylinder at parameter t passes within t·spread of the pixel's centre line there
/// (spread = max |d − centre| over its sample directions), and t ≤ reach / (|centre| − spread) with reach
/// the farthest point of the edge's capsule from the eye; so an edge farther than radius + t·spread from
/// the centre line is hit by none of the samples. Distances are taken in the unscaled room frame
/// (z / zoom), where |S·v| ≤ max(1, 1/zoom)·|v|.
struct AppEdgeCulling: Sendable {
    struct EdgeFromEye: Sendable {
        var start: SIMD3<Double>      // edge start minus the eye, room frame
        var axis: SIMD3<Double>
        var length: Double
        var reach: Double             // max distance from the eye to the edge's capsule
        var startSquared: Double      // |start|²
        var startAlongAxis: Double    // start · axis
    }

    let eye: SIMD3<Double>          // room frame
    let edges: [EdgeFromEye]
    let radius: Double
    let zoom: Double
    let spreadScale: Double

    init(geometry: AppRoomGeometry, eye worldEye: SIMD3<Double>) {
        zoom = geometry.zoom
        radius = geometry.radius
        spreadScale = max(1, 1 / geometry.zoom)
        eye = SIMD3(worldEye.x, worldEye.y, worldEye.z / geometry.zoom)
        let o = eye
        edges = geometry.edges.map { edge in
            let w0 = edge.start - o, end = w0 + edge.length * edge.axis
            return EdgeFromEye(start: w0, axis: edge.axis, length: edge.length,
                               reach: max((w0 * w0).sum(), (end * end).sum()).squareRoot() + geometry.radius,
                               startSquared: (w0 * w0).sum(), startAlongAxis: (w0 * edge.axis).sum())
        }
    }

    /// A bit per edge (bit i: `AppRoomGeometry.edges[i]`) that the sample rays of a pixel may hit.
    /// - Parameters: centre: the pixel centre's world direction; spread: max |sample − centre| (world).
    func candidates(centre: SIMD3<Double>, spread: Double) -> UInt16 {
        guard radius > 0 else { return 0 }
        let d = SIMD3(centre.x, centre.y, centre.z / zoom)
        let roomSpread = spread * spreadScale
        let length = (d * d).sum().squareRoot()
        guard length > roomSpread else { return UInt16((1 << edges.count) - 1) }
        let unit = d / length, perT = roomSpread / (length - roomSpread)
        var mask: UInt16 = 0
        for index in edges.indices {
            let edge = edges[index]
            // Squared distance from the segment point at s to the centre line: c0 + 2·c1·s + c2·s².
            let along = (edge.start * unit).sum(), axisAlong = (edge.axis * unit).sum()
            let c0 = edge.startSquared - along * along
            let c1 = edge.startAlongAxis - along * axisAlong
            let c2 = 1 - axisAlong * axisAlong
            let s = c2 > 1e-12 ? min(max(-c1 / c2, 0), edge.length) : 0
            let limit = radius + edge.reach * perT + 1e-9
            if c0 + 2 * c1 * s + c2 * s * s <= limit * limit { mask |= 1 << UInt16(index) }
        }
        return mask
    }
}
