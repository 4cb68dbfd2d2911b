import Vocabulary

/// What a check's value is measured against: the app as shipped with only the check's behaviour corrected on the
/// reference side (the default: what the one fix changes in the app a team has), or every other behaviour corrected
/// on both sides, so only the check's behaviour differs (leave-one-out: the defect on its own, in a true window).
package enum AuditBaseline: String, CaseIterable, Codable, Sendable {
    case asShipped = "as shipped"
    case otherFixesApplied = "with the other fixes applied"

    /// The command-line and suite spelling.
    package var option: String {
        switch self {
        case .asShipped: return "as-shipped"
        case .otherFixesApplied: return "other-fixes"
        }
    }

    /// `baseline`: `as-shipped` (the default) or `other-fixes`.
    package init(parsing text: String) throws {
        guard let baseline = Self.allCases.first(where: { $0.option == text.lowercased() }) else {
            throw FieldError("baseline", expected: "as-shipped or other-fixes", found: "'\(text)'")
        }
        self = baseline
    }
}
