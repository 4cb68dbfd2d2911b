import Foundation
import Geometry
import Vocabulary

/// The app's head-tracked off-axis projection (AristidesAI/Splat-Frame, from ryrotella/decorate_3D_portal),
/// reproduced exactly, with its other behaviours as options.
///
/// For a head position h (world frame, meters):
///
///     eye = (s·hx, s·hy, max(zMin, hz))          s = movementScale (x and y only, never z)
///     k = n / ez
///     l = (−W/2 − ex)·k,  r = (W/2 − ex)·k,  b = (−H/2 − ey)·k,  t = (H/2 − ey)·k
///     projection = glFrustum(l, r, b, t, n, f)   (then converted to `clip`)
///     view = translate(−eye)                      (or lookAt(eye → target, up) for the splat path)
///
/// With the translate view this is exactly Kooima's generalized perspective projection for a screen in
/// the z = 0 plane: every point on the glass stays pinned to its pixel whatever the eye.
public struct OffAxisProjection: Hashable, Sendable {
    /// How head positions relate to the screen.
    public enum HeadFrame: String, Hashable, Sendable, Codable {
        /// Positions are used as screen-relative, as given — what the app does, although its ARKit
        /// positions are camera-relative.
        case screen
        /// Positions are camera-relative (ARKit); `screen.cameraOffset` is added first (correct for
        /// recordings).
        case camera
    }

    /// How the view matrix is built from the eye.
    public enum ViewMode: Hashable, Sendable {
        /// view = translate(−eye): the cube (SceneKit) path; geometrically right.
        case translate
        /// view = lookAt(eye → target, up): the splat (Metal) path; breaks pinning.
        case lookAt(target: Vec3, up: Vec3)

        /// The app's splat path: lookAt(eye → (0, 0, −0.25), up +y).
        public static let splat = ViewMode.lookAt(target: AppDefaults.splatLookAtTargetVector, up: Vec3(0, 1, 0))
    }

    public var screen: ScreenModel
    public var movementScale: Double
    public var near: Double
    public var far: Double
    /// The eye's z is clamped to ≥ zMin; nil disables the clamp (then an eye at or behind the screen
    /// plane is an error).
    public var zMin: Double?
    public var clip: ClipConvention
    public var headFrame: HeadFrame
    public var view: ViewMode

    /// Defaults are the app's: s = 1.5, n = 0.001 m, f = 10 m, zMin = 0.1 m, OpenGL clip depth,
    /// camera-relative positions used as screen-relative, translate view (cube path).
    public init(
        screen: ScreenModel, movementScale: Double = AppDefaults.movementScale, near: Double = AppDefaults.near,
        far: Double = AppDefaults.far, zMin: Double? = AppDefaults.zMin, clip: ClipConvention = .openGL, headFrame: HeadFrame = .screen, view: ViewMode = .translate
    ) throws {
        self.screen = screen
        self.movementScale = movementScale
        self.near = near
        self.far = far
        self.zMin = zMin
        self.clip = clip
        self.headFrame = headFrame
        self.view = view
        try validate()
    }

    /// Checks the parameters that do not depend on the head: finite, n > 0, f > n, zMin > 0, screen size.
    public func validate() throws {
        guard movementScale.isFinite else { throw FieldError("movement scale", expected: "a finite number", found: "\(movementScale)") }
        guard near.isFinite, near > 0 else { throw FieldError("near", expected: "a finite distance > 0 m", found: "\(near)") }
        guard far.isFinite, far > near else { throw FieldError("far", expected: "a finite distance > near (\(near) m)", found: "\(far)") }
        if let zMin, !(zMin.isFinite && zMin > 0) { throw FieldError("zMin", expected: "a finite distance > 0 m", found: "\(zMin)") }
        guard screen.width.isFinite, screen.width > 0 else { throw FieldError("screen width", expected: "a positive finite size in meters", found: "\(screen.width)") }
        guard screen.height.isFinite, screen.height > 0 else { throw FieldError("screen height", expected: "a positive finite size in meters", found: "\(screen.height)") }
        if case .lookAt(let target, let up) = view, !(target.isFinite && up.isFinite && up.length > 0) {
            throw FieldError("lookAt", expected: "a finite target and a non-zero up vector", found: "target \(target), up \(up)")
        }
    }

    /// The trivially copyable part used per frame (no strings or arrays: no reference counting in hot loops).
    @inlinable public var core: OffAxisCore {
        OffAxisCore(halfWidth: screen.width / 2, halfHeight: screen.height / 2, cameraOffset: screen.cameraOffset,
                    movementScale: movementScale, near: near, far: far, zMin: zMin, clip: clip, headFrame: headFrame, view: view)
    }

    /// The eye for a head position: (s·hx, s·hy, max(zMin, hz)) after the head-frame conversion.
    @inlinable public func eye(head: Vec3) throws -> Vec3 { try core.eye(head: head) }

    /// The app's frustum for an eye (no checks: `eye(head:)` produced it).
    @inlinable public func frustum(eye: Vec3) -> Frustum { core.frustum(eye: eye) }

    /// The projection matrix for an eye in this projection's clip convention.
    @inlinable public func projectionMatrix(eye: Vec3) -> Mat4 { core.projectionMatrix(eye: eye) }

    /// The view matrix for an eye.
    @inlinable public func viewMatrix(eye: Vec3) throws -> Mat4 { try core.viewMatrix(eye: eye) }

    /// Everything a renderer needs for one head position.
    @inlinable public func camera(head: Vec3) throws -> CameraSetup { try core.camera(head: head) }

    /// This projection with another movement scale / screen (for reference projections).
    public func with(movementScale s: Double) -> OffAxisProjection {
        var copy = self
        copy.movementScale = s
        return copy
    }
}

