// SceneKit's camera (https://developer.apple.com/documentation/scenekit/scncamera): a node's point of view,
// looking along the node's −z axis. `projectionTransform` (…/scncamera/projectiontransform) is computed from the
// camera's settings unless set; once set, SceneKit uses the matrix given. `zNear` and `zFar` (Double on iOS:
// …/scncamera/znear, …/zfar) bound the visible depth; `usesOrthographicProjection` (…/usesorthographicprojection).
// Nothing is rendered: the stand-in keeps the matrix set and says whether one was.
@_exported import Foundation

/// A camera (Apple: `class SCNCamera : NSObject`).
open class SCNCamera: NSObject {
    public var zNear: Double = 1
    public var zFar: Double = 100
    public var usesOrthographicProjection = false
    /// The vertical field of view in degrees (SceneKit's default 60).
    public var fieldOfView: CGFloat = 60
    /// The matrix the app set, if it set one.
    @_spi(Simulation) public private(set) var projectionSet: SCNMatrix4?

    public override init() { super.init() }

    /// The set matrix, else SceneKit's perspective from `fieldOfView`, `zNear`, `zFar` for a square view.
    public var projectionTransform: SCNMatrix4 {
        get {
            if let projectionSet { return projectionSet }
            let f = Float(1 / tan(Double(fieldOfView) * .pi / 360)), n = Float(zNear), far = Float(zFar)
            return SCNMatrix4(simd_float4x4.withRows(
                SIMD4(f, 0, 0, 0), SIMD4(0, f, 0, 0),
                SIMD4(0, 0, (far + n) / (n - far), 2 * far * n / (n - far)), SIMD4(0, 0, -1, 0)))
        }
        set { projectionSet = newValue }
    }
}
