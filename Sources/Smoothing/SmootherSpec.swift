import Tracking
import Vocabulary

/// A smoother described by a spec string: stages separated by `|`, each `name` or
/// `name:param=value,param=value`, e.g. `one-euro:mincutoff=1,beta=10,dcutoff=1|predict:horizon=0.03`.
///
/// Parsing checks everything: an unknown filter name, an unknown or repeated parameter, a value that is
/// not a number or out of range gives a `FieldError` naming the filter, the parameter and its
/// valid range. Omitted parameters take their documented defaults; `description` is the canonical form
/// with every parameter written out.
public struct SmootherSpec: TextParsable, Sendable, Equatable, CustomStringConvertible {
    /// One stage: a filter kind and its complete, validated parameters.
    public struct Stage: Sendable, Equatable {
        public var kind: SmootherKind
        public var values: [String: ParameterValue]

        public var parameters: ParameterValues { ParameterValues(values: values) }

        /// `name:p=v,…` with every parameter, in the filter's documented order.
        public var description: String {
            let parameters = kind.parameters
            if parameters.isEmpty { return kind.rawValue }
            return kind.rawValue + ":" + parameters.map { "\($0.name)=\(values[$0.name]!)" }.joined(separator: ",")
        }

        public func makeSmoother() -> any Smoother {
            kind.filter.init(parameters: parameters)
        }
    }

    public var stages: [Stage]

    /// A spec from stages built in code (`Stage(kind:checked:)`); text goes through `init(parsing:)`.
    package init(stages: [Stage]) {
        self.stages = stages
    }

    /// Parses a spec string (see the type's documentation).
    public init(parsing text: String) throws {
        let trimmed = text.trimmingWhitespace
        guard !trimmed.isEmpty else {
            throw FieldError(FieldPath(), expected: "a smoother such as 'ema:alpha=0.25' (filters: \(SmootherKind.names))", found: "an empty smoother spec")
        }
        stages = try trimmed.split(separator: "|", omittingEmptySubsequences: false).map { try Self.parseStage(String($0)) }
    }

    public var description: String { stages.map(\.description).joined(separator: "|") }

    /// A fresh smoother: the single filter itself, or a `SmootherChain` of the stages.
    public func makeSmoother() -> any Smoother {
        stages.count == 1 ? stages[0].makeSmoother() : SmootherChain(stages.map { $0.makeSmoother() })
    }

    private static func parseStage(_ raw: String) throws -> Stage {
        let text = raw.trimmingWhitespace
        guard !text.isEmpty else {
            throw FieldError(FieldPath(), expected: "'filter|filter' with filters: \(SmootherKind.names)", found: "an empty stage in the chain")
        }
        let name: String
        let arguments: String?
        if let colon = text.firstIndex(of: ":") {
            name = String(text[..<colon]).trimmingWhitespace
            arguments = String(text[text.index(after: colon)...])
        } else {
            name = text
            arguments = nil
        }
        guard let kind = SmootherKind(rawValue: name) else {
            throw FieldError(FieldPath(), expected: "one of: \(SmootherKind.names)", found: "an unknown smoother '\(name)'")
        }
        let parameters = kind.parameters
        var values: [String: ParameterValue] = [:]
        if let arguments {
            for assignment in arguments.split(separator: ",", omittingEmptySubsequences: false) {
                let parts = assignment.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    .map { String($0).trimmingWhitespace }
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                    throw FieldError(FieldPath([.key(name)]), expected: "param=value with parameters: \(kind.parameterList)", found: "'\(assignment)'")
                }
                guard let parameter = parameters.first(where: { $0.name == parts[0] }) else {
                    throw FieldError(FieldPath([.key(name)]), expected: "one of its parameters: \(kind.parameterList)", found: "an unknown parameter '\(parts[0])'")
                }
                guard values[parameter.name] == nil else {
                    throw FieldError(FieldPath([.key(name), .key(parameter.name)]), expected: "each parameter once", found: "'\(parameter.name)' given twice")
                }
                values[parameter.name] = try parameter.parse(parts[1], filter: name)
            }
        }
        for parameter in parameters where values[parameter.name] == nil {
            values[parameter.name] = try parameter.parse(parameter.defaultValue, filter: name)
        }
        return Stage(kind: kind, values: values)
    }

    /// Every filter with its parameters, units, valid ranges and defaults — the text of `--help`.
    public static var helpText: String {
        var lines: [String] = []
        for kind in SmootherKind.allCases {
            lines.append("\(kind.rawValue): \(kind.summary)")
            for p in kind.parameters {
                lines.append("  \(p.name)=\(p.defaultValue): \(p.validDescription); \(p.help)")
            }
        }
        lines.append("Chain stages with '|': one-euro:beta=10|predict:horizon=0.03")
        lines.append("Positions are meters: one-euro's beta is in Hz per (m/s).")
        return lines.joined(separator: "\n")
    }
}

extension String {
    var trimmingWhitespace: String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}

extension SmootherSpec.Stage {
    /// A stage of `kind` from values its parameters have checked (`SmootherParameter.number`); the parameters not
    /// given take their defaults, as in a parsed spec.
    package init(kind: SmootherKind, checked given: [String: ParameterValue]) throws {
        var values = given
        for parameter in kind.parameters where values[parameter.name] == nil {
            values[parameter.name] = try parameter.parse(parameter.defaultValue, filter: kind.rawValue)
        }
        self.init(kind: kind, values: values)
    }
}

extension SmootherSpec {
    /// The app's smoother: a per-sample EMA with α = 0.25 on each axis.
    public static let app = try! SmootherSpec(parsing: AppDefaults.smootherSpec)  // a literal that parses; covered by tests
}

extension Parsed<SmootherSpec> {
    /// The app's smoother named as `AppDefaults.smootherSpec`.
    public static let app = Parsed(text: AppDefaults.smootherSpec, value: .app)
}

extension SmootherSpec {
    /// `trace` through a fresh smoother of this spec, its `# smoother:` line recording the spec — appended with
    /// `|` when the trace was smoothed already, since smoothing twice is the chain of both.
    public func smooth(_ trace: HeadTrace) -> HeadTrace {
        var filter = makeSmoother()
        var result = filter.smooth(trace)
        result.setMetadata("smoother", trace.metadata("smoother").map { "\($0)|\(description)" } ?? description)
        return result
    }
}
