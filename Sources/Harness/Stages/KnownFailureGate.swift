import Audit
import Foundation
import Reporting
import Vocabulary

/// The audit's checks as report.json keeps them (`AuditCheckSummary`), held against the known-failures file: a check
/// that fails and is not listed is new; a listed one is accepted while its value stays within the noise band
/// (`audit_p95`: the suite's `baseline_bands` override, else `AuditCheckSummary.noiseBand`) of its recorded value,
/// worse above it, better below it and fixed when it passes. A gated audit with a known-failures file fails the run
/// on new or worse checks only.
enum KnownFailureGate {
    /// The value a check's verdict is decided on: the largest of its pooled p95 and each trace's p95.
    static func value(_ check: CheckResult) -> Double {
        ([check.p95] + check.perTrace.map(\.p95)).max()!
    }

    /// The checks counted in the audit's verdict, each against `known` (nil: no file, no standing).
    static func summaries(_ result: AuditResult, known: KnownFailures?, bands: [String: NoiseBand]) -> [AuditCheckSummary] {
        let band = bands[AuditCheckSummary.metric] ?? AuditCheckSummary.noiseBand
        let counted = result.checks.filter { $0.countsInVerdict && $0.gated }
        return counted.map { check in
            let value = value(check)
            return AuditCheckSummary(check: check.id.rawValue, unit: check.unit, limit: check.limit, value: value, passed: check.passed,
                                     traces: check.perTrace.map { .init(trace: $0.trace, p95: $0.p95) },
                                     known: known.flatMap { standing(passed: check.passed, value: value, entry: $0.entry(for: check.id), band: band) })
        } + (known?.entries ?? []).filter { entry in !counted.contains { $0.id == entry.check } }.map { entry in
            AuditCheckSummary(check: entry.check.rawValue, unit: entry.check.unit, limit: entry.check.defaultLimit, value: .nan, passed: true, traces: [],
                              known: KnownFailureStatus(state: .notMeasured, recorded: entry.value, reason: entry.reason, line: entry.line))
        }
    }

    /// A counted check's standing; nil when it passes and is not listed.
    static func standing(passed: Bool, value: Double, entry: KnownFailures.Entry?, band: NoiseBand) -> KnownFailureStatus? {
        guard let entry else { return passed ? nil : KnownFailureStatus(state: .new, recorded: nil, reason: nil, line: nil) }
        let state: KnownFailureState
        if passed {
            state = .fixed
        } else {
            switch BaselineComparison.state(before: entry.value, now: value, band: band, direction: .lowerIsBetter) {
            case .worse: state = .worse
            case .better: state = .better
            default: state = .accepted
            }
        }
        return KnownFailureStatus(state: state, recorded: entry.value, reason: entry.reason, line: entry.line)
    }
}
