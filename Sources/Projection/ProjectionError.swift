/// Bad geometry or an unknown screen: a one-line message naming the value, what was expected and what was
/// found (`eye z: expected > 0 m (in front of the screen plane) with no zMin clamp, found -0.01 m`).
/// The CLI maps it to exit status 2.
public struct ProjectionError: Error, CustomStringConvertible, Equatable, Sendable {
    public var description: String

    public init(_ description: String) { self.description = description }

    /// `name: expected <expected>, found <found>`.
    public init(_ name: String, expected: String, found: String) {
        description = "\(name): expected \(expected), found \(found)"
    }
}
