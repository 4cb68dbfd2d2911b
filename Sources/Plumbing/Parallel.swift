import Dispatch

/// Deterministic data parallelism on all cores. Work item `i` always covers the same slice of the work and
/// writes only its own outputs, so results never depend on the number of threads or on scheduling.
///
/// Crossing `Sendable`: the bodies here are ordinary (non-`Sendable`) closures; this type is the one place
/// that hands them to Dispatch's workers, through `UncheckedTransfer`. That is sound because every caller's
/// work items touch disjoint memory (their own band, tile or slot) and everything they read is not written
/// while they run; callers therefore need no `nonisolated(unsafe)` or `@unchecked` wrappers of their own.
package enum Parallel {
    /// Calls `body(i)` for every i in 0..<count, concurrently; returns when all have finished.
    package static func forEach(_ count: Int, _ body: (Int) -> Void) {
        guard count > 1 else {
            if count == 1 { body(0) }
            return
        }
        withoutActuallyEscaping(body) { body in
            let transfer = UncheckedTransfer(body)
            DispatchQueue.concurrentPerform(iterations: count) { transfer.value($0) }
        }
    }

    /// `[body(0), …, body(count − 1)]` computed concurrently; the first error in index order is rethrown.
    package static func map<T>(_ count: Int, _ body: (Int) throws -> T) throws -> [T] {
        var results = [Result<T, Error>?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { slots in
            forEach(count) { i in slots[i] = Result { try body(i) } }
        }
        return try results.map { try $0!.get() }
    }

    /// `[body(0), …, body(count − 1)]` computed concurrently.
    package static func map<T>(_ count: Int, _ body: (Int) -> T) -> [T] {
        var results = [T?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { slots in
            forEach(count) { i in slots[i] = body(i) }
        }
        return results.map { $0! }
    }

    /// Splits 0..<total into consecutive bands of `size` (the last may be shorter) and runs `body` on each
    /// band concurrently. The split depends only on `total` and `size`, never on the core count.
    package static func forEachBand(of total: Int, size: Int, _ body: (Range<Int>) -> Void) {
        precondition(size > 0, "band size must be positive")
        let bands = (total + size - 1) / size
        forEach(bands) { band in body((band * size)..<min(total, (band + 1) * size)) }
    }
}

/// Hands a value to Dispatch's workers; see `Parallel` for why that is sound there. Not public on purpose.
private struct UncheckedTransfer<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
