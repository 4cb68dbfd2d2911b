import Testing

/// Whether `actual` is within `tolerance` of `expected`; for use inside larger conditions.
public func isClose<Value>(_ actual: Value, _ expected: Value, within tolerance: NumericTolerance<Value>) -> Bool {
    tolerance.accepts(actual, expected)
}

/// Expects `actual` within `tolerance` of `expected`; a failure prints both values, their difference and the tolerance.
public func expectClose<Value>(_ actual: Value, _ expected: Value, within tolerance: NumericTolerance<Value>, _ comment: Comment? = nil,
                               sourceLocation: SourceLocation = #_sourceLocation) {
    guard let failure = closenessFailure(actual, expected, within: tolerance, comment) else { return }
    Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
}

/// The message `expectClose` records for a scalar, or nil when `actual` is within `tolerance`.
public func closenessFailure<Value>(_ actual: Value, _ expected: Value, within tolerance: NumericTolerance<Value>,
                                    _ comment: Comment? = nil) -> String? {
    tolerance.accepts(actual, expected) ? nil : prefix(comment) + mismatch(actual, expected, tolerance)
}

/// Expects equal counts and every element of `actual` within `tolerance` of the matching element of `expected`;
/// a failure names the worst element with both values, their difference and the tolerance.
public func expectClose<Values: Collection>(_ actual: Values, _ expected: Values, within tolerance: NumericTolerance<Values.Element>,
                                            _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let failure = closenessFailure(actual, expected, within: tolerance, comment) else { return }
    Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
}

/// The message `expectClose` records for collections, or nil when every element is within `tolerance`.
public func closenessFailure<Values: Collection>(_ actual: Values, _ expected: Values, within tolerance: NumericTolerance<Values.Element>,
                                                 _ comment: Comment? = nil) -> String? {
    guard actual.count == expected.count else {
        return prefix(comment) + "count \(actual.count) ≠ expected count \(expected.count)"
    }
    let rejected = zip(actual, expected).enumerated().filter { !tolerance.accepts($0.element.0, $0.element.1) }
    // The worst offender by difference; a NaN difference counts as worst.
    guard let worst = rejected.max(by: { lhs, rhs in
        let (a, b) = (abs(lhs.element.0 - lhs.element.1), abs(rhs.element.0 - rhs.element.1))
        return !a.isNaN && (b.isNaN || a < b)
    }) else { return nil }
    let summary = "\(rejected.count) of \(actual.count) elements outside the tolerance; worst at [\(worst.offset)]: "
    return prefix(comment) + summary + mismatch(worst.element.0, worst.element.1, tolerance)
}

private func prefix(_ comment: Comment?) -> String { comment.map { "\($0.rawValue): " } ?? "" }

private func mismatch<Value>(_ actual: Value, _ expected: Value, _ tolerance: NumericTolerance<Value>) -> String {
    "actual \(actual) vs expected \(expected): difference \(abs(actual - expected)) exceeds tolerance \(tolerance)"
}
