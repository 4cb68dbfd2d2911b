import Plumbing

/// The app audit's checks by their stable id (the raw value, as in JSON): each names one behaviour of the app
/// (AristidesAI/Splat-Frame at `AppDefaults.appCommit`) that departs from a true window. What a check is — its
/// unit, limit, modes, reachability, mechanism and fix — is its registration (`AuditRegistry`).
public enum AuditCheckID: String, CaseIterable, Codable, Sendable, Comparable {
    case worldAlignment = "world-alignment"
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

    var registration: any AuditCheck.Type { AuditRegistry.check(self) }

    /// The symbol of the check's unit (`metric`).
    public var unit: String { metric.unit.symbol }
    /// The limit a value must not exceed (clip-depth compares with the nearest geometry instead).
    public var defaultLimit: Double { registration.defaultLimit }
    /// Reported, never failed when false (exaggeration: movementScale is deliberate).
    public var isGated: Bool { registration.isGated }
    /// Which app modes the behaviour exists in.
    public var modes: Set<AppMode> { registration.modes }
    /// Whether the shipped app can show the behaviour (its tab bar has no splat viewer).
    public var isReachable: Bool { registration.reachable }
    /// One line: how the app produces the error.
    public var mechanism: String { registration.mechanism }
    /// What `--fix` turns on.
    public var fixDescription: String { registration.fixDescription }
}

/// The app's two 3D modes.
public enum AppMode: String, CaseIterable, Codable, Sendable {
    case cube, splat
}
