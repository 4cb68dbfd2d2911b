/// A check that ran and failed — a budget breach, a regression, a frame outside tolerance, an audit check over
/// its limit, no tuning configuration within the constraints. The one signal for it: the CLI exits 1 and
/// prints `message` (when the result printed so far does not already say it); bad input is a different
/// error and exits 2.
public struct CheckFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// One line, or nil when the command's printed result already shows what failed.
    public var message: String?

    public init(_ message: String? = nil) { self.message = message }

    public var description: String { message ?? "a check failed" }
}
