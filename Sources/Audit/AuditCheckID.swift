import Plumbing

/// The app audit's checks: each names one behaviour of the app (AristidesAI/Splat-Frame at `AppDefaults.appCommit`; each check cites its file and line) that
/// departs from a true window, with the unit a person reads it in, a default limit and its mechanism.
public enum AuditCheckID: String, CaseIterable, Codable, Sendable, Comparable {
    case screenSize = "screen-size"
    case cameraOffset = "camera-offset"
    case eyePoint = "eye-point"
    case recenterIdempotent = "recenter-idempotent"
    case trackingLoss = "tracking-loss"
    case gyroTilt = "gyro-tilt"
    case handOff = "hand-off"
    case latency
    case splatPinning = "splat-pinning"
    case clipDepth = "clip-depth"
    case splatColour = "splat-colour"
    case jacobianClamp = "jacobian-clamp"
    case exaggeration

    public static func < (a: Self, b: Self) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// Parses a `fix` value; `all` is handled by the caller.
    public init(parsing text: String) throws {
        guard let id = AuditCheckID(rawValue: text.lowercased()) else {
            throw FieldError("fix", expected: "a check id (\(Self.allCases.map(\.rawValue).joined(separator: ", ")) or all)", found: "'\(text)'")
        }
        self = id
    }

    /// The symbol of the check's unit (`metric`).
    public var unit: String { metric.unit.symbol }

    /// The limit a value must not exceed (clip-depth compares with the nearest geometry instead).
    public var defaultLimit: Double {
        switch self {
        case .trackingLoss: return 0.1
        case .latency: return 100
        case .splatColour: return 2
        case .jacobianClamp: return 0.5
        case .clipDepth: return 0
        default: return 2
        }
    }

    /// Reported, never failed: movementScale is a deliberate exaggeration.
    public var isGated: Bool { self != .exaggeration }

    /// Which app modes the behaviour exists in.
    public var modes: Set<AppMode> {
        switch self {
        case .gyroTilt: return [.cube]
        case .splatPinning, .clipDepth, .splatColour, .jacobianClamp: return [.splat]
        default: return [.cube, .splat]
        }
    }

    /// One line: how the app produces the error.
    public var mechanism: String {
        switch self {
        case .screenSize: return "the app sizes the frustum from its own body-size table, not the display's active area, so the image is scaled by display/body"
        case .cameraOffset: return "ARKit positions are relative to the front camera but used as relative to the screen centre"
        case .eyePoint: return "the face-anchor origin is used as the eye; the eye sits ±IPD/2 to the side and above it"
        case .recenterIdempotent: return "recenter stores the already-offset position as the origin, so a second press toggles back to raw positions"
        case .trackingLoss: return "lost tracking is not detected: the frozen pose is fed on and the EMA glides from it when the face returns"
        case .gyroTilt: return "the cube adds (roll·g, −pitch·g), g = 0.03 m/rad, to the head: a tilted phone moves the room with the head still"
        case .handOff: return "the cube applies its projection one frame later; the splat view copies the head on a 60 Hz timer that beats against the display"
        case .latency: return "sensor + per-sample EMA lag + main-actor hop + render hand-offs, head to photon, against a budget"
        case .splatPinning: return "the splat view is lookAt(eye → (0, 0, −0.25)): points on the glass no longer stay pinned to their pixel"
        case .clipDepth: return "a GL-convention matrix (z ∈ [−1, 1]) is handed to Metal (z ∈ [0, 1]): depths between n and 2fn/(f+n) are clipped"
        case .splatColour: return "pow(c, 2.2) is stored in a bgra8Unorm drawable without re-encoding, darkening every mid tone"
        case .jacobianClamp: return "MetalSplatter clamps the projection Jacobian ±1.3·tan(half-FOV) around the optical axis, not the off-axis frustum's centre: off-centre heads reshape splats (% of pixels > 2 levels off)"
        case .exaggeration: return "movementScale multiplies head x, y: deliberate, reported against the correct window (s = 1)"
        }
    }

    /// What `--fix` turns on.
    public var fixDescription: String {
        switch self {
        case .screenSize: return "the display's true active area"
        case .cameraOffset: return "camera offset added to the head position"
        case .eyePoint: return "the eye model's offset added to the face anchor"
        case .recenterIdempotent: return "origin := raw current position"
        case .trackingLoss: return "smoother reset when tracking returns"
        case .gyroTilt: return "no tilt offset"
        case .handOff: return "the latest head for each frame"
        case .latency: return "pose read on the render thread (no main-actor hop) and EMA α = 0.5"
        case .splatPinning: return "translate view (pinned glass)"
        case .clipDepth: return "Metal clip convention"
        case .splatColour: return "colour stored through an exact sRGB encode"
        case .jacobianClamp: return "clamp centred on the off-axis frustum"
        case .exaggeration: return "movementScale 1"
        }
    }
}

/// The app's two 3D modes.
public enum AppMode: String, CaseIterable, Codable, Sendable {
    case cube, splat
}
