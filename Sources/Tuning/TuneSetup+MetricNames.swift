extension TuneSetup {
    /// The objective and constraints with every metric under its current name (`lag_ms<=50` read from a file
    /// written before the ramp-lag rename becomes `ramp_lag_ms<=50`), so that old and new parts of one sweep
    /// merge and the merged file says what a new run says. Text that does not parse stays as it is, for the
    /// parser to report where it is used.
    mutating func useCurrentMetricNames() {
        objective = (try? TuneObjective(objective).description) ?? objective
        constraints = constraints.map { (try? TuneConstraint($0).description) ?? $0 }
    }
}
