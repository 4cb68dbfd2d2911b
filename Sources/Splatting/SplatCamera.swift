import Geometry
import Imaging
import Projection

/// The camera a splat frame is rendered through: view and projection (column-vector convention, see `Mat4`),
/// frame size and the projection's clip convention. The projection must be a frustum matrix
/// (row 3 = (0, 0, −1, 0), no x/y shear between axes), as the app and `OffAxisProjection` build.
package struct SplatCamera: Sendable, Equatable {
    package var view: Mat4
    package var projection: Mat4
    package var size: FrameSize
    package var clip: ClipConvention

    package var width: Int { size.width }
    package var height: Int { size.height }

    package init(view: Mat4, projection: Mat4, size: FrameSize, clip: ClipConvention) throws {
        let p = projection
        guard p.isFinite, view.isFinite, p[3, 0] == 0, p[3, 1] == 0, p[3, 2] == -1, p[3, 3] == 0,
              p[0, 1] == 0, p[0, 3] == 0, p[1, 0] == 0, p[1, 3] == 0, p[0, 0] > 0, p[1, 1] > 0 else {
            throw SplatError("camera: projection: expected a finite perspective frustum matrix (last row 0, 0, -1, 0), found \(p.rowArrays)")
        }
        guard view.inverse != nil else { throw SplatError("camera: view: expected an invertible matrix") }
        self.view = view
        self.projection = projection
        self.size = size
        self.clip = clip
    }

    package init(_ setup: CameraSetup, size: FrameSize) throws {
        try self.init(view: setup.view, projection: setup.projection, size: size, clip: setup.clip)
    }

    /// The eye in world coordinates (inverse view applied to the origin). Not `CameraSetup.eye`: for a lookAt view
    /// the two differ in the last bits, and the frames (goldens) are sorted and shaded from this one.
    package var eye: Vec3 { view.inverse!.transform(point: .zero).xyz }
}
