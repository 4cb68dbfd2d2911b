import Geometry
import Projection
import TestedApp

/// The true eye: the true face-anchor position (truth columns, screen frame, or the reference estimate) with
/// the camera offset and the eye model's offset rotated with the head, then the movement scale on x and y
/// (s = 1: the correct window; the pipeline's s: the correct exaggerated window). Seen through the translate
/// view and the display's true active area (`ImageModel` of `AppPipeline.fixingAll()`).
package struct TruthPipeline: Sendable {
    package var cameraOffset: Vec3
    package var eyeOffset: Vec3
    package var movementScale: Double

    package init(_ pipeline: AppPipeline, screen: ScreenModel, exaggerated: Bool = true) {
        cameraOffset = screen.cameraOffset
        eyeOffset = pipeline.eyeModel.offset
        movementScale = exaggerated ? pipeline.appliedMovementScale : 1
    }

    package func eyes(_ anchors: [Vec3], headOrientation: [Quaternion]? = nil) -> [Vec3] {
        anchors.indices.map { i in
            let p = anchors[i] + cameraOffset + (headOrientation?[i] ?? .identity).rotate(eyeOffset)
            return Vec3(movementScale * p.x, movementScale * p.y, p.z)
        }
    }
}
