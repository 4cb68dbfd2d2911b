import Vocabulary

/// The app audit's checks by their stable id (the raw value, as in JSON): each names one behaviour of the app
/// (AristidesAI/Splat-Frame at `AppDefaults.appCommit`) that departs from a true window. What a check is — its
/// unit, limit, modes, reachability, mechanism and fix — is its registration (`AuditRegistry`).
package enum AuditCheckID: String, CaseIterable, Codable, Sendable, Comparable {
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

    package static func < (a: Self, b: Self) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// Parses a `fix` value; `all` is handled by the caller.
    package init(parsing text: String) throws {
        guard let id = AuditCheckID(rawValue: text.lowercased()) else {
            throw FieldError("fix", expected: "a check id (\(Self.allCases.map(\.rawValue).joined(separator: ", ")) or all)", found: "'\(text)'")
        }
        self = id
    }

    var registration: any AuditCheck.Type { AuditRegistry.check(self) }

    /// The symbol of the check's unit (`metric`).
    package var unit: String { metric.unit.symbol }
    /// The limit a value must not exceed (clip-depth compares with the nearest geometry instead).
    package var defaultLimit: Double { registration.defaultLimit }
    /// Reported, never failed when false (exaggeration: movementScale is deliberate).
    package var isGated: Bool { registration.isGated }
    /// Which app modes the behaviour exists in.
    package var modes: Set<AppMode> { registration.modes }
    /// Whether the shipped app can show the behaviour (its tab bar has no splat viewer).
    package var isReachable: Bool { registration.reachable }
    /// Whether the check runs the whole shipped pipeline (with `--app-source`: the app's own code).
    /// Why the check stays a model with `--app-source` (nil: measured on the code).
    package var modelOnly: String? { registration.modelOnly }
    /// One line: how the app produces the error.
    package var mechanism: String { registration.mechanism }
    /// What `--fix` turns on.
    package var fixDescription: String { registration.fixDescription }
}

/// The app's two 3D modes.
package enum AppMode: String, CaseIterable, Codable, Sendable {
    case cube, splat
}

/// Each audit check measures one metric: named by the check's id, in the unit a person reads it in, lower is
/// better (the error the app's behaviour causes), its mechanism as the meaning.
extension AuditCheckID {
    package var metric: MetricDescriptor { MetricDescriptor(rawValue, unit: registration.unit, meaning: mechanism) }
}

extension MetricCatalog {
    /// The app audit's metrics, one per check, in check order.
    package static let audit = MetricCatalog(AuditCheckID.allCases.map(\.metric))
}
