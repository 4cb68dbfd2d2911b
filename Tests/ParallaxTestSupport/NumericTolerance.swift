/// How far an actual value may lie from the expected one: |actual − expected| ≤ max(absolute, relative·|expected|).
///
/// The relative part scales with the expected value only (not with the actual one), so a wrong actual value cannot
/// widen its own tolerance. Generic over the value type so that Float data is compared in Float, as computed.
public struct NumericTolerance<Value: BinaryFloatingPoint & Sendable>: Sendable, Equatable, CustomStringConvertible {
    public let absolute: Value
    public let relative: Value

    public init(absolute: Value = 0, relative: Value = 0) {
        precondition(absolute >= 0 && relative >= 0, "tolerances are non-negative")
        self.absolute = absolute
        self.relative = relative
    }

    /// |actual − expected| ≤ bound.
    public static func absolute(_ bound: Value) -> NumericTolerance { NumericTolerance(absolute: bound) }

    /// |actual − expected| ≤ fraction·|expected|.
    public static func relative(_ fraction: Value) -> NumericTolerance { NumericTolerance(relative: fraction) }

    /// The largest difference accepted around `expected`.
    public func bound(around expected: Value) -> Value { max(absolute, relative * abs(expected)) }

    /// Whether `actual` is within this tolerance of `expected` (never for NaN).
    public func accepts(_ actual: Value, _ expected: Value) -> Bool { abs(actual - expected) <= bound(around: expected) }

    public var description: String {
        switch (absolute, relative) {
        case (_, 0): "±\(absolute)"
        case (0, _): "±\(relative)·|expected|"
        default: "±max(\(absolute), \(relative)·|expected|)"
        }
    }
}
