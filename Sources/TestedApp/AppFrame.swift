import Geometry

/// What the app under test computed for one display frame. For the app's code: its Float values, widened exactly
/// to Double.
package struct AppFrame: Sendable, Equatable {
    package var t: Double
    /// `HeadTrackingService.currentPosition` (x, y, z), metres: the smoother's output.
    package var head: Vec3
    /// `DeviceMotionService.tiltOffset` (x, y), metres.
    package var tiltOffset: (x: Double, y: Double)
    /// The eye: the camera node's position after the display frame's update.
    package var eye: Vec3
    /// The camera's projection (`SCNCamera.projectionTransform`).
    package var projection: Mat4
    /// The view: the inverse of the camera node's world transform.
    package var view: Mat4

    package init(t: Double, head: Vec3, tiltOffset: (x: Double, y: Double), eye: Vec3, projection: Mat4, view: Mat4) {
        self.t = t
        self.head = head
        self.tiltOffset = tiltOffset
        self.eye = eye
        self.projection = projection
        self.view = view
    }

    package static func == (a: AppFrame, b: AppFrame) -> Bool {
        a.t == b.t && a.head == b.head && a.tiltOffset == b.tiltOffset && a.eye == b.eye && a.projection == b.projection && a.view == b.view
    }

    /// A driver's frame payload: head 3, tilt offset 2, eye 3, projection 16 and view 16 row by row.
    package init(t: Double, values v: [Double]) {
        precondition(v.count == 40, "a frame is 40 values")
        self.init(t: t, head: Vec3(v[0], v[1], v[2]), tiltOffset: (v[3], v[4]), eye: Vec3(v[5], v[6], v[7]),
                  projection: Mat4(rowArrays: stride(from: 8, to: 24, by: 4).map { Array(v[$0..<($0 + 4)]) })!,
                  view: Mat4(rowArrays: stride(from: 24, to: 40, by: 4).map { Array(v[$0..<($0 + 4)]) })!)
    }
}
