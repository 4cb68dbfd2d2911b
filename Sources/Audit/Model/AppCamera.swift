import Geometry
import Projection
import TestedApp

extension AuditCase {
    /// The camera a pipeline renders with for `eye`: the screen size it believes, its view.
    package func camera(_ pipeline: AppPipeline, eye: Vec3) throws -> CameraSetup {
        var screen = screen
        if pipeline.sizesScreenFromAppTable, let record = screen.record {
            screen = try ScreenModel.device(record, source: .appTable, orientation: screen.orientation)
        }
        let looksAt = mode == .splat && pipeline.splatLooksAt
        let projection = try OffAxisProjection(screen: screen, near: pipeline.near, far: pipeline.far,
                                               clip: pipeline.feedsGLClipToMetal ? .openGL : .metal,
                                               view: looksAt ? .splat : .translate)
        return CameraSetup(eye: eye, frustum: projection.frustum(eye: eye), projection: projection.projectionMatrix(eye: eye),
                           view: try projection.viewMatrix(eye: eye), clip: projection.clip)
    }
}
