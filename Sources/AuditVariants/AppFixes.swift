import Audit
import Foundation
import Projection

/// The audit's fixes as edits to the app's own code, written against AristidesAI/Splat-Frame @ 4ca7217 (the lines each
/// edit finds are cited; an app whose lines moved gets "not applicable" and the reason). Each is the smallest change
/// that removes one behaviour, in the app's own names and types.
enum AppFixes {
    /// Why a failing check that counts has no patch, when it has none (every counted check has one today).
    static func noPatch(for check: AuditCheckID) -> String? { nil }

    /// The fix for `check` on the audited `screens` (screen-size edits their rows of the app's table).
    static func fix(for check: AuditCheckID, screens: [ScreenModel]) -> SourceFix? {
        switch check {
        case .worldAlignment: return worldAlignment
        case .recenterIdempotent: return recenter
        case .trackingLoss: return trackingLoss
        case .gyroTilt: return gyroTilt
        case .screenSize: return screenSize(screens)
        case .cameraOffset: return cameraOffset(screens)
        case .eyePoint: return eyePoint
        case .latency: return latency
        case .handOff: return handOff
        default: return nil
        }
    }

    /// Each audited model's row of the app's table (`ScreenCalibration.swift:21–47`: `case "iPhone16,1": (71.5, 149.6)`,
    /// width × height in mm, portrait) set to the display's active area (the display table, `DisplayTable.source`).
    /// A model's first identifier names its row; a model the table lacks is not applicable (the app estimates it).
    static func screenSize(_ screens: [ScreenModel]) -> SourceFix {
        let records = screens.compactMap(\.record).reduce(into: [DisplayRecord]()) { if !$0.contains($1) { $0.append($1) } }
        return SourceFix(check: .screenSize, edits: records.compactMap { record in
            record.identifiers.first.map { id in
                SourceEdit(in: "ScreenCalibration.swift", replacingLineStartingWith: "case \"\(id)\":",
                           with: "case \"\(id)\": (\(String(format: "%.2f", record.activeWidthMm)), \(String(format: "%.2f", record.activeHeightMm)))"
                               + "  // \(record.model)'s active area (ParallaxLab audit: screen-size)")
            }
        })
    }

