/// Where a value sits in an input: keys and indices (`traces[1].import.time_unit`), rooted at a command-line
/// flag when the CLI says the value came from one (`--screen`). Libraries build key/index paths; only the CLI
/// adds a flag, so no library text names a flag.
public struct FieldPath: Hashable, Sendable, CustomStringConvertible {
    public enum Step: Hashable, Sendable {
        case key(String)
        case index(Int)
        /// A command-line flag with its dashes (`--movement-scale`).
        case flag(String)
    }

    public var steps: [Step]

    public init(_ steps: [Step] = []) { self.steps = steps }

    /// Reads `motion[1].amplitude`: keys split at `.`, `[n]` an index. Keys may hold spaces (`eye z`).
    public init(_ text: String) {
        var steps: [Step] = []
        for part in text.split(separator: ".", omittingEmptySubsequences: true) {
            var key = Substring(part)
            var indices: [Int] = []
            while key.hasSuffix("]"), let open = key.lastIndex(of: "["), let index = Int(key[key.index(after: open)..<key.index(before: key.endIndex)]) {
                indices.insert(index, at: 0)
                key = key[..<open]
            }
            if !key.isEmpty { steps.append(.key(String(key))) }
            steps += indices.map(Step.index)
        }
        self.steps = steps
    }

    /// A decoder's coding path: integer keys are indices.
    public init(codingPath: [any CodingKey]) {
        steps = codingPath.map { key in key.intValue.map(Step.index) ?? .key(key.stringValue) }
    }

    public var isEmpty: Bool { steps.isEmpty }

    /// `self` followed by `other`: a suite entry's path before the path inside its value.
    public func appending(_ other: FieldPath) -> FieldPath { FieldPath(steps + other.steps) }

    /// The path with its first key replaced by `flag` (indices right after it dropped: the flag's values are
    /// told apart by the value quoted in the error).
    public func rooted(atFlag flag: String) -> FieldPath {
        guard case .key = steps.first else { return self }
        return FieldPath([.flag(flag)] + steps.dropFirst().drop { if case .index = $0 { true } else { false } })
    }

    /// The first key, if the path starts with one.
    public var firstKey: String? {
        if case .key(let key) = steps.first { key } else { nil }
    }

    /// `traces[1].import.time_unit`, `--smoother ema.alpha`, or the empty string.
    public var description: String {
        var text = ""
        var afterFlag = false
        for step in steps {
            switch step {
            case .key(let key): text += text.isEmpty ? key : (afterFlag ? " \(key)" : ".\(key)")
            case .index(let index): text += "[\(index)]"
            case .flag(let flag): text += text.isEmpty ? flag : " \(flag)"
            }
            if case .flag = step { afterFlag = true } else { afterFlag = false }
        }
        return text
    }
}
