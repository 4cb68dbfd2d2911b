import Vocabulary

/// One unit of a suite's work: the grain of `parallax run --shard` and of the timings a report keeps
/// (timings.json). A trace × smoother (its scenarios on every screen and movement scale, which share the smoothing
/// and the trace analysis), one frame, the tuning sweep, one case of the audit (screen × mode × trace). Written in
/// files as one string: `scenarios TRACE × SMOOTHER`, `frame NAME`, `tune`, `audit SCREEN MODE TRACE`.
struct SuiteUnit: Hashable, Sendable, Codable, CustomStringConvertible {
    enum Kind: String, CaseIterable, Sendable {
        case scenarios, frame, audit, tune
    }

    var kind: Kind
    /// `TRACE × SMOOTHER` (as the suite writes the smoother), the frame's name, `SCREEN MODE TRACE`, or empty (tune).
    var name: String

    static func scenarios(trace: String, smoother: String) -> SuiteUnit { SuiteUnit(kind: .scenarios, name: "\(trace) × \(smoother)") }
    static func frame(_ name: String) -> SuiteUnit { SuiteUnit(kind: .frame, name: name) }
    static let tune = SuiteUnit(kind: .tune, name: "")

    var description: String { name.isEmpty ? kind.rawValue : "\(kind.rawValue) \(name)" }

    init(kind: Kind, name: String) {
        self.kind = kind
        self.name = name
    }

    init(parsing text: String) throws {
        let head = text.prefix { $0 != " " }
        guard let kind = Kind(rawValue: String(head)) else {
            throw FieldError("unit", expected: "scenarios TRACE × SMOOTHER, frame NAME, tune or audit SCREEN MODE TRACE", found: "'\(text)'")
        }
        self.init(kind: kind, name: String(text.dropFirst(head.count + 1)))
    }

    init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do { try self.init(parsing: text) } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "\(error)"))
        }
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}
