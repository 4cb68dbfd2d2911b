import Foundation
import Projection

/// The audit's fixes as edits to the app's own code, written against AristidesAI/Splat-Frame @ 4ca7217 (the lines each
/// edit finds are cited; an app whose lines moved gets "not applicable" and the reason). Each is the smallest change
/// that removes one behaviour, in the app's own names and types.
enum AppFixes {
    /// The fix for `check` on the audited `screens` (screen-size edits their rows of the app's table).
    static func fix(for check: AuditCheckID, screens: [ScreenModel]) -> SourceFix? {
        switch check {
        case .recenterIdempotent: return recenter
        case .trackingLoss: return trackingLoss
        case .gyroTilt: return gyroTilt
        case .screenSize: return screenSize(screens)
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
