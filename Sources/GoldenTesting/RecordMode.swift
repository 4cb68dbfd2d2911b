import Vocabulary

/// When `expectFrame` writes goldens, named as swift-snapshot-testing users know them; from
/// `PARALLAX_RECORD` (default `never`; `1` is the older spelling of `failed`). Whatever the mode, nothing is
/// written when `CI` is set: the store refuses.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Compare only.
    case never
    /// Record a golden that does not exist yet; compare the others.
    case missing
    /// Record missing goldens and those the frame does not match.
    case failed
    /// Record every golden, matching or not.
    case all

    /// Parses `PARALLAX_RECORD`; nil for an unknown value.
    public init?(environmentValue value: String?) {
        guard let value, !value.isEmpty else { self = .never; return }
        if value == "1" { self = .failed; return }
        self.init(rawValue: value)
    }

    /// Whether a frame with this verification verdict is recorded.
    func records(_ verdict: Verdict) -> Bool {
        switch self {
        case .never: return false
        case .missing: return verdict == .missing
        case .failed: return verdict == .missing || verdict == .fail
        case .all: return verdict != .error
        }
    }
}
