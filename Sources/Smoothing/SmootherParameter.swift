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

    /// The tracking-loss policy parameter every stateful filter takes.
    static func loss(default policy: TrackingLossPolicy) -> SmootherParameter {
        SmootherParameter("loss", .choice(TrackingLossPolicy.allCases.map(\.rawValue)), default: policy.rawValue,
                          help: "on tracking loss")
    }

    /// The valid range as text: "(0, 1]", "[0, ∞)", "one of paper, legacy".
    public var rangeDescription: String {
        switch domain {
        case .number(let lower, let lowerClosed, let upper, let upperClosed):
            let low = (lowerClosed ? "[" : "(") + format(lower)
            let high = upper.map { format($0) + (upperClosed ? "]" : ")") } ?? "∞)"
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
    func parse(_ text: String, filter: String) throws -> ParameterValue {
        switch domain {
        case .number(let lower, let lowerClosed, let upper, let upperClosed):
            guard let value = Double(text), value.isFinite else {
                throw SmootherSpecError("\(filter): \(name) must be a number, found '\(text)'; valid: \(validDescription)")
            }
            let aboveLower = lowerClosed ? value >= lower : value > lower
            let belowUpper = upper.map { upperClosed ? value <= $0 : value < $0 } ?? true
            guard aboveLower && belowUpper else {
                throw SmootherSpecError("\(filter): \(name) = \(text) is out of range; valid: \(validDescription)")
            }
            return .number(value)
        case .choice(let words):
            guard words.contains(text) else {
                throw SmootherSpecError("\(filter): \(name) = '\(text)' is not valid; valid: \(validDescription)")
            }
            return .word(text)
        }
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}

/// A parsed parameter value.
public enum ParameterValue: Hashable, Sendable, CustomStringConvertible {
    case number(Double)
    case word(String)

    public var description: String {
        switch self {
        case .number(let value): return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
        case .word(let word): return word
        }
    }
}

/// The parameters of one filter stage, every one present (defaults filled in), already range-checked.
public struct ParameterValues: Sendable {
    var values: [String: ParameterValue]

    public func number(_ name: String) -> Double {
        guard case .number(let value)? = values[name] else { preconditionFailure("no numeric parameter '\(name)'") }
        return value
    }

    public func word(_ name: String) -> String {
        guard case .word(let value)? = values[name] else { preconditionFailure("no word parameter '\(name)'") }
        return value
    }

    public var loss: TrackingLossPolicy { TrackingLossPolicy(rawValue: word("loss"))! }
}

/// A spec string that cannot be turned into a smoother (exit 2 in the CLI): one line naming the filter,
/// the parameter and its valid range.
public struct SmootherSpecError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
