import Foundation
import Smoothing
import Vocabulary

/// A smoother spec whose numeric parameters may be ranges: `ema:alpha=0.05...0.95/0.01`,
/// `one-euro:mincutoff=0.2...3/0.2,beta=0...40/2`. One filter stage (no `|` chains). Omitted parameters
/// take the filter's defaults; every grid point is validated by `SmootherSpec` (so a range reaching outside
/// a parameter's valid domain is an error naming the parameter and its range).
///
/// Grid order: the swept parameters in the filter's documented order, the last one varying fastest.
package struct SweepSpec: TextParsable, Sendable, Equatable {
    package struct Axis: Sendable, Equatable {
        package var name: String
        package var range: ParameterRange
        package var values: [Double]
    }

    package var kind: SmootherKind
    /// Fixed assignments (name=value, in documented order), written into every point's spec.
    /// The parameters given one value, checked when the sweep is parsed.
    package var fixed: [(String, ParameterValue)]
    /// The swept (range) parameters.
    package var axes: [Axis]
    package var text: String

    package static func == (a: SweepSpec, b: SweepSpec) -> Bool { a.text == b.text }

    package init(parsing raw: String) throws {
        let text = raw.trimmingCharacters(in: .whitespaces)
        self.text = text
        let form = "filter:param=lo...hi/step,… (e.g. 'ema:alpha=0.05...0.95/0.01')"
        guard !text.isEmpty else { throw FieldError("smoother", expected: form, found: "an empty smoother spec") }
        guard !text.contains("|") else {
            throw FieldError("smoother", expected: "one filter stage, \(form)", found: "the chain '\(raw)' (chains ('|') cannot be swept)")
        }
        let name: String, arguments: String
        if let colon = text.firstIndex(of: ":") {
            name = String(text[..<colon]).trimmingCharacters(in: .whitespaces)
            arguments = String(text[text.index(after: colon)...])
        } else {
            name = text
            arguments = ""
        }
        guard let kind = SmootherKind(rawValue: name) else {
            throw FieldError("smoother", expected: "one of: \(SmootherKind.allCases.map(\.rawValue).joined(separator: ", "))",
                             found: "an unknown smoother '\(name)'")
        }
        self.kind = kind
        let field = FieldPath([.key("smoother"), .key(name)])
        var given: [String: String] = [:]
        if !arguments.trimmingCharacters(in: .whitespaces).isEmpty {
            for assignment in arguments.split(separator: ",", omittingEmptySubsequences: false) {
                let parts = assignment.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                    throw FieldError(field, expected: "param=value or param=lo...hi/step", found: "'\(assignment)'")
                }
                guard kind.parameters.contains(where: { $0.name == parts[0] }) else {
                    throw FieldError(field, expected: "one of its parameters: \(kind.parameters.map(\.validDescription).joined(separator: "; "))",
                                     found: "an unknown parameter '\(parts[0])'")
                }
                guard given[parts[0]] == nil else {
                    throw FieldError(field.appending(FieldPath([.key(parts[0])])), expected: "each parameter once", found: "'\(parts[0])' given twice")
                }
                given[parts[0]] = parts[1]
            }
        }
        var fixed: [(String, ParameterValue)] = []
        var axes: [Axis] = []
        for parameter in kind.parameters {
            guard let value = given[parameter.name] else { continue }
            if case .number = parameter.domain, value.contains("...") {
                let range = try ParameterRange(value, at: field.appending(FieldPath([.key(parameter.name)])))
                axes.append(Axis(name: parameter.name, range: range, values: range.values))
            } else {
                do { fixed.append((parameter.name, try parameter.parse(value, filter: name))) } catch let error as FieldError {
                    throw error.under(FieldPath("smoother"))
                }
            }
        }
        self.fixed = fixed
        self.axes = axes
        let total = axes.reduce(1) { $0 * $1.values.count }
        guard total <= ParameterRange.maximumCount else {
            throw FieldError("smoother", expected: "at most \(ParameterRange.maximumCount) grid points", found: "\(total) in '\(raw)'")
        }
        // Validate the corners (every value lies between them, and domains are intervals).
        for axis in axes {
            for value in [axis.values.first!, axis.values.last!] {
                var assignment = Dictionary(uniqueKeysWithValues: axes.map { ($0.name, $0.values[0]) })
                assignment[axis.name] = value
                _ = try spec(assignment)
            }
        }
        if axes.isEmpty { _ = try spec([:]) }
    }

    /// Number of grid points.
    package var count: Int { axes.reduce(1) { $0 * $1.values.count } }

    /// The swept values of grid point `index`, one per axis.
    package func values(at index: Int) -> [Double] {
        var rest = index
        var out = [Double](repeating: 0, count: axes.count)
        for a in stride(from: axes.count - 1, through: 0, by: -1) {
            let n = axes[a].values.count
            out[a] = axes[a].values[rest % n]
            rest /= n
        }
        return out
    }

    /// The smoother spec of one assignment of the swept parameters (missing ones: their first value).
    package func spec(_ assignment: [String: Double]) throws -> SmootherSpec {
        var values = Dictionary(uniqueKeysWithValues: fixed)
        do {
            for axis in axes {
                let parameter = kind.parameters.first { $0.name == axis.name }!
                values[axis.name] = try parameter.number(assignment[axis.name] ?? axis.values[0], filter: kind.rawValue)
            }
            return SmootherSpec(stages: [try SmootherSpec.Stage(kind: kind, checked: values)])
        } catch let error as FieldError {
            throw error.under(FieldPath("smoother"))
        }
    }

    /// The spec of a grid or refined point given by its swept values, in the order of `axes`.
    package func spec(values: [Double]) throws -> SmootherSpec {
        try spec(Dictionary(uniqueKeysWithValues: zip(axes.map(\.name), values)))
    }

    /// The spec of grid point `index`.
    package func spec(at index: Int) throws -> SmootherSpec {
        let values = values(at: index)
        return try spec(Dictionary(uniqueKeysWithValues: zip(axes.map(\.name), values)))
    }
}
