/// Sub-pixel sample positions of a multisampled render target, in pixel units from the pixel's top-left
/// corner (x right, y down).
package struct MultisamplePattern: Sendable, Equatable {
    package var positions: [(x: Double, y: Double)]

    package static func == (a: Self, b: Self) -> Bool {
        a.positions.count == b.positions.count && zip(a.positions, b.positions).allSatisfy { $0.x == $1.x && $0.y == $1.y }
    }

    /// Metal's standard positions for 4 samples (the D3D standard pattern Metal uses when no custom positions
    /// are set): (6, 2), (14, 6), (2, 10), (10, 14) in 1/16 pixel. `SCNView.antialiasingMode = .multisampling4X`.
    package static let standard4x = MultisamplePattern(positions: [(0.375, 0.125), (0.875, 0.375), (0.125, 0.625), (0.625, 0.875)])
    /// One sample at the pixel centre (no multisampling).
    package static let single = MultisamplePattern(positions: [(0.5, 0.5)])

    /// The fraction of samples of pixel (px, py) for which `covered` (pixel coordinates) is true.
    package func coverage(pixelX px: Int, pixelY py: Int, covered: (Double, Double) -> Bool) -> Double {
        let inside = positions.filter { covered(Double(px) + $0.x, Double(py) + $0.y) }.count
        return Double(inside) / Double(positions.count)
    }
}
