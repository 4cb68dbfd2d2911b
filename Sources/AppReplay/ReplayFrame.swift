import Geometry

/// What the app's code computed for one display frame (its Float values, widened exactly to Double).
package struct ReplayFrame: Sendable, Equatable {
    package var t: Double
    /// `HeadTrackingService.currentPosition` (x, y, z), metres.
    package var head: Vec3
    /// `DeviceMotionService.tiltOffset` (x, y), metres.
    package var tiltOffset: (x: Double, y: Double)
    /// The camera position `OffAxisProjection.cameraPosition` gives for the head plus the tilt offset.
    package var eye: Vec3
    /// `OffAxisProjection.projectionMatrix` for that position and the app's screen calibration.
    package var projection: Mat4
    /// The view: the inverse of the camera node's transform.
    package var view: Mat4

    package static func == (a: ReplayFrame, b: ReplayFrame) -> Bool {
        a.t == b.t && a.head == b.head && a.tiltOffset == b.tiltOffset && a.eye == b.eye && a.projection == b.projection && a.view == b.view
    }

    /// A frame record's payload (`ReplayScript`): t, then 40 Float32.
    init(t: Double, values v: [Double]) {
        self.t = t
        head = Vec3(v[0], v[1], v[2])
        tiltOffset = (v[3], v[4])
        eye = Vec3(v[5], v[6], v[7])
        projection = Mat4(rowArrays: stride(from: 8, to: 24, by: 4).map { Array(v[$0..<($0 + 4)]) })!
        view = Mat4(rowArrays: stride(from: 24, to: 40, by: 4).map { Array(v[$0..<($0 + 4)]) })!
    }
}