    /// The front camera's position from the active area's centre added to the anchor, per model
    /// (`HeadTrackingService.swift:20, :65–66`): a table beside the app's screen table (`ScreenCalibration.swift:5–7`)
    /// with a row per audited model, ParallaxLab's estimates (camera-position) — measured per model, they replace these.
    /// A model not in the table adds nothing.
    static func cameraOffset(_ screens: [ScreenModel]) -> SourceFix {
        var rows: [String] = [], seen: Set<String> = []
        for screen in screens {
            guard let record = screen.record, let id = record.identifiers.first, seen.insert(id).inserted else { continue }
            let c = screen.cameraOffset
            rows.append("case \"\(id)\": return SIMD2<Float>(\(Float(c.x)), \(Float(c.y)))  // \(record.model), \(screen.cameraOffsetQuality.rawValue)")
        }
        return SourceFix(check: .cameraOffset, edits: [
            SourceEdit(in: "ScreenCalibration.swift", after: "let heightMeters: Float", adding: [
                "",
                "/// The front camera's position from the active area's centre, metres, portrait (x right, y up): ARKit",
                "/// reports the face relative to the camera (ParallaxLab audit: camera-offset; estimates, measure per model).",
                "nonisolated static func cameraOffsetForCurrentDevice() -> SIMD2<Float> {",
                "    var info = utsname()",
                "    uname(&info)",
                "    let machine = withUnsafeBytes(of: info.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }",
                "    switch machine {",
            ] + rows.map { "    " + $0 } + [
                "    default: return .zero",
                "    }",
                "}",
            ]),
            SourceEdit(in: "HeadTrackingService.swift", after: "private var originOffset: SIMD3<Float> = .zero", adding: [
                "/// Where the front camera sits from the screen's centre (ParallaxLab audit: camera-offset)",
                "private let cameraOffset = ScreenCalibration.cameraOffsetForCurrentDevice()",
            ]),
            SourceEdit(in: "HeadTrackingService.swift", replacing: ["let rawX = t.x", "let rawY = t.y"], with: [
                "let rawX = t.x + self.cameraOffset.x  // relative to the screen's centre, not the camera",
                "let rawY = t.y + self.cameraOffset.y",
            ]),
        ])
    }

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
        SourceEdit(in: "HeadTrackingService.swift", replacing: ["Task { @MainActor in"], with: [
            "let tracked = faceAnchor.isTracked",
            "Task { @MainActor in",
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

    /// The anchor read relative to the camera and turned from the sensor's landscape axes into the portrait screen's
    /// (`HeadTrackingService.swift:59`; `WorldAlignmentFix`): right under the gravity hypothesis (arkit-frame), the
    /// axes' signs assumed (arkit-axes). The delegate's `session` parameter is the session whose frame it reads.
    static let worldAlignment = SourceFix(check: .worldAlignment, edits: [
        SourceEdit(in: "HeadTrackingService.swift", replacing: ["let t = faceAnchor.transform.columns.3"], with: [
            "// The anchor relative to the camera, not to the world fixed at session start (ParallaxLab audit: world-alignment).",
            "guard let camera = session.currentFrame?.camera.transform else { return }",
            "let local = simd_mul(simd_inverse(camera), faceAnchor.transform).columns.3",
            "// Camera space has the sensor's landscape axes: −90° about z into the portrait screen's.",
            "let t = SIMD4<Float>(local.y, -local.x, local.z, 1)",
        ]),
    ])

    /// The midpoint of the eyes ARKit reports (`ARFaceAnchor.leftEyeTransform`, `rightEyeTransform`, relative to the
    /// anchor) through the anchor's transform, in place of the anchor's origin (`HeadTrackingService.swift:59`); with
    /// the world-alignment fix in, through the anchor relative to the camera.
    static let eyePoint = SourceFix(check: .eyePoint, edits: [
        SourceEdit(in: "HeadTrackingService.swift", replacing: ["let t = faceAnchor.transform.columns.3"], with: [
            "// The midpoint of the eyes, not the face anchor's origin (ParallaxLab audit: eye-point).",
            "let eyes = (faceAnchor.leftEyeTransform.columns.3 + faceAnchor.rightEyeTransform.columns.3) / 2",
            "let t = simd_mul(faceAnchor.transform, eyes)",
        ]),
    ], orOnceAnotherFixIsIn: [[
        SourceEdit(in: "HeadTrackingService.swift", replacing: ["let local = simd_mul(simd_inverse(camera), faceAnchor.transform).columns.3"], with: [
            "// The midpoint of the eyes, not the face anchor's origin (ParallaxLab audit: eye-point).",
            "let eyes = (faceAnchor.leftEyeTransform.columns.3 + faceAnchor.rightEyeTransform.columns.3) / 2",
            "let local = simd_mul(simd_mul(simd_inverse(camera), faceAnchor.transform), eyes)",
        ]),
    ]])

    /// Both hops taken out: the anchor applied within the delegate call, not in a Task hopping to the main actor
    /// (`HeadTrackingService.swift:64`; ARKit calls the delegate on the main queue when the session's delegateQueue is
    /// nil, https://developer.apple.com/documentation/arkit/arsession/delegatequeue, so the main actor's isolation holds
    /// there), and the camera set before the render (`handOff`; once that fix is in, the tracker's half alone). The
    /// filter's lag remains (`parallax tune` weighs α).
    static let latency = SourceFix(check: .latency, edits: [trackerWithoutHop] + handOff.variants[0], orOnceAnotherFixIsIn: [[trackerWithoutHop]],
                                   restsOn: [.renderThread])

    /// The tracker's half of the latency fix: the anchor applied in the delegate call.
    static let trackerWithoutHop = SourceEdit(in: "HeadTrackingService.swift", replacing: ["Task { @MainActor in"], with: [
        "// ARKit calls this on the main queue (delegateQueue nil): apply it now, no hop (ParallaxLab audit: latency).",
        "MainActor.assumeIsolated {",
    ])

    /// The camera set within `renderer(_:updateAtTime:)`, before SceneKit renders the frame, not in a Task that lands
    /// after it (`CubeSceneController.swift:532–534`). Rests on SceneKit calling the renderer on the main thread
    /// (render-thread, assumed; the device probe records it): on another thread `MainActor.assumeIsolated` traps.
    static let handOff = SourceFix(check: .handOff, edits: [
        SourceEdit(in: "CubeSceneController.swift", replacing: ["Task { @MainActor in"], with: [
            "// SceneKit calls this before it renders the frame: set the camera now, so the frame shows the latest head",
            "// (ParallaxLab audit: hand-off). Rests on the call being on the main thread (render-thread); elsewhere this traps.",
            "MainActor.assumeIsolated {",
        ]),
    ], restsOn: [.renderThread])

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
