import Vocabulary

/// One check of the app audit as report.json keeps it (`audit.checks_detail`): the value its verdict is decided on,
/// each trace's, and — with a known-failures file — how it stands against its recorded value. `--baseline` compares
/// these like any metric (`BaselineComparison`, metric `audit_p95`).
package struct AuditCheckSummary: Codable, Sendable, Equatable {
    package var check: String
    package var unit: String
    package var limit: Double
    /// The largest of the pooled p95 and each trace's p95: the check fails exactly when it exceeds the limit.
    package var value: Double
    package var passed: Bool
    /// Each trace's p95, in the audit's trace order (empty for checks not measured per trace).
    package var traces: [TraceValue]
    /// Against the known-failures file; nil when the suite has none.
    package var known: KnownFailureStatus?

    package struct TraceValue: Codable, Sendable, Equatable {
        package var trace: String
        package var p95: Double
        package init(trace: String, p95: Double) {
            self.trace = trace
            self.p95 = p95
        }
    }

    package init(check: String, unit: String, limit: Double, value: Double, passed: Bool, traces: [TraceValue], known: KnownFailureStatus? = nil) {
        self.check = check
        self.unit = unit
        self.limit = limit
        self.value = value
        self.passed = passed
        self.traces = traces
        self.known = known
    }

    /// The metric name of an audit check's values in the baseline comparison and `baseline_bands`.
    package static let metric = "audit_p95"
    /// Audit values replay deterministically (same code, same traces: same bytes); the band absorbs changes too small to act on.
    package static let noiseBand = NoiseBand(relative: 0.05, absolute: 1e-6)
}

/// How a check stands against `parallax-known-failures.yml`.
package enum KnownFailureState: String, Codable, Sendable, CaseIterable {
    /// Fails and is not listed: fails a gated run.
    case new
    /// Listed, fails within the noise band of its recorded value.
    case accepted
    /// Listed, fails beyond the band above its recorded value: fails a gated run.
    case worse
    /// Listed, still fails, below its recorded value beyond the band: its recorded value can be lowered.
    case better
    /// Listed and passes now: the entry can be removed.
    case fixed
    /// Listed, but this run's audit does not count the check (another mode, unreachable code).
    case notMeasured = "not-measured"

    /// Whether the state fails a gated run.
    package var failsGate: Bool { self == .new || self == .worse }
}

/// A check's standing against the known-failures file.
package struct KnownFailureStatus: Codable, Sendable, Equatable {
    package var state: KnownFailureState
    /// The value recorded in the file (nil: not listed).
    package var recorded: Double?
    package var reason: String?
    /// The entry's line in the file.
    package var line: Int?

    package init(state: KnownFailureState, recorded: Double?, reason: String?, line: Int?) {
        self.state = state
        self.recorded = recorded
        self.reason = reason
        self.line = line
    }
}

extension AuditCheckSummary {
    /// "latency: 119 → 140 ms, worse than its known failure (parallax-known-failures.yml:4)", one line for the
    /// verdict's lists; nil for a check that neither fails nor is listed.
    package func knownText(file: String) -> String? {
        guard let known else { return nil }
        let at = "\(file)\(known.line.map { ":\($0)" } ?? "")"
        let now = "\(Format.value(value)) \(unit)"
        let recorded = known.recorded.map { "\(Format.value($0)) \(unit)" } ?? ""
        switch known.state {
        case .new: return "audit check \(check): a new failure, \(now) (limit \(Format.value(limit)) \(unit)), not in \(file)"
        case .worse: return "audit check \(check): worse than its known failure, \(recorded) → \(now) (\(at))"
        case .accepted: return "audit check \(check): known failure accepted, \(now) (recorded \(recorded), \(at))"
        case .better: return "audit check \(check): better, \(recorded) → \(now), still failing — lower its value in \(file) (\(at))"
        case .fixed: return "audit check \(check): better, \(recorded) → \(now), passes (limit \(Format.value(limit)) \(unit)) — remove it from \(file) (\(at))"
        case .notMeasured: return "audit check \(check): listed in \(file) (\(at)) but not counted by this audit"
        }
    }
}
