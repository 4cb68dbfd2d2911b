import Geometry
import Plumbing

/// The app's whole head-to-pixel pipeline as one configuration: every behaviour that departs from a true
/// window is a named switch whose default is the app as shipped (AristidesAI/Splat-Frame at `AppDefaults.appCommit`), so
/// "the app" and "the app with fix X" are both one value (`fixing(_:)`).
public struct AppPipeline: Hashable, Sendable {
    /// Per-sample EMA weight as the app is set (its default 0.25); `smoothingAlpha` is the one in use.
    public var alpha = AppDefaults.smoothingAlpha
    /// Head x and y are multiplied by this as the app is set; `appliedMovementScale` is the one in use.
    public var movementScale = AppDefaults.movementScale
    /// The app clamps the head's z to ≥ 0.1 m before and after smoothing.
    public var zMin = AppDefaults.zMin
    public var near = AppDefaults.near
    public var far = AppDefaults.far
    /// g of the cube's tilt offset, m/rad.
    public var tiltGain = AppDefaults.tiltGain
    public var eyeModel = EyeModel()
    /// The audit's hypothesis about what ARKit reports (`ARKitFrame`); not a behaviour of the app.
    public var arkitFrame = ARKitFrame.gravity

    // The app's behaviours (true = as shipped): each check's registration names its switch (`AuditCheck.fix`).
    /// The app reads the face anchor in ARKit's world frame as if it were screen-relative.
    public var readsWorldAnchor = true
    public var sizesScreenFromAppTable = true
    public var ignoresCameraOffset = true
    public var usesAnchorAsEye = true
    public var recenterStoresOffsetPosition = true
    public var keepsSmootherThroughLoss = true
    public var addsTiltOffset = true
    public var delaysHandOff = true
    /// The pose hops to the main actor and is smoothed at `alpha`; fixed, it is read on the render thread and
    /// smoothed at `renderThreadAlpha`.
    public var hopsToMainActor = true
    public var splatLooksAt = true
    public var feedsGLClipToMetal = true
    public var storesLinearInUnorm = true
    public var clampsJacobianOnAxis = true
    /// Head x and y are multiplied by `movementScale`; fixed, by 1 (the correct window).
    public var exaggeratesMovement = true

    /// The EMA weight of the latency fix.
    public static let renderThreadAlpha = 0.5

    public init() {}

    /// The EMA weight in use.
    public var smoothingAlpha: Double { hopsToMainActor ? alpha : Self.renderThreadAlpha }

    /// The movement scale in use.
    public var appliedMovementScale: Double { exaggeratesMovement ? movementScale : 1 }

    /// The app as shipped.
    public static let shipped = AppPipeline()

    /// This pipeline with the corrected behaviour for `checks`.
    public func fixing(_ checks: Set<AuditCheckID>) -> AppPipeline {
        var p = self
        for check in checks { p.fix(check) }
        return p
    }

    /// Every behaviour corrected: the true (exaggerated unless `exaggeration` is fixed) window.
    public func fixingAll() -> AppPipeline { fixing(Set(AuditCheckID.allCases)) }

    private mutating func fix(_ check: AuditCheckID) {
        self[keyPath: check.registration.fix] = false
    }

    /// The app's behaviour for `check` in `other`, everything else from self (to isolate one behaviour).
    public func with(behaviourOf check: AuditCheckID, from other: AppPipeline) -> AppPipeline {
        let behaviour = check.registration.fix
        var p = self
        p[keyPath: behaviour] = other[keyPath: behaviour]
        return p
    }
}
