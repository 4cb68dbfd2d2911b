import Foundation

/// The extents of an asymmetric view frustum, as passed to glFrustum: the near-plane window
/// [left, right] × [bottom, top] at distance `near` in front of the eye (eye space, looking down −z),
/// and the far distance. Meters.
public struct Frustum: Hashable, Sendable, Codable {
    public var left: Double
    public var right: Double
    public var bottom: Double
    public var top: Double
    public var near: Double
    public var far: Double

    @inlinable public init(left: Double, right: Double, bottom: Double, top: Double, near: Double, far: Double) {
        self.left = left
        self.right = right
        self.bottom = bottom
        self.top = top
        self.near = near
        self.far = far
    }

    /// glFrustum(l, r, b, t, n, f) (OpenGL clip convention; see `Mat4.frustum`).
    @inlinable public var glMatrix: Mat4 {
        Mat4.frustum(left: left, right: right, bottom: bottom, top: top, near: near, far: far)
    }

    /// Horizontal and vertical field of view in radians.
    public var fieldOfView: (horizontal: Double, vertical: Double) {
        (atan2(right, near) - atan2(left, near), atan2(top, near) - atan2(bottom, near))
    }
}
