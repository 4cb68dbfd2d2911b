import Foundation

/// How one metric of this run compares with the same metric of the baseline run (`--baseline`).
public enum BaselineState: String, Codable, Sendable, CaseIterable {
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
    public var arrow: String {
        switch self {
        case .worse: return "▲ worse"
        case .better: return "▼ better"
        case .same: return "= same"
        case .new: return "+ new"
        case .gone: return "− gone"
        }
    }
}

/// Which way a metric improves.
public enum MetricDirection: Sendable {
    case lowerIsBetter, higherIsBetter

    /// SSIM and PSNR grow as frames agree; every other metric (lag, jitter, errors, pixel differences) shrinks.
    /// `versus_*` metrics follow the metric they are built from.
    public init(metric: String) {
        let base = metric.hasPrefix("versus_") ? String(metric.dropFirst("versus_".count)) : metric
        self = base.hasPrefix("ssim") || base.hasPrefix("psnr") ? .higherIsBetter : .lowerIsBetter
    }
}

/// The change a metric may show between two runs without counting as worse or better: the larger of a
/// relative part (of the baseline value) and an absolute floor.
public struct NoiseBand: Codable, Sendable, Equatable {
    public var relative: Double
    public var absolute: Double

    public init(relative: Double, absolute: Double) {
        self.relative = relative
        self.absolute = absolute
    }

    public func width(around baseline: Double) -> Double { max(abs(baseline) * relative, absolute) }

    /// Defaults per metric. Scenario metrics: about twice the median run-to-run spread (standard deviation
    /// over synthesis seeds 1–8 relative to the mean, `Benchmarks/noise-bands/measure.sh`; README "The CI loop").
    /// Frame metrics are deterministic (same inputs, same bytes), so their bands only absorb rounding.
    public static let defaults: [String: NoiseBand] = [
        "lag_ms": NoiseBand(relative: 0.15, absolute: 1.0),
        "filter_lag_ms": NoiseBand(relative: 0.07, absolute: 1.0),
        "lag_onset_ms": NoiseBand(relative: 0.2, absolute: 1.0),
        "lag_steady_ms": NoiseBand(relative: 0.08, absolute: 1.0),
        "latency_p95_ms": NoiseBand(relative: 0.02, absolute: 0.5),
        "stationary_jitter_mm": NoiseBand(relative: 0.12, absolute: 0.01),
        "visible_jitter_px": NoiseBand(relative: 0.3, absolute: 0.01),
        "parallax_error_p95_px": NoiseBand(relative: 0.05, absolute: 0.05),
        "parallax_error_rms_px": NoiseBand(relative: 0.15, absolute: 0.05),
        "exaggeration_p95_px": NoiseBand(relative: 0.05, absolute: 0.05),
        "swim_p95_deg_s": NoiseBand(relative: 0.05, absolute: 0.05),
        "swim_rms_deg_s": NoiseBand(relative: 0.3, absolute: 0.05),
        "max_channel_diff": NoiseBand(relative: 0, absolute: 0.5),
        "over_tolerance_pixels": NoiseBand(relative: 0, absolute: 0.5),
        "over_tolerance_fraction": NoiseBand(relative: 0, absolute: 1e-9),
        "mean_absolute_error": NoiseBand(relative: 0, absolute: 1e-6),
        "ssim_mean": NoiseBand(relative: 0, absolute: 1e-6),
        "ssim_min": NoiseBand(relative: 0, absolute: 1e-6),
        "psnr_db": NoiseBand(relative: 0, absolute: 1e-3),
    ]

    /// For metrics not in the table.
    public static let fallback = NoiseBand(relative: 0.05, absolute: 1e-6)

    /// The band of `metric`: the suite's override, else the default of the metric (or of the metric a
    /// `versus_*` metric is built from), else the fallback.
    public static func band(for metric: String, overrides: [String: NoiseBand] = [:]) -> NoiseBand {
        let base = metric.hasPrefix("versus_") ? String(metric.dropFirst("versus_".count)) : metric
        return overrides[metric] ?? defaults[metric] ?? defaults[base] ?? fallback
    }
}

/// What a run was made of, so that two runs are only compared when they measured the same things.
public struct RunSetup: Codable, Sendable, Equatable {
    /// Trace name → fingerprint of its samples (FNV-1a of the bytes of t, x, y, z, tracked).
    public var traces: [String: String]
    public var smoothers: [String]
    public var screens: [String]
    public var movementScales: [Double]

    public init(traces: [String: String], smoothers: [String], screens: [String], movementScales: [Double]) {
        self.traces = traces
        self.smoothers = smoothers
        self.screens = screens
        self.movementScales = movementScales
    }

    /// One line per difference, empty when the setups are the same.
    public func differences(from baseline: RunSetup) -> [String] {
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
    public static func fingerprint<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return String(hash, radix: 16).leftPadded(to: 16)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

/// Every scenario metric and every frame metric of a run against a baseline run.
public enum BaselineComparison {
    /// Deltas for the union of both runs' metrics, keyed `scenario ID / metric` and `frame NAME / metric`, in
    /// key order.
    public static func compare(_ current: SuiteReport, with baseline: SuiteReport, overrides: [String: NoiseBand] = [:]) -> [BaselineDelta] {
        var now: [String: (metric: String, value: Double)] = [:]
        var before: [String: (metric: String, value: Double)] = [:]
        func collect(_ report: SuiteReport, into table: inout [String: (metric: String, value: Double)]) {
            for scenario in report.scenarios {
                for (metric, value) in scenario.metrics { table["\(scenario.id) / \(metric)"] = (metric, value) }
            }
            for frame in report.frames {
                for (metric, value) in frame.metrics { table["frame \(frame.name) / \(metric)"] = (metric, value) }
            }
        }
        collect(current, into: &now)
        collect(baseline, into: &before)
        return Set(now.keys).union(before.keys).sorted().map { key in
            let metric = now[key]?.metric ?? before[key]!.metric
            let band = NoiseBand.band(for: metric, overrides: overrides)
            return BaselineDelta(key: key, metric: metric, baseline: before[key]?.value, current: now[key]?.value,
                                 state: state(before: before[key]?.value, now: now[key]?.value, band: band,
                                              direction: MetricDirection(metric: metric)))
        }
    }

    public static func state(before: Double?, now: Double?, band: NoiseBand, direction: MetricDirection) -> BaselineState {
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
