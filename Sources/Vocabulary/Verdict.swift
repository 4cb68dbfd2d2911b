/// The outcome of one check against a reference (a frame against its golden, numbers against theirs, a
/// metric against its budget). Raw values are what reports and JSON carry.
public enum Verdict: String, Codable, Sendable, CaseIterable {
    /// Within every limit.
    case pass
    /// Compared and outside a limit.
    case fail
    /// No reference to compare with (a golden not recorded yet).
    case missing
    /// Could not be compared (sizes differ, an unreadable reference).
    case error

    public init(passed: Bool) { self = passed ? .pass : .fail }

    public var passed: Bool { self == .pass }
}

/// How a measured value must relate to its bound; raw values are what reports and JSON carry.
public enum Relation: String, Codable, Sendable {
    case atMost = "<="
    case atLeast = ">="

    public func holds(_ value: Double, _ bound: Double) -> Bool { self == .atMost ? value <= bound : value >= bound }

    /// ≤ or ≥, for text.
    public var symbol: String { self == .atMost ? "≤" : "≥" }
}
