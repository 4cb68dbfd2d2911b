import Geometry
import Vocabulary

/// Kooima's generalized perspective projection ("Generalized Perspective Projection", 2008): the
/// physically correct window for a screen in any pose, the independent reference for `OffAxisProjection`.
///
/// Screen corners pa (lower left), pb (lower right), pc (upper left); eye pe:
///
///     vr = ‖pb − pa‖, vu = ‖pc − pa‖, vn = ‖vr × vu‖          (screen right, up, normal toward the eye)
///     va = pa − pe, vb = pb − pe, vc = pc − pe, d = −(va·vn)   (eye–screen distance)
///     l = (vr·va)·n/d, r = (vr·vb)·n/d, b = (vu·va)·n/d, t = (vu·vc)·n/d
///     projection = glFrustum(l, r, b, t, n, f),  view = Mᵀ·T(−pe)   (M has columns vr, vu, vn)
public struct GeneralizedPerspective: Hashable, Sendable {
    public var lowerLeft: Vec3
    public var lowerRight: Vec3
    public var upperLeft: Vec3
    public var near: Double
    public var far: Double

    public init(lowerLeft: Vec3, lowerRight: Vec3, upperLeft: Vec3, near: Double = 0.001, far: Double = 10) throws {
        for (name, p) in [("lower-left corner", lowerLeft), ("lower-right corner", lowerRight), ("upper-left corner", upperLeft)] where !p.isFinite {
            throw FieldError(name, expected: "finite x,y,z in meters", found: "\(p)")
        }
        guard near.isFinite, near > 0 else { throw FieldError("near", expected: "a finite distance > 0 m", found: "\(near)") }
        guard far.isFinite, far > near else { throw FieldError("far", expected: "a finite distance > near (\(near) m)", found: "\(far)") }
        let width = (lowerRight - lowerLeft).length, height = (upperLeft - lowerLeft).length
        guard width > 0 else { throw FieldError("screen width", expected: "a positive size (lower-right ≠ lower-left)", found: "\(width) m") }
        guard height > 0 else { throw FieldError("screen height", expected: "a positive size (upper-left ≠ lower-left)", found: "\(height) m") }
        let normal = (lowerRight - lowerLeft).cross(upperLeft - lowerLeft)
        guard normal.length > 1e-12 * width * height else {
            throw FieldError("screen corners", expected: "three corners that span a plane", found: "collinear \(lowerLeft), \(lowerRight), \(upperLeft)")
        }
        self.lowerLeft = lowerLeft
        self.lowerRight = lowerRight
        self.upperLeft = upperLeft
        self.near = near
        self.far = far
    }

    /// A width × height screen centred at the origin in the z = 0 plane (the world-frame screen).
    public init(width: Double, height: Double, near: Double = 0.001, far: Double = 10) throws {
        guard width.isFinite, width > 0 else { throw FieldError("screen width", expected: "a positive finite size in meters", found: "\(width)") }
        guard height.isFinite, height > 0 else { throw FieldError("screen height", expected: "a positive finite size in meters", found: "\(height)") }
        try self.init(lowerLeft: Vec3(-width / 2, -height / 2, 0), lowerRight: Vec3(width / 2, -height / 2, 0),
                      upperLeft: Vec3(-width / 2, height / 2, 0), near: near, far: far)
    }

    /// Screen right, up and normal (toward the viewer) unit vectors.
    public var basis: (right: Vec3, up: Vec3, normal: Vec3) {
        let vr = (lowerRight - lowerLeft).normalized
        let vu = (upperLeft - lowerLeft).normalized
        return (vr, vu, vr.cross(vu).normalized)
    }

    /// Projection (OpenGL clip convention), view, and frustum for an eye; the eye must be in front of the
    /// screen plane (d > near).
    public func camera(eye pe: Vec3) throws -> CameraSetup {
        guard pe.isFinite else { throw FieldError("eye", expected: "finite x,y,z in meters", found: "\(pe)") }
        let (vr, vu, vn) = basis
        let va = lowerLeft - pe, vb = lowerRight - pe, vc = upperLeft - pe
        let d = -va.dot(vn)
        guard d > 0 else { throw FieldError("eye distance to the screen plane", expected: "> 0 m (eye in front of the screen)", found: "\(d) m") }
        guard near < d else { throw FieldError("near", expected: "< the eye's distance to the screen plane (\(d) m)", found: "\(near) m") }
        let k = near / d
        let frustum = Frustum(left: vr.dot(va) * k, right: vr.dot(vb) * k, bottom: vu.dot(va) * k, top: vu.dot(vc) * k, near: near, far: far)
        let view = Mat4.basis(right: vr, up: vu, back: vn) * Mat4.translation(-pe)
        return CameraSetup(eye: pe, frustum: frustum, projection: frustum.glMatrix, view: view, clip: .openGL)
    }
}
