/// A vertex after the projection·view transform: homogeneous clip coordinates and texture coordinates.
public struct ClipVertex: Sendable, Equatable {
    public var x, y, z, w: Double
    public var u, v: Double

    public init(x: Double, y: Double, z: Double, w: Double, u: Double, v: Double) {
        self.x = x
        self.y = y
        self.z = z
        self.w = w
        self.u = u
        self.v = v
    }

    /// Linear interpolation in clip space (exact for clipping: clip space is still affine).
    func mix(_ other: ClipVertex, _ t: Double) -> ClipVertex {
        ClipVertex(x: x + (other.x - x) * t, y: y + (other.y - y) * t, z: z + (other.z - z) * t,
                   w: w + (other.w - w) * t, u: u + (other.u - u) * t, v: v + (other.v - v) * t)
    }
}

/// A textured triangle in clip space.
public struct ClipTriangle: Sendable {
    public var a, b, c: ClipVertex
    /// Index into the textures passed to the rasterizer.
    public var texture: Int

    public init(_ a: ClipVertex, _ b: ClipVertex, _ c: ClipVertex, texture: Int) {
        self.a = a
        self.b = b
        self.c = c
        self.texture = texture
    }
}

/// Which clip-space depth range the projection produces (OpenGL: −w ≤ z ≤ w; Metal/D3D: 0 ≤ z ≤ w).
public enum ClipDepthRange: String, Sendable, CaseIterable {
    case negativeOneToOne = "opengl"
    case zeroToOne = "metal"
}
