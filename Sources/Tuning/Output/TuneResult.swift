import Foundation
import Reporting
import Vocabulary

/// What defines a sweep. Parts of one sweep must have equal setups to merge.
package struct TuneSetup: Codable, Equatable, Sendable {
    package struct TraceEntry: Codable, Equatable, Sendable {
        /// The path as given on the command line (or a name for in-memory traces).
        package var path: String
        package var samples: Int
        /// FNV-1a 64 of the samples and ground truth, hex: parts computed on different traces do not merge.
        package var fingerprint: String
    }

    /// The sweep as written (tune.json keeps the text; a part read back is parsed where it is decoded).
    package var smoother: Parsed<SweepSpec>
    package var movementScale: String
    package var screen: String
    package var traces: [TraceEntry]
    package var objective: String
    package var constraints: [String]
    /// Nelder–Mead refinement of filters with ≥ 2 swept parameters.
    package var refine: Bool
    /// Depth of the cube room's back wall behind the glass, m (the effect-strength point).
    package var roomDepth: Double
    /// Seconds after the head stops before frame pairs count towards the visible jitter.
    package var settle: Double
}

/// Scale-dependent parallax errors of one smoother point at one movement scale (RMS, pooled over traces).
package struct ScaleErrors: Codable, Equatable, Sendable {
    package var visibleJitterPx: Double?
    package var visibleJitterMm: Double?
    package var trackingPx: Double
    package var trackingMm: Double
    package var totalPx: Double
    package var totalMm: Double
    /// RMS swim (°/s at the true eye) of the tracking + smoothing error and of the total error; nil without frame pairs.
    package var swimTrackingDegS: Double?
    package var swimTotalDegS: Double?
}

/// What depends on the movement scale only (not on the smoother).
package struct ScaleEffect: Codable, Equatable, Sendable {
    package var movementScale: Double
    /// On-screen shift of the back wall per cm of head motion: s·D/(z + D)·ppm / 100.
    package var gainPxPerCm: Double
    package var exaggerationPx: Double
    package var exaggerationMm: Double
    /// RMS swim of the exaggeration error, |s − 1| times that of b₁, °/s; nil without frame pairs.
    package var swimExaggerationDegS: Double?
}

/// One smoother grid point with its metrics at every movement scale.
package struct ConfigurationResult: Codable, Equatable, Sendable {
    package var index: Int
    /// Canonical spec (every parameter written out).
    package var smoother: String
    /// Values of the swept parameters (names in `TuneResult.parameters`).
    package var values: [Double]
    /// The filter's steady-state ramp lag, ms (`ramp_lag_ms`).
    package var rampLagMs: Double?
    package var jitterMm: Double?
    /// Aligned with `TuneResult.movementScales`.
    package var errors: [ScaleErrors]
}

/// The app's shipped configuration (ema α = 0.25, movementScale 1.5) on the same traces: the comparison
/// every recommendation is printed against, and the bound of `metric>=app` constraints.
package struct AppDefaultResult: Codable, Equatable, Sendable {
    package var smoother: String
    package var movementScale: Double
    package var metrics: TuneMetrics
}

/// The Pareto front (ramp lag vs visible jitter, both minimised) at one movement scale: configuration indices
/// ordered by increasing ramp lag.
package struct ParetoFront: Codable, Equatable, Sendable {
    package var movementScale: Double
    package var indices: [Int]
}

package struct Recommendation: Codable, Equatable, Sendable {
    package var source: Source

    /// Where the recommended point came from.
    package enum Source: String, Codable, Sendable {
        case grid
        case nelderMead = "nelder-mead"
    }
    /// Grid index (nil for a refined point).
    package var index: Int?
    package var smoother: String
    package var values: [Double]
    package var movementScale: Double
    package var metrics: TuneMetrics
    package var objective: Double
    package var reasoning: String
}

package struct Refinement: Codable, Equatable, Sendable {
    package var startValues: [Double]
    package var values: [Double]
    package var smoother: String
    package var movementScale: Double
    package var objective: Double
    package var feasible: Bool
    package var iterations: Int
    package var converged: Bool
}

package struct ShardInfo: Codable, Equatable, Sendable {
    /// 1-based.
    package var index: Int
    package var count: Int

    package init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Parses `i/n` with 1 ≤ i ≤ n.
    package init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(i) else {
            throw FieldError("shard", expected: "i/n with 1 ≤ i ≤ n (e.g. 2/8)", found: "'\(text)'")
        }
        self.init(index: i, count: n)
    }
}

