extension SplatRenderer {
    /// A tile's pixels: columns x0..<x1, rows y0..<y1.
    struct TileRect {
        var x0: Int, y0: Int, x1: Int, y1: Int
    }

    /// The pixel range of a splat's region inside a tile.
    @inline(__always)
    static func span(_ p: Projected, _ tile: TileRect) -> (Int, Int, Int, Int)? {
        let xa = pixelIndex((p.mx - p.ex).rounded(.down) - 1, in: tile.x0, tile.x1)
        let xb = pixelIndex((p.mx + p.ex).rounded(.up) + 2, in: tile.x0, tile.x1)
        let ya = pixelIndex((p.my - p.ey).rounded(.down) - 1, in: tile.y0, tile.y1)
        let yb = pixelIndex((p.my + p.ey).rounded(.up) + 2, in: tile.y0, tile.y1)
        return xa < xb && ya < yb ? (xa, xb, ya, yb) : nil
    }

    /// `v` clamped to lo…hi as an index. Compared as a float first, so that a huge, infinite or NaN value
    /// (NaN gives lo) never reaches `Int(_:)`, which would trap.
    @inline(__always)
    static func pixelIndex(_ v: Float, in lo: Int, _ hi: Int) -> Int {
        if !(v > Float(lo)) { return lo }
        if !(v < Float(hi)) { return hi }
        return Int(v)
    }
}
