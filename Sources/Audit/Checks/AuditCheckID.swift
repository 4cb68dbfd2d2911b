import TestedApp
import Vocabulary

/// An audit check's stable id: its name in JSON, in `--fix` and in a suite's known failures. Each check's file
/// declares its own (`AuditCheckID.latency`); what the check is — unit, limit, modes, reachability, mechanism, fix —
/// is its `AuditCheck` value. The registered ones (`AuditCheck.all`) order as the list does.
package struct AuditCheckID: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    package let rawValue: String

    package init(rawValue: String) { self.rawValue = rawValue }
    package init(_ rawValue: String) { self.rawValue = rawValue }

    package var description: String { rawValue }

    /// The registered checks' ids, in check order.
    package static var allCases: [AuditCheckID] { AuditCheck.all.map(\.id) }

    /// Registered ids in the list's order; any other after them, by name.
    package static func < (a: Self, b: Self) -> Bool {
        let ids = allCases
        switch (ids.firstIndex(of: a), ids.firstIndex(of: b)) {
        case let (i?, j?): return i < j
        case (_?, nil): return true
        case (nil, _?): return false
        case (nil, nil): return a.rawValue < b.rawValue
        }
    }

    /// The registered id named `text` exactly (nil: no check has that name).
    package static func named(_ text: String) -> AuditCheckID? { allCases.first { $0.rawValue == text } }

    /// Parses a `fix` value; `all` is handled by the caller.
    package init(parsing text: String) throws {
        guard let id = Self.named(text.lowercased()) else {
            throw FieldError("fix", expected: "a check id (\(Self.allCases.map(\.rawValue).joined(separator: ", ")) or all)", found: "'\(text)'")
        }
        self = id
    }

    /// The registered check (every id the audit reports on is one of `AuditCheck.all` or of the options' list).
    var registration: AuditCheck {
        guard let check = AuditCheck.registered(self) else { preconditionFailure("\(rawValue) is not a registered check") }
        return check
    }

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
    /// Why the check stays a model with `--app-source` (nil: measured on the code).
    package var modelOnly: String? { registration.modelOnly }
    /// One line: how the app produces the error.
    package var mechanism: String { registration.mechanism }
    /// What `--fix` turns on.
    package var fixDescription: String { registration.fixDescription }
}

extension AuditCheckID: Codable {
    package init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = Self.named(text) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "expected a check id, found '\(text)'"))
        }
        self = id
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }
}

extension AuditCheck {
    /// Each audit check measures one metric: named by the check's id, in the unit a person reads it in, lower is
    /// better (the error the app's behaviour causes), its mechanism as the meaning.
    package var metric: MetricDescriptor { MetricDescriptor(id.rawValue, unit: unit, meaning: mechanism) }
}

extension AuditCheckID {
    package var metric: MetricDescriptor { registration.metric }
}

extension MetricCatalog {
    /// The app audit's metrics, one per check, in check order.
    package static let audit = MetricCatalog(AuditCheck.all.map(\.metric))
}
