import Vocabulary

/// Numbers against their golden, and the difference as reports show it: every name in either, in name order, whose
/// number is outside the tolerance or missing on one side.
public struct NumberComparison: Sendable, Equatable {
    /// How many numbers the golden holds.
    public var compared: Int
    public var mismatches: [NumberMismatch]
    public var tolerance: NumberTolerance

    public var passed: Bool { mismatches.isEmpty }

    public init(golden: NamedNumbers, actual: NamedNumbers, tolerance: NumberTolerance) {
        var mismatches: [NumberMismatch] = []
        for key in Set(golden.values.keys).union(actual.values.keys).sorted() {
            switch (golden.values[key], actual.values[key]) {
            case let (expected?, found?):
                if !tolerance.accepts(found, golden: expected) { mismatches.append(NumberMismatch(key: key, golden: expected, actual: found)) }
            case let (expected, found):
                mismatches.append(NumberMismatch(key: key, golden: expected, actual: found))
            }
        }
        self.compared = golden.values.count
        self.mismatches = mismatches
        self.tolerance = tolerance
    }
}
