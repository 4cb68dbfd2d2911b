import Geometry

/// Which clip-space depth range a projection matrix targets.
public enum ClipConvention: String, CaseIterable, Sendable, Codable {
    /// z_ndc ∈ [−1, 1], near → −1: what glFrustum builds and what the app builds.
    case openGL = "opengl"
    /// z_ndc ∈ [0, 1], near → 0: what Metal clips against.
    case metal

    /// Converts an OpenGL-convention projection matrix: `P_metal = [[1,0,0,0],[0,1,0,0],[0,0,½,½],[0,0,0,1]] · P_gl`.
    @inlinable public func convert(openGL p: Mat4) -> Mat4 {
        switch self {
        case .openGL:
            return p
        case .metal:
            var m = p
            let r2 = p.rows.2, r3 = p.rows.3
            m.rows.2 = Vec4(0.5 * (r2.x + r3.x), 0.5 * (r2.y + r3.y), 0.5 * (r2.z + r3.z), 0.5 * (r2.w + r3.w))
            return m
        }
    }
}
