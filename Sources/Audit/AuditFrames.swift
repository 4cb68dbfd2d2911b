import Foundation
import Geometry
import Golden
import Imaging
import Projection
import Scenes

/// The frames of a failing image-shift check at its worst instant: the app's cube room (`app-cube`, the
/// reference look) through the app's camera — its believed screen, eye and view — next to the same room
/// through the corrected camera, and their difference, as one strip (app | true window | difference).
enum AuditFrames {
    /// The strip's frames: the panel's pixels / 10.
    static let downscale = 10

    /// The size of the strip's frames for `screen`.
    static func size(of screen: ScreenModel) throws -> FrameSize {
        try FrameSize(width: max(1, screen.pixelWidth / downscale), height: max(1, screen.pixelHeight / downscale))
    }

    static func write(_ check: AuditCheckID, case audit: AuditCase, app: (AppPipeline, Vec3), reference: (AppPipeline, Vec3),
                      to directory: String) throws -> String {
        let size = try size(of: audit.screen)
        let renderer = try SceneRenderer(.cube(.init(room: .appCube)), screen: audit.screen, background: RGBA(40, 40, 40))
        let appFrame = try renderer.render(try camera(app.0, eye: app.1, audit), size: size)
        let trueFrame = try renderer.render(try camera(reference.0, eye: reference.1, audit), size: size)
        let strip = DiffImage.strip(golden: appFrame, actual: trueFrame, diff: DiffImage.make(golden: appFrame, actual: trueFrame, threshold: 2))
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let name = "\(check.rawValue).png"
        try PNGCodec.write(strip, to: (directory as NSString).appendingPathComponent(name))
        return name
    }

    /// The camera a pipeline renders with for `eye`: the screen size it believes, its view.
    static func camera(_ pipeline: AppPipeline, eye: Vec3, _ audit: AuditCase) throws -> CameraSetup {
        var screen = audit.screen
        if pipeline.sizesScreenFromAppTable, let record = screen.record {
            screen = try ScreenModel.device(record, source: .appTable, orientation: screen.orientation)
        }
        let looksAt = audit.mode == .splat && pipeline.splatLooksAt
        let projection = try OffAxisProjection(screen: screen, near: pipeline.near, far: pipeline.far,
                                               clip: pipeline.feedsGLClipToMetal ? .openGL : .metal,
                                               view: looksAt ? .splat : .translate)
        return CameraSetup(eye: eye, frustum: projection.frustum(eye: eye), projection: projection.projectionMatrix(eye: eye),
                           view: try projection.viewMatrix(eye: eye), clip: projection.clip)
    }
}
