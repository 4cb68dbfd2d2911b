/// A vertex after the projection·view transform: homogeneous clip coordinates and texture coordinates.
package struct ClipVertex: Sendable, Equatable {
    package var x, y, z, w: Double
    package var u, v: Double

    package init(x: Double, y: Double, z: Double, w: Double, u: Double, v: Double) {
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
package struct ClipTriangle: Sendable {
    package var a, b, c: ClipVertex
    /// Index into the textures passed to the rasterizer.
    package var texture: Int

    package init(_ a: ClipVertex, _ b: ClipVertex, _ c: ClipVertex, texture: Int) {
        self.a = a
        self.b = b
        self.c = c
        self.texture = texture
    }
}

/// Which clip-space depth range the projection produces (OpenGL: −w ≤ z ≤ w; Metal/D3D: 0 ≤ z ≤ w).
package enum ClipDepthRange: String, Sendable, CaseIterable {
    case negativeOneToOne = "opengl"
    case zeroToOne = "metal"
}
