import Geometry
import Projection
import TestedApp
import Vocabulary

/// Where the pipeline's frame puts a world point, in pixels from the screen centre (+y up): the app's
/// frustum from the believed screen size and the eye, its view (translate, or lookAt in splat mode), and the
/// panel's pixels spread over the true active area.
///
/// With the frustum of `OffAxisProjection` (l, r = (∓W/2 − ex)·n/ez, …) a camera-space point c lands at
/// x_ndc = (2/W)·(ez·cx − ex·cz)/(−cz); with the translate view c = P − e this is the on-glass position of
/// `OnGlass`, so x_px = x_glass·pw/W with W the size the app believes.
package struct ImageModel: Sendable {
    package var believedWidth: Double
    package var believedHeight: Double
    package var pixelWidth: Double
    package var pixelHeight: Double
    /// The true active area (m): where the panel's pixels physically are.
    package var panelWidth: Double
    package var panelHeight: Double
    package var looksAt: Bool
    /// A frame of the app's own code: its projection · view, which then places every point (`drawn(by:)`).
    package var drawingMatrix: Mat4?

    package init(_ pipeline: AppPipeline, screen: ScreenModel, mode: AppMode) {
        if pipeline.sizesScreenFromAppTable, let record = screen.record {
            let size = AppScreenTable.size(for: record)
            let landscape = screen.orientation != .portrait
            believedWidth = landscape ? size.height : size.width
            believedHeight = landscape ? size.width : size.height
        } else {
            believedWidth = screen.width
            believedHeight = screen.height
        }
        pixelWidth = Double(screen.pixelWidth)
        pixelHeight = Double(screen.pixelHeight)
        panelWidth = screen.width
        panelHeight = screen.height
        looksAt = mode == .splat && pipeline.splatLooksAt
    }

    /// This panel drawn by a frame of the app's code: a point lands where the frame's projection · view puts it (NDC
    /// spread over the panel's pixels), whatever the model would compute from its eye.
    package func drawn(by frame: AppFrame) -> ImageModel {
        var image = self
        image.drawingMatrix = frame.projection * frame.view
        return image
    }

    /// Whether a pixel offset from the screen centre lies on the panel (edges included).
    package func isOnPanel(_ pixel: (x: Double, y: Double)) -> Bool {
        abs(pixel.x) <= pixelWidth / 2 && abs(pixel.y) <= pixelHeight / 2
    }

    /// Where a pixel offset from the screen centre physically is: on the glass (z = 0) of the true active area.
    package func glass(of pixel: (x: Double, y: Double)) -> Vec3 {
        Vec3(pixel.x * panelWidth / pixelWidth, pixel.y * panelHeight / pixelHeight, 0)
    }

    /// Pixel offset from the screen centre of `point` seen from `eye`.
    package func pixel(of point: Vec3, eye: Vec3) -> (x: Double, y: Double) {
        if let drawingMatrix {
            let clip = drawingMatrix.transform(point: point)
            return (clip.x / clip.w * pixelWidth / 2, clip.y / clip.w * pixelHeight / 2)
        }
        let c: Vec3
        if looksAt, let view = Mat4.lookAt(eye: eye, target: AppDefaults.splatLookAtTargetVector, up: Vec3(0, 1, 0)) {
            c = view.transform(point: point).xyz
        } else {
            c = point - eye
        }
        let gx = (eye.z * c.x - eye.x * c.z) / -c.z
        let gy = (eye.z * c.y - eye.y * c.z) / -c.z
        return (gx * pixelWidth / believedWidth, gy * pixelHeight / believedHeight)
    }
}

/// The points whose image the checks follow: the back wall of the app's cube room (depth 0.30 m) behind
/// the screen's corners, edge midpoints and centre; in splat mode also the same grid on the glass (which a
/// true window keeps pinned).
package enum ProbePoints {
    package static let backWallDepth = 0.30

    package static func grid(screen: ScreenModel, z: Double) -> [Vec3] {
        var points: [Vec3] = []
        for fx in [-0.5, 0, 0.5] {
            for fy in [-0.5, 0, 0.5] { points.append(Vec3(fx * screen.width, fy * screen.height, z)) }
        }
        return points
    }

    package static func points(screen: ScreenModel, mode: AppMode) -> [Vec3] {
        let wall = grid(screen: screen, z: -backWallDepth)
        return mode == .splat ? wall + grid(screen: screen, z: 0) : wall
    }

    /// The largest pixel distance between the images of `points` in two frames, over the points the true
    /// image shows on the panel (`visibleIn`, by default frame `b`, the reference); each displacement is taken on
    /// the glass plane without clipping, so a point that frame `a` pushes off the panel counts in full. Nil when
    /// the true image shows none.
    package static func largestShift(_ points: [Vec3], _ a: ImageModel, eye ea: Vec3, _ b: ImageModel, eye eb: Vec3,
                                    visibleIn truth: (image: ImageModel, eye: Vec3)? = nil) -> Double? {
        var worst: Double?
        let judge = truth ?? (b, eb)
        for p in points {
            guard judge.image.isOnPanel(judge.image.pixel(of: p, eye: judge.eye)) else { continue }
            let pb = b.pixel(of: p, eye: eb)
            let pa = a.pixel(of: p, eye: ea)
            worst = max(worst ?? 0, ((pa.x - pb.x) * (pa.x - pb.x) + (pa.y - pb.y) * (pa.y - pb.y)).squareRoot())
        }
        return worst
    }
}
