/// How far a number may move from its golden: |actual − golden| ≤ absolute + relative·|golden|. The absolute part
/// keeps goldens of zero comparable; NaN is never within.
public struct NumberTolerance: Sendable, Equatable {
    public var absolute: Double
    public var relative: Double

    public init(absolute: Double = 1e-9, relative: Double = 1e-6) {
        self.absolute = absolute
        self.relative = relative
    }

    public func accepts(_ actual: Double, golden: Double) -> Bool {
        abs(actual - golden) <= absolute + relative * abs(golden)
    }
}
