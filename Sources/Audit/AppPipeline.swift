import Geometry
import Plumbing

/// The app's whole head-to-pixel pipeline as one configuration: every behaviour that departs from a true
/// window is a named switch whose default is the app as shipped (AristidesAI/Splat-Frame at `AppDefaults.appCommit`), so
/// "the app" and "the app with fix X" are both one value (`fixing(_:)`).
public struct AppPipeline: Hashable, Sendable {
    /// Per-sample EMA weight (the app's default 0.25).
    public var alpha = AppDefaults.smoothingAlpha
    public var movementScale = AppDefaults.movementScale
    /// The app clamps the head's z to ≥ 0.1 m before and after smoothing.
    public var zMin = AppDefaults.zMin
    public var near = AppDefaults.near
    public var far = AppDefaults.far
    /// g of the cube's tilt offset, m/rad.
    public var tiltGain = AppDefaults.tiltGain
    public var eyeModel = EyeModel()

    // The app's behaviours (true = as shipped).
    public var sizesScreenFromAppTable = true
    public var ignoresCameraOffset = true
    public var usesAnchorAsEye = true
    public var recenterStoresOffsetPosition = true
    public var keepsSmootherThroughLoss = true
    public var addsTiltOffset = true
    public var delaysHandOff = true
    public var hopsToMainActor = true
    public var splatLooksAt = true
    public var feedsGLClipToMetal = true
    public var storesLinearInUnorm = true
    public var clampsJacobianOnAxis = true

    public init() {}

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
        switch check {
        case .screenSize: sizesScreenFromAppTable = false
        case .cameraOffset: ignoresCameraOffset = false
        case .eyePoint: usesAnchorAsEye = false
        case .recenterIdempotent: recenterStoresOffsetPosition = false
        case .trackingLoss: keepsSmootherThroughLoss = false
        case .gyroTilt: addsTiltOffset = false
        case .handOff: delaysHandOff = false
        case .latency:
            hopsToMainActor = false
            alpha = 0.5
        case .splatPinning: splatLooksAt = false
        case .clipDepth: feedsGLClipToMetal = false
        case .splatColour: storesLinearInUnorm = false
        case .jacobianClamp: clampsJacobianOnAxis = false
        case .exaggeration: movementScale = 1
        }
    }

    /// The app's behaviour for `check` in `other`, everything else from self (to isolate one behaviour).
    public func with(behaviourOf check: AuditCheckID, from other: AppPipeline) -> AppPipeline {
        var p = self
        switch check {
        case .screenSize: p.sizesScreenFromAppTable = other.sizesScreenFromAppTable
        case .cameraOffset: p.ignoresCameraOffset = other.ignoresCameraOffset
        case .eyePoint: p.usesAnchorAsEye = other.usesAnchorAsEye
        case .recenterIdempotent: p.recenterStoresOffsetPosition = other.recenterStoresOffsetPosition
        case .trackingLoss: p.keepsSmootherThroughLoss = other.keepsSmootherThroughLoss
        case .gyroTilt: p.addsTiltOffset = other.addsTiltOffset
        case .handOff: p.delaysHandOff = other.delaysHandOff
        case .latency:
            p.hopsToMainActor = other.hopsToMainActor
            p.alpha = other.alpha
        case .splatPinning: p.splatLooksAt = other.splatLooksAt
        case .clipDepth: p.feedsGLClipToMetal = other.feedsGLClipToMetal
        case .splatColour: p.storesLinearInUnorm = other.storesLinearInUnorm
        case .jacobianClamp: p.clampsJacobianOnAxis = other.clampsJacobianOnAxis
        case .exaggeration: p.movementScale = other.movementScale
        }
        return p
    }
}
