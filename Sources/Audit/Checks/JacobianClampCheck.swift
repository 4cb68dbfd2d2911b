import Foundation
import Geometry
import Golden
import Imaging
import Projection
import Splatting
import TestedApp
import Vocabulary

extension AuditCheckID {
    package static let jacobianClamp = AuditCheckID("jacobian-clamp")
}

extension AuditCheck {
    /// jacobian-clamp: at the trace's most off-axis eye, a splat frame (MetalSplatter semantics, the corrected
    /// camera) with MetalSplatter's axis-centred Jacobian clamp against the frustum-centred one; value: the
    /// percentage of pixels whose largest channel differs by more than 2 levels. The scene is the seeded synthetic
    /// scene (2000 splats) fitted to the screen, at the panel's pixels / 10.
    static let jacobianClamp = AuditCheck(
        id: .jacobianClamp,
        unit: .percent,
        defaultLimit: 0.5,
        modes: [.splat],
        reachable: false,
        mechanism: "MetalSplatter clamps the projection Jacobian ±1.3·tan(half-FOV) around the optical axis, not the off-axis frustum's centre: off-centre heads reshape splats (% of pixels > 2 levels off)",
        fixDescription: "clamp centred on the off-axis frustum",
        fix: \AppPipeline.clampsJacobianOnAxis,
        modelOnly: "the replay drives the cube; the splat viewer is not reachable in the shipped app",
        ownBaseline: .otherFixesApplied,
        evaluate: { try JacobianClampCheck.evaluate($0, configured: $1) })
}

/// How jacobian-clamp measures (`AuditCheck.jacobianClamp`).
enum JacobianClampCheck {
    static let scene = SyntheticScene.make(count: 2000, seed: 14)
    static let threshold = 2
    /// The frames are the panel's pixels / 10.
    static let downscale = 10

    static func size(of screen: ScreenModel) throws -> FrameSize {
        try FrameSize(width: max(1, screen.pixelWidth / downscale), height: max(1, screen.pixelHeight / downscale))
    }

    static func evaluate(_ audit: AuditCase, configured: AppPipeline) throws -> CheckEvaluation {
        let reference = configured.fixingAll().with(behaviourOf: .exaggeration, from: configured)
        let eyes = audit.eyes(reference)
        guard let index = eyes.indices.max(by: { hypot(eyes[$0].x, eyes[$0].y) < hypot(eyes[$1].x, eyes[$1].y) }) else {
            return CheckEvaluation(samples: [])
        }
        let eye = eyes[index]
        let setup = try audit.camera(reference, eye: eye)
        let camera = try SplatCamera(setup, size: try size(of: audit.screen))
        let model = try ScenePlacement().modelMatrix(for: scene, screenWidth: audit.screen.width, screenHeight: audit.screen.height)
        func frame(frustumCentred: Bool) throws -> RGBAImage {
            var options = SplatRenderOptions(mode: .metalsplatter)
            options.frustumCentredClamp = frustumCentred
            return SplatRenderer.render(scene, model: model, camera: camera, options: options)
        }
        let app = try frame(frustumCentred: !configured.clampsJacobianOnAxis)
        let corrected = try frame(frustumCentred: true)
        let comparison = try FrameComparator.compare(golden: corrected, actual: app, tolerance: Tolerance(maxChannelDiff: threshold))
        let percent = 100 * comparison.overToleranceFraction
        return CheckEvaluation(samples: [CheckSample(value: percent, place: audit.place(index))],
                               notes: ["\(audit.traceName): eye (\(format(eye.x * 1000)), \(format(eye.y * 1000)), \(format(eye.z * 1000))) mm"])
    }
}
