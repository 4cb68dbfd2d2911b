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
