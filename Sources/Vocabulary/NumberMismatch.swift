/// A number that differs from its golden beyond the tolerance, or is in only one of them (the other side nil).
/// `Golden` finds them (`NumberComparison`); reports list them and report.json carries them.
public struct NumberMismatch: Sendable, Equatable, Codable {
    public var key: String
    public var golden: Double?
    public var actual: Double?

    public init(key: String, golden: Double?, actual: Double?) {
        self.key = key
        self.golden = golden
        self.actual = actual
    }
}
