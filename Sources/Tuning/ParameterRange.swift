import Foundation

/// A swept value: `lo...hi/step` (lo ≤ hi, step > 0; values lo, lo + step, … ≤ hi) or a single number.
///
/// Values are lo + k·step rounded to 12 significant digits, so `0.05...0.95/0.01` gives exactly 0.05,
/// 0.06, …, 0.95 (91 values) with no accumulated floating-point drift; hi is included when it lies on
/// the grid (within 1e-9 of a step).
public struct ParameterRange: Sendable, Equatable, CustomStringConvertible {
    public var lower: Double
    public var upper: Double
    /// nil for a single value.
    public var step: Double?
    public var text: String

    /// Largest number of values one range may produce.
    public static let maximumCount = 100_000

    /// Parses `lo...hi/step` or a number; `name` is used in the error (e.g. "movement_scale" or
    /// "ema alpha").
    public init(_ raw: String, name: String) throws {
        let text = raw.trimmingCharacters(in: .whitespaces)
        self.text = text
        let form = "expected lo...hi/step (e.g. 0.05...0.95/0.01) or a single number"
        guard let dots = text.range(of: "...") else {
            guard let value = Double(text), value.isFinite else {
                throw TuneError("\(name): '\(raw)' is not a number or a range; \(form)")
            }
            lower = value
            upper = value
            step = nil
            return
        }
        let low = String(text[..<dots.lowerBound])
        let rest = text[dots.upperBound...]
        let slash = rest.firstIndex(of: "/")
        let high = String(rest[..<(slash ?? rest.endIndex)])
        guard let lo = Double(low), lo.isFinite else { throw TuneError("\(name): range '\(raw)': lo '\(low)' is not a number; \(form)") }
        guard let hi = Double(high), hi.isFinite else { throw TuneError("\(name): range '\(raw)': hi '\(high)' is not a number; \(form)") }
        guard lo <= hi else { throw TuneError("\(name): range '\(raw)': lo \(low) > hi \(high); expected lo ≤ hi in lo...hi/step") }
        guard let slash else { throw TuneError("\(name): range '\(raw)' has no step; \(form)") }
        let stepText = String(rest[rest.index(after: slash)...])
        guard let st = Double(stepText), st.isFinite else {
            throw TuneError("\(name): range '\(raw)': step '\(stepText)' is not a number; \(form)")
        }
        guard st > 0 else { throw TuneError("\(name): range '\(raw)': step must be > 0, found \(stepText); expected lo...hi/step") }
        let count = (hi - lo) / st + 1e-9
        guard count < Double(Self.maximumCount) else {
            throw TuneError("\(name): range '\(raw)' has more than \(Self.maximumCount) values; expected a coarser step")
        }
        lower = lo
        upper = hi
        step = st
    }

    public var values: [Double] {
        guard let step else { return [lower] }
        let count = Int(((upper - lower) / step + 1e-9).rounded(.down)) + 1
        return (0..<count).map { Self.round12(lower + Double($0) * step) }
    }

    public var description: String { text }

    /// `value` rounded to 12 significant digits (removes the drift of lo + k·step).
    static func round12(_ value: Double) -> Double {
        Double(String(format: "%.12g", value)) ?? value
    }
}

/// Bad tuning input (exit 2 in the CLI): one line naming the value and the valid form.
public struct TuneError: Error, CustomStringConvertible, Equatable, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