/// `tune.json` (kind "tune") and shard parts (kind "tune-partial"). Versioned by `schema`; snake_case keys,
/// sorted, pretty-printed; absent = not computed. The same inputs give the same bytes.
package struct TuneResult: Codable, Equatable, Sendable {
    package var schema = 1
    package var kind: Kind
    package var setup: TuneSetup
    package var shard: ShardInfo?
    package var filter: String
    package var parameters: [String]
    package var movementScales: [Double]
    /// Median true eye distance over all frames of all traces, m (z in the gain's closed form).
    package var eyeDistanceM: Double
    package var scales: [ScaleEffect]
    package var appDefault: AppDefaultResult
    package var configurations: [ConfigurationResult]
    package var pareto: [ParetoFront]?
    package var recommendation: Recommendation?
    package var refinement: Refinement?
    /// With `--seeds`/`--holdout`: the recommendation's spread, bootstrap interval and held-out metrics.
    package var robustness: TuneRobustness?
    /// With `--app-source`: the app under test whose settings were swept (nil: a smoother model's sweep).
    package var app: TunedApp?
    package var notes: [String]

    /// A whole result (`tune.json`) or one shard's part.
    package enum Kind: String, Codable, Sendable {
        case full = "tune"
        case partial = "tune-partial"
    }

    package func jsonData() throws -> Data {
        let encoder = JSONEncoder.deterministic(keys: .snakeCase)
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }

    package static func decode(_ data: Data, name: String) throws -> TuneResult {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        var result: TuneResult
        do {
            result = try decoder.decode(TuneResult.self, from: data)
        } catch {
            throw FieldError(FieldPath(), expected: "a tune.json or tune part (schema 1)", found: "text that does not decode: \(error)", file: name)
        }
        guard result.schema == 1 else { throw FieldError("schema", expected: "1", found: "\(result.schema)", file: name) }
        result.setup.useCurrentMetricNames()
        return result
    }

    /// The metrics of configuration `c` at scale index `k`.
    package func metrics(_ c: ConfigurationResult, scale k: Int) -> TuneMetrics {
        Self.metrics(rampLagMs: c.rampLagMs, jitterMm: c.jitterMm, errors: c.errors[k], effect: scales[k])
    }

    static func metrics(rampLagMs: Double?, jitterMm: Double?, errors e: ScaleErrors, effect: ScaleEffect) -> TuneMetrics {
        TuneMetrics(rampLagMs: rampLagMs, jitterMm: jitterMm, visibleJitterPx: e.visibleJitterPx, visibleJitterMm: e.visibleJitterMm,
                    trackingPx: e.trackingPx, trackingMm: e.trackingMm, exaggerationPx: effect.exaggerationPx,
                    exaggerationMm: effect.exaggerationMm, totalPx: e.totalPx, totalMm: e.totalMm, gainPxPerCm: effect.gainPxPerCm,
                    swimTrackingDegS: e.swimTrackingDegS, swimExaggerationDegS: effect.swimExaggerationDegS,
                    swimTotalDegS: e.swimTotalDegS)
    }
}

extension TuneResult {
    /// Writes the result as `write(to:view:)` does, with the interactive view of a whole result computed from
    /// `context` — or, without one (`merge`), from the setup's trace files. Returns the paths written.
    @discardableResult
    package func write(to path: String, context: TuneContext?, series: TuneViewData.SeriesSource? = nil) throws -> [String] {
        guard kind == .full else { return try write(to: path) }
        return try write(to: path, view: try viewSection(context: context, series: series))
    }

    /// The interactive view's section. Without a context the setup's traces are read again; when they cannot be
    /// (moved, changed since the parts were computed), the section says so instead of failing the run.
    package func viewSection(context: TuneContext?, series: TuneViewData.SeriesSource? = nil) throws -> ReportPage.Section {
        if app != nil && series == nil {
            // Its charts are the app's frames, which only the run that replayed them holds.
            return TuneViewSection.unavailable("the app's frames are held only by the run that replayed them.")
        }
        let resolved: TuneContext
        if let context {
            resolved = context
        } else {
            do { resolved = try TuneContext(setup: setup) } catch {
                return TuneViewSection.unavailable("the setup's traces cannot be read again (\(error)).")
            }
        }
        return try TuneViewSection.section(TuneViewData(context: resolved, result: self, series: series))
    }
}

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

extension TuneResult {
    /// The `filter` of a sweep of an app under test's own settings (`tune --app-source`): its configurations are the
    /// α its slider set (`app:alpha=0.25`), not a smoother model.
    package static let appFilter = "app"

    package var isAppSweep: Bool { filter == Self.appFilter }

    /// The swept parameters' values of the app's own configuration — the app as built for an app sweep, the app
    /// default's spec (`ema:alpha=0.25`) for a sweep of its filter kind — nil when the sweep is of another filter or
    /// the app's spec does not name every swept parameter.
    package var appSweptValues: [Double]? {
        if let app, isAppSweep { return parameters.isEmpty ? [] : [app.built.smoothingAlpha] }
        let kind = { (text: String) in text.split(separator: ":", maxSplits: 1).first.map(String.init) ?? text }
        let spec = appDefault.smoother
        guard kind(spec) == filter, let settings = spec.split(separator: ":", maxSplits: 1).last else { return nil }
        var byName: [String: Double] = [:]
        for pair in settings.split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Double(parts[1]) { byName[String(parts[0])] = value }
        }
        let values = parameters.compactMap { byName[$0] }
        return values.count == parameters.count ? values : nil
    }
}
