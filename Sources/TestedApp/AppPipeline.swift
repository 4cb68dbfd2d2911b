import Geometry
import Vocabulary

/// The app's whole head-to-pixel pipeline as one configuration: every behaviour that departs from a true
/// window is a named switch whose default is the app as shipped (AristidesAI/Splat-Frame at `AppDefaults.appCommit`), so
/// "the app" and "the app with fix X" are both one value (`fixing(_:)`).
package struct AppPipeline: Hashable, Sendable {
    /// Per-sample EMA weight as the app is set (its default 0.25); `smoothingAlpha` is the one in use.
    package var alpha = AppDefaults.smoothingAlpha
    /// Head x and y are multiplied by this as the app is set; `appliedMovementScale` is the one in use.
    package var movementScale = AppDefaults.movementScale
    /// The app clamps the head's z to ≥ 0.1 m before and after smoothing.
    package var zMin = AppDefaults.zMin
    package var near = AppDefaults.near
    package var far = AppDefaults.far
    /// g of the cube's tilt offset, m/rad.
    package var tiltGain = AppDefaults.tiltGain
    package var eyeModel = EyeModel()
    /// The audit's hypothesis about what ARKit reports (`ARKitFrame`); not a behaviour of the app.
    package var arkitFrame = ARKitFrame.gravity

    // The app's behaviours (true = as shipped): each audit check names its switch (`AuditCheck.fix`).
    /// The app reads the face anchor in ARKit's world frame as if it were screen-relative.
    package var readsWorldAnchor = true
    package var sizesScreenFromAppTable = true
    package var ignoresCameraOffset = true
    package var usesAnchorAsEye = true
    package var recenterStoresOffsetPosition = true
    package var keepsSmootherThroughLoss = true
    package var addsTiltOffset = true
    package var delaysHandOff = true
    /// The pose hops to the main actor and is smoothed at `alpha`; fixed, it is read on the render thread and
    /// smoothed at `renderThreadAlpha`.
    package var hopsToMainActor = true
    package var splatLooksAt = true
    package var feedsGLClipToMetal = true
    package var storesLinearInUnorm = true
    package var clampsJacobianOnAxis = true
    /// Head x and y are multiplied by `movementScale`; fixed, by 1 (the correct window).
    package var exaggeratesMovement = true

    /// The EMA weight of the latency fix.
    package static let renderThreadAlpha = 0.5

    package init() {}

    /// The EMA weight in use.
    package var smoothingAlpha: Double { hopsToMainActor ? alpha : Self.renderThreadAlpha }

    /// The movement scale in use.
    package var appliedMovementScale: Double { exaggeratesMovement ? movementScale : 1 }

    /// The app as shipped.
    package static let shipped = AppPipeline()
}

/// The app's two 3D modes.
package enum AppMode: String, CaseIterable, Codable, Sendable {
    case cube, splat
}
