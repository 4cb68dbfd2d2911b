/// A spec string that cannot be turned into a smoother (exit 2 in the CLI): one line naming the filter,
/// the parameter and its valid range.
public struct SmootherSpecError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
