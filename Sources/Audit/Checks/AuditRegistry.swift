/// The registry: each check id's registration. An exhaustive switch, so the compiler refuses an id without
/// one; `AuditRegistryTests` checks that no registration serves two ids.
enum AuditRegistry {
    static func check(_ id: AuditCheckID) -> any AuditCheck.Type {
        switch id {
        case .worldAlignment: WorldAlignmentCheck.self
        case .screenSize: ScreenSizeCheck.self
        case .cameraOffset: CameraOffsetCheck.self
        case .eyePoint: EyePointCheck.self
        case .recenterIdempotent: RecenterCheck.self
        case .trackingLoss: TrackingLossCheck.self
        case .gyroTilt: GyroTiltCheck.self
        case .handOff: HandOffCheck.self
        case .latency: LatencyCheck.self
        case .splatPinning: SplatPinningCheck.self
        case .clipDepth: ClipDepthCheck.self
        case .splatColour: SplatColourCheck.self
        case .jacobianClamp: JacobianClampCheck.self
        case .exaggeration: ExaggerationCheck.self
        }
    }

    /// Every registration, in check order.
    static var checks: [any AuditCheck.Type] { AuditCheckID.allCases.map(check) }
}
