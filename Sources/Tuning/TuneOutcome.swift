import Foundation

/// What a tune run or a merge produced: the result, the context it was computed in (nil after a merge, whose
/// view re-reads the setup's traces) and the files written (the JSON first).
package struct TuneOutcome: Sendable {
    package var result: TuneResult
    package var context: TuneContext?
    package var written: [String]
}
