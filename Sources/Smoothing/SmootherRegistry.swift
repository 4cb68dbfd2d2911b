/// The one table of the filters a spec string can name. Adding a filter means writing its file (a
/// `RegisteredSmoother`), adding its `SmootherKind` case and listing its type here; its parameters,
/// defaults, ranges, `--help` text and factory all come from the type.
public enum SmootherRegistry {
    /// Every registered filter, in `SmootherKind.allCases` order (the order of `--help`).
    public static let filters: [any RegisteredSmoother.Type] = [
        PassThroughSmoother.self,
        EMAFilter.self,
        TimeConstantEMAFilter.self,
        OneEuroFilter.self,
        DESPFilter.self,
        KalmanCVFilter.self,
        PredictStage.self,
    ]
}
