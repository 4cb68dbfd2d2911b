import Vocabulary

/// One documented parameter of a filter in a spec string: name, unit, valid range, default.
public struct SmootherParameter: Sendable {
    public enum Domain: Sendable {
        /// A number in an interval; `upper == nil` means unbounded above.
        case number(lower: Double, lowerClosed: Bool, upper: Double?, upperClosed: Bool)
        /// One of a fixed set of words.
        case choice([String])
    }

    public var name: String
    /// Unit of the value ("" for dimensionless).
    public var unit: String
    public var domain: Domain
    public var defaultValue: String
    public var help: String

    public init(_ name: String, unit: String = "", _ domain: Domain, default defaultValue: String, help: String) {
        self.name = name
        self.unit = unit
        self.domain = domain
        self.defaultValue = defaultValue
        self.help = help
    }

    /// The sample rate a filter assumes until two increasing timestamps give Δt.
    static let fallbackRate = SmootherParameter(
        "rate", unit: "Hz", .number(lower: 0, lowerClosed: false, upper: 10_000, upperClosed: true), default: "60",
        help: "until timestamps give Δt")

    /// The tracking-loss policy parameter every stateful filter takes.
    static func loss(default policy: TrackingLossPolicy) -> SmootherParameter {
        SmootherParameter("loss", .choice(TrackingLossPolicy.allCases.map(\.rawValue)), default: policy.rawValue,
                          help: "on tracking loss")
    }

    /// The valid range as text: "(0, 1]", "[0, ∞)", "one of paper, legacy".
    public var rangeDescription: String {
        switch domain {
        case .number(let lower, let lowerClosed, let upper, let upperClosed):
            let low = (lowerClosed ? "[" : "(") + ParameterValue.number(lower).description
            let high = upper.map { ParameterValue.number($0).description + (upperClosed ? "]" : ")") } ?? "∞)"
            return low + ", " + high
        case .choice(let words):
            return "one of " + words.joined(separator: ", ")
        }
    }

    /// "alpha ∈ (0, 1]" / "beta ∈ [0, ∞) Hz per (m/s)" / "variant: one of paper, legacy".
    public var validDescription: String {
        switch domain {
        case .number: return "\(name) ∈ \(rangeDescription)" + (unit.isEmpty ? "" : " \(unit)")
        case .choice: return "\(name): \(rangeDescription)"
        }
    }

    /// Parses and range-checks a value; the error names the filter, the parameter and its valid range.
    package func parse(_ text: String, filter: String) throws -> ParameterValue {
        switch domain {
        case .number:
            guard let value = Double(text), value.isFinite else {
                throw FieldError(FieldPath([.key(filter), .key(name)]), expected: "a number, \(validDescription)", found: "'\(text)'")
            }
            return try number(value, filter: filter, written: text)
        case .choice(let words):
            guard words.contains(text) else {
                throw FieldError(FieldPath([.key(filter), .key(name)]), expected: validDescription, found: "'\(text)'")
            }
            return .word(text)
        }
    }

    /// Range-checks a number as `parse` checks the text of one (`written`: how the error shows it; a sweep's
    /// grid point has no text of its own).
    package func number(_ value: Double, filter: String, written: String? = nil) throws -> ParameterValue {
        let aboveLower: Bool, belowUpper: Bool
        switch domain {
        case .number(let lower, let lowerClosed, let upper, let upperClosed):
            aboveLower = lowerClosed ? value >= lower : value > lower
            belowUpper = upper.map { upperClosed ? value <= $0 : value < $0 } ?? true
        case .choice:
            aboveLower = false
            belowUpper = false
        }
        guard value.isFinite else {
            throw FieldError(FieldPath([.key(filter), .key(name)]), expected: "a number, \(validDescription)", found: "'\(written ?? "\(value)")'")
        }
        guard aboveLower && belowUpper else {
            throw FieldError(FieldPath([.key(filter), .key(name)]), expected: validDescription, found: written ?? "\(value)")
        }
        return .number(value)
    }
}
