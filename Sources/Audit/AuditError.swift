/// Bad audit input: names the option or field and what was expected (the CLI prints it, exit 2).
public struct AuditError: Error, CustomStringConvertible, Sendable {
    public var description: String

    public init(_ field: String, expected: String, found: String) {
        description = "\(field): expected \(expected), found \(found)"
    }
}
