import Imaging

/// Deterministic test frames.
enum TestImages {
    /// A gray image (R = G = B = value(x, y)), so luma equals the value.
    static func gray(width: Int, height: Int, _ value: (Int, Int) -> Int) -> RGBAImage {
        RGBAImage(width: width, height: height) { x, y in
            let v = UInt8(value(x, y))
            return RGBA(v, v, v, 255)
        }
    }

    /// A textured scene: colour gradients, a checker pattern and a dark panel whose top edge is at `edgeRow`.
    /// Red stays ≤ 200 so +40 never clips.
    static func scene(width: Int = 256, height: Int = 256, edgeRow: Int = 120) -> RGBAImage {
        RGBAImage(width: width, height: height) { x, y in
            if x >= 40 && x < 200 && y >= edgeRow && y < 180 { return RGBA(20, 30, 40, 255) }
            let checker = ((x / 8) + (y / 8)) % 2 == 0 ? 24 : 0
            return RGBA(UInt8(40 + (x * 120) / width + checker), UInt8(60 + (y * 150) / height), UInt8(90 + checker), 255)
        }
    }
}
