import Foundation

/// What a tune run or a merge produced: the result, the context it was computed in (nil after a merge, whose
/// view re-reads the setup's traces) and the files written (the JSON first).
public struct TuneOutcome: Sendable {
    public var result: TuneResult
    public var context: TuneContext?
    public var written: [String]
}
