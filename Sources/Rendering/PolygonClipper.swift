/// Sutherland–Hodgman clipping of a triangle in homogeneous clip space against the near and far planes and a
/// guard band of ±`guardBand`·w in x and y (beyond which pixels are never drawn; it keeps screen-space
/// coordinates small enough for exact integer edge functions). Points behind the eye (w ≤ 0) are removed by
/// the near plane.
enum PolygonClipper {
    static let guardBand = 3.0

    static func clip(_ triangle: ClipTriangle, depthRange: ClipDepthRange) -> [ClipVertex] {
        var polygon = [triangle.a, triangle.b, triangle.c]
        let planes: [(ClipVertex) -> Double] = [
            depthRange == .negativeOneToOne ? { $0.z + $0.w } : { $0.z },   // near
            { $0.w - $0.z },                                                  // far
            { guardBand * $0.w - $0.x }, { guardBand * $0.w + $0.x },
            { guardBand * $0.w - $0.y }, { guardBand * $0.w + $0.y },
            { $0.w - 1e-12 },                                                 // strictly in front of the eye
        ]
        // Fast accept: every vertex inside every plane.
        if polygon.allSatisfy({ vertex in planes.allSatisfy { $0(vertex) >= 0 } }) { return polygon }
        for distance in planes {
            guard !polygon.isEmpty else { break }
            var output: [ClipVertex] = []
            for i in 0..<polygon.count {
                let current = polygon[i], next = polygon[(i + 1) % polygon.count]
                let dc = distance(current), dn = distance(next)
                if dc >= 0 { output.append(current) }
                if (dc >= 0) != (dn >= 0) { output.append(current.mix(next, dc / (dc - dn))) }
            }
            polygon = output
        }
        return polygon.count >= 3 ? polygon : []
    }
}
