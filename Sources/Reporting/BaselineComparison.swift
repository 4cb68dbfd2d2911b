import Foundation
import Plumbing
import Vocabulary

/// How one metric of this run compares with the same metric of the baseline run (`--baseline`).
package enum BaselineState: String, Codable, Sendable, CaseIterable {
    /// Moved in the bad direction by more than the metric's noise band.
    case worse
    /// Moved in the good direction by more than the band.
    case better
    /// Within the band.
    case same
    /// Only in this run.
    case new
    /// Only in the baseline.
    case gone

    /// The arrow the report and the summary show.
    package var arrow: String {
        switch self {
        case .worse: return "▲ worse"
        case .better: return "▼ better"
        case .same: return "= same"
        case .new: return "+ new"
        case .gone: return "− gone"
        }
    }
}

/// What a run was made of, so that two runs are only compared when they measured the same things.
package struct RunSetup: Codable, Sendable, Equatable {
    /// Trace name → fingerprint of its samples (FNV-1a of the bytes of t, x, y, z, tracked).
    package var traces: [String: String]
    package var smoothers: [String]
    package var screens: [String]
    package var movementScales: [Double]

    package init(traces: [String: String], smoothers: [String], screens: [String], movementScales: [Double]) {
        self.traces = traces
        self.smoothers = smoothers
        self.screens = screens
        self.movementScales = movementScales
    }

    /// One line per difference, empty when the setups are the same.
    package func differences(from baseline: RunSetup) -> [String] {
        var lines: [String] = []
        for name in Set(traces.keys).union(baseline.traces.keys).sorted() where traces[name] != baseline.traces[name] {
            switch (baseline.traces[name], traces[name]) {
            case (nil, _): lines.append("trace '\(name)' is not in the baseline")
            case (_, nil): lines.append("trace '\(name)' of the baseline is not in this run")
            default: lines.append("trace '\(name)' has other samples than in the baseline")
            }
        }
        if smoothers != baseline.smoothers { lines.append("smoothers \(smoothers) ≠ baseline \(baseline.smoothers)") }
        if screens != baseline.screens { lines.append("screens \(screens) ≠ baseline \(baseline.screens)") }
        if movementScales != baseline.movementScales { lines.append("movement scales \(movementScales) ≠ baseline \(baseline.movementScales)") }
        return lines
    }

    /// A 64-bit FNV-1a fingerprint of a byte sequence, as 16 hex digits.
    package static func fingerprint<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        Fingerprint.fnv1a64(bytes)
    }
}

/// Every scenario metric, every frame metric and every audit check (per trace) of a run against a baseline run.
package enum BaselineComparison {
    /// Deltas for the union of both runs' metrics, keyed `scenario ID / metric`, `frame NAME / metric`,
    /// `audit CHECK / audit_p95` and `audit CHECK on TRACE / audit_p95`, in key order.
    package static func compare(_ current: SuiteReport, with baseline: SuiteReport, overrides: [String: NoiseBand] = [:]) -> [BaselineDelta] {
        var now: [String: (metric: String, value: Double)] = [:]
        var before: [String: (metric: String, value: Double)] = [:]
        func collect(_ report: SuiteReport, into table: inout [String: (metric: String, value: Double)]) {
            for scenario in report.scenarios {
                for (metric, value) in scenario.metrics { table["\(scenario.id) / \(metric)"] = (metric, value) }
            }
            for frame in report.frames {
                for (metric, value) in frame.metrics { table["frame \(frame.name) / \(metric)"] = (metric, value) }
            }
            // The audit's checks per trace (and the value a check's verdict is decided on), lower is better.
            for check in report.audit?.checkValues ?? [] where check.known?.state != .notMeasured {
                table["audit \(check.check) / \(AuditCheckSummary.metric)"] = (AuditCheckSummary.metric, check.value)
                for trace in check.traces {
                    table["audit \(check.check) on \(trace.trace) / \(AuditCheckSummary.metric)"] = (AuditCheckSummary.metric, trace.p95)
                }
            }
        }
        collect(current, into: &now)
        collect(baseline, into: &before)
        return Set(now.keys).union(before.keys).sorted().map { key in
            let metric = now[key]?.metric ?? before[key]!.metric
            let band = metric == AuditCheckSummary.metric ? overrides[metric] ?? AuditCheckSummary.noiseBand : NoiseBand.band(for: metric, overrides: overrides)
            return BaselineDelta(key: key, metric: metric, baseline: before[key]?.value, current: now[key]?.value,
                                 state: state(before: before[key]?.value, now: now[key]?.value, band: band,
                                              direction: MetricDirection(metric: metric)))
        }
    }

    package static func state(before: Double?, now: Double?, band: NoiseBand, direction: MetricDirection) -> BaselineState {
        guard let now else { return .gone }
        guard let before else { return .new }
        guard now.isFinite && before.isFinite else { return now == before || (now.isNaN && before.isNaN) ? .same : .worse }
        let change = direction == .lowerIsBetter ? now - before : before - now
        let width = band.width(around: before)
        if change > width { return .worse }
        if change < -width { return .better }
        return .same
    }
}
