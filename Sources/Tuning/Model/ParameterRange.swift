import Foundation
import Vocabulary

/// A swept value: `lo...hi/step` (lo ≤ hi, step > 0; values lo, lo + step, … ≤ hi) or a single number.
///
/// Values are lo + k·step rounded to 12 significant digits, so `0.05...0.95/0.01` gives exactly 0.05,
/// 0.06, …, 0.95 (91 values) with no accumulated floating-point drift; hi is included when it lies on
/// the grid (within 1e-9 of a step).
package struct ParameterRange: Sendable, Equatable, CustomStringConvertible {
    package var lower: Double
    package var upper: Double
    /// nil for a single value.
    package var step: Double?
    package var text: String

    /// Largest number of values one range may produce.
    package static let maximumCount = 100_000

    /// Parses `lo...hi/step` or a number; `name` is the field its errors name (`movement_scale`).
    package init(_ raw: String, name: String) throws {
        try self.init(raw, at: FieldPath(name))
    }

    /// Parses `lo...hi/step` or a number; `path` is the field its errors name (`smoother.ema.alpha`).
    package init(_ raw: String, at path: FieldPath) throws {
        let text = raw.trimmingCharacters(in: .whitespaces)
        self.text = text
        let form = "lo...hi/step (e.g. 0.05...0.95/0.01) or a single number"
        guard let dots = text.range(of: "...") else {
            guard let value = Double(text), value.isFinite else {
                throw FieldError(path, expected: form, found: "'\(raw)', not a number or a range")
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
        guard let lo = Double(low), lo.isFinite else { throw FieldError(path, expected: form, found: "range '\(raw)' whose lo '\(low)' is not a number") }
        guard let hi = Double(high), hi.isFinite else { throw FieldError(path, expected: form, found: "range '\(raw)' whose hi '\(high)' is not a number") }
        guard lo <= hi else { throw FieldError(path, expected: "lo ≤ hi in lo...hi/step", found: "range '\(raw)' with lo \(low) > hi \(high)") }
        guard let slash else { throw FieldError(path, expected: form, found: "range '\(raw)', which has no step") }
        let stepText = String(rest[rest.index(after: slash)...])
        guard let st = Double(stepText), st.isFinite else {
            throw FieldError(path, expected: form, found: "range '\(raw)' whose step '\(stepText)' is not a number")
        }
        guard st > 0 else { throw FieldError(path, expected: "lo...hi/step (step must be > 0)", found: "step \(stepText) in range '\(raw)'") }
        let count = (hi - lo) / st + 1e-9
        guard count < Double(Self.maximumCount) else {
            throw FieldError(path, expected: "at most \(Self.maximumCount) values (a coarser step)", found: "range '\(raw)' with more than \(Self.maximumCount) values")
        }
        lower = lo
        upper = hi
        step = st
    }

    package var values: [Double] {
        guard let step else { return [lower] }
        let count = Int(((upper - lower) / step + 1e-9).rounded(.down)) + 1
        return (0..<count).map { Self.round12(lower + Double($0) * step) }
    }

    package var description: String { text }

    /// `value` rounded to 12 significant digits (removes the drift of lo + k·step).
    static func round12(_ value: Double) -> Double {
        Double(String(format: "%.12g", value)) ?? value
    }
}
