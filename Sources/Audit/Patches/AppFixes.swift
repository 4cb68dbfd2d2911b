/// The audit's fixes as edits to the app's own code, written against AristidesAI/Splat-Frame @ 4ca7217 (the lines each
/// edit finds are cited; an app whose lines moved gets "not applicable" and the reason). Each is the smallest change
/// that removes one behaviour, in the app's own names and types.
enum AppFixes {
    static func fix(for check: AuditCheckID) -> SourceFix? {
        switch check {
        case .recenterIdempotent: return recenter
        case .trackingLoss: return trackingLoss
        case .gyroTilt: return gyroTilt
        default: return nil
        }
    }

    /// The checks with a fix the audit writes as a patch.
    static let patched: [AuditCheckID] = AuditCheckID.allCases.filter { fix(for: $0) != nil }

    /// `resetOrigin()` stores the raw position, x and y (`HeadTrackingService.swift:20, :47, :65–67`).
    static let recenter = SourceFix(check: .recenterIdempotent, edits: [
        SourceEdit(in: "HeadTrackingService.swift", after: "private var originOffset: SIMD3<Float> = .zero", adding: [
            "/// The last unsmoothed position: what recenter stores (ParallaxLab audit: recenter-idempotent)",
            "private var lastRaw: SIMD3<Float> = .zero",
        ]),
        SourceEdit(in: "HeadTrackingService.swift", after: "let rawZ = abs(t.z)", adding: [
            "self.lastRaw = SIMD3<Float>(rawX, rawY, rawZ)",
        ]),
        SourceEdit(in: "HeadTrackingService.swift", replacing: ["originOffset = currentPosition.simd3"], with: [
            "originOffset = SIMD3<Float>(lastRaw.x, lastRaw.y, 0)  // raw x, y: a second press changes nothing",
        ]),
    ])

    /// A lost face's frozen pose is not fed on, and the smoothers restart when it returns
    /// (`HeadTrackingService.swift:20, :59, :64`; `ARFaceAnchor.isTracked`, ARTrackable).
    static let trackingLoss = SourceFix(check: .trackingLoss, edits: [
        SourceEdit(in: "HeadTrackingService.swift", after: "private var originOffset: SIMD3<Float> = .zero", adding: [
            "/// Whether the face was tracked at the last update (ParallaxLab audit: tracking-loss)",
            "private var wasTracked = true",
        ]),
        SourceEdit(in: "HeadTrackingService.swift", after: "let t = faceAnchor.transform.columns.3", adding: [
            "let tracked = faceAnchor.isTracked",
        ]),
        SourceEdit(in: "HeadTrackingService.swift", after: "Task { @MainActor in", adding: [
            "    // A lost face's frozen pose is not fed on; the smoothers restart when it returns.",
            "    if tracked && !self.wasTracked {",
            "        self.smootherX.reset()",
            "        self.smootherY.reset()",
            "        self.smootherZ.reset()",
            "    }",
            "    self.wasTracked = tracked",
            "    guard tracked else { return }",
        ]),
    ])

    /// The cube draws from the head alone, no tilt offset (`CubeSceneController.swift:442–446`).
    static let gyroTilt = SourceFix(check: .gyroTilt, edits: [
        SourceEdit(in: "CubeSceneController.swift", replacing: [
            "var combined = position",
            "if let motion = deviceMotion, motion.isActive {",
            "combined.x += motion.tiltOffset.x",
            "combined.y += motion.tiltOffset.y",
            "}",
        ], with: [
            "// No tilt offset: the anchor already moves with the phone, so the offset moves the room with the head still",
            "// (ParallaxLab audit: gyro-tilt).",
            "let combined = position",
        ]),
    ])
}