/// The per-frame arithmetic of `OffAxisProjection`, holding only numbers (see there for the formulas).
/// Obtain it from `OffAxisProjection.core`, which has validated the parameters.
public struct OffAxisCore: Hashable, Sendable {
    public var halfWidth: Double
    public var halfHeight: Double
    public var cameraOffset: Vec3
    public var movementScale: Double
    public var near: Double
    public var far: Double
    public var zMin: Double?
    public var clip: ClipConvention
    public var headFrame: OffAxisProjection.HeadFrame
    public var view: OffAxisProjection.ViewMode

    @inlinable init(
        halfWidth: Double, halfHeight: Double, cameraOffset: Vec3, movementScale: Double, near: Double, far: Double,
        zMin: Double?, clip: ClipConvention, headFrame: OffAxisProjection.HeadFrame, view: OffAxisProjection.ViewMode
    ) {
        (self.halfWidth, self.halfHeight, self.cameraOffset, self.movementScale) = (halfWidth, halfHeight, cameraOffset, movementScale)
        (self.near, self.far, self.zMin, self.clip, self.headFrame, self.view) = (near, far, zMin, clip, headFrame, view)
    }

    /// The eye for a head position: (s·hx, s·hy, max(zMin, hz)) after the head-frame conversion.
    @inlinable public func eye(head: Vec3) throws -> Vec3 {
        guard head.isFinite else { throw FieldError("head", expected: "finite x,y,z in meters", found: "\(head)") }
        let h = headFrame == .camera ? head + cameraOffset : head
        let ez: Double
        if let zMin {
            ez = max(zMin, h.z)
        } else {
            guard h.z > 0 else {
                throw FieldError("eye z", expected: "> 0 m (in front of the screen plane) with no zMin clamp", found: "\(h.z) m")
            }
            ez = h.z
        }
        guard near < ez else {
            throw FieldError("near", expected: "< the eye's distance to the screen plane (\(ez) m), the nearest content", found: "\(near) m")
        }
        return Vec3(movementScale * h.x, movementScale * h.y, ez)
    }

    /// k = n/ez; l = (−W/2 − ex)·k, r = (W/2 − ex)·k, b = (−H/2 − ey)·k, t = (H/2 − ey)·k.
    @inlinable public func frustum(eye: Vec3) -> Frustum {
        let k = near / eye.z
        return Frustum(left: (-halfWidth - eye.x) * k, right: (halfWidth - eye.x) * k,
                       bottom: (-halfHeight - eye.y) * k, top: (halfHeight - eye.y) * k, near: near, far: far)
    }

    @inlinable public func projectionMatrix(eye: Vec3) -> Mat4 {
        clip.convert(openGL: frustum(eye: eye).glMatrix)
    }

    @inlinable public func viewMatrix(eye: Vec3) throws -> Mat4 {
        switch view {
        case .translate:
            return Mat4.translation(-eye)
        case .lookAt(let target, let up):
            guard let m = Mat4.lookAt(eye: eye, target: target, up: up) else {
                throw FieldError("lookAt", expected: "an eye away from the target \(target) and not straight along up \(up)", found: "eye \(eye)")
            }
            return m
        }
    }

    @inlinable public func camera(head: Vec3) throws -> CameraSetup {
        let e = try eye(head: head)
        let f = frustum(eye: e)
        return CameraSetup(eye: e, frustum: f, projection: clip.convert(openGL: f.glMatrix), view: try viewMatrix(eye: e), clip: clip)
    }
}

/// One frame's camera: eye, frustum, projection and view matrices (column-vector convention, see `Mat4`).
public struct CameraSetup: Hashable, Sendable {
    public var eye: Vec3
    public var frustum: Frustum
    public var projection: Mat4
    public var view: Mat4
    public var clip: ClipConvention

    @inlinable public init(eye: Vec3, frustum: Frustum, projection: Mat4, view: Mat4, clip: ClipConvention) {
        self.eye = eye
        self.frustum = frustum
        self.projection = projection
        self.view = view
        self.clip = clip
    }

    /// projection · view.
    @inlinable public var viewProjection: Mat4 { projection * view }
}

extension OffAxisProjection {
    /// The view matrices a file or command line can name: `translate` (the cube path, pinned glass) or
    /// `splat` (the app's splat path: lookAt (0, 0, −0.25)).
    public enum ViewPreset: String, CaseIterable, Sendable, Codable {
        case translate, splat

        public var mode: ViewMode { self == .splat ? .splat : .translate }
    }
}

extension CameraSetup {
    /// The text form `parallax project` prints: screen, camera offset, eye, frustum, clip and both matrices.
    public func text(on screen: ScreenModel) -> String {
        func g(_ v: Double) -> String { String(format: "%.10g", v) }
        let f = frustum
        var lines = [
            "screen: \(screen.name), \(g(screen.width * 1000)) x \(g(screen.height * 1000)) mm, \(screen.pixelWidth) x \(screen.pixelHeight) px, \(screen.orientation.rawValue)",
            "camera offset: (\(g(screen.cameraOffset.x)), \(g(screen.cameraOffset.y)), \(g(screen.cameraOffset.z))) m (\(screen.cameraOffsetQuality.rawValue))",
            "eye: (\(g(eye.x)), \(g(eye.y)), \(g(eye.z))) m",
            "frustum: l \(g(f.left))  r \(g(f.right))  b \(g(f.bottom))  t \(g(f.top))  n \(g(f.near))  f \(g(f.far))",
            "clip: \(clip.rawValue)",
        ]
        for (name, m) in [("projection", projection), ("view", view)] {
            lines.append("\(name):")
            for row in m.rowArrays { lines.append("  " + row.map { String(format: "%16.10g", $0) }.joined(separator: " ")) }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
