import Tracking

extension SmootherSpec {
    /// `trace` through a fresh smoother of this spec, its `# smoother:` line recording the spec — appended with
    /// `|` when the trace was smoothed already, since smoothing twice is the chain of both.
    public func smooth(_ trace: HeadTrace) -> HeadTrace {
        var filter = makeSmoother()
        var result = filter.smooth(trace)
        result.setMetadata("smoother", trace.metadata("smoother").map { "\($0)|\(description)" } ?? description)
        return result
    }
}
