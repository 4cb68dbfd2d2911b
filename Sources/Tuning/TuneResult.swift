import Foundation
import Plumbing

/// What defines a sweep. Parts of one sweep must have equal setups to merge.
public struct TuneSetup: Codable, Equatable, Sendable {
    public struct TraceEntry: Codable, Equatable, Sendable {
        /// The path as given on the command line (or a name for in-memory traces).
        public var path: String
        public var samples: Int
        /// FNV-1a 64 of the samples and ground truth, hex: parts computed on different traces do not merge.
        public var fingerprint: String
    }

    public var smoother: String
    public var movementScale: String
    public var screen: String
    public var traces: [TraceEntry]
    public var objective: String
    public var constraints: [String]
    /// Nelder–Mead refinement of filters with ≥ 2 swept parameters.
    public var refine: Bool
    /// Depth of the cube room's back wall behind the glass, m (the effect-strength point).
    public var roomDepth: Double
    /// Seconds after the head stops before frame pairs count towards the visible jitter.
    public var settle: Double
}

/// Scale-dependent parallax errors of one smoother point at one movement scale (RMS, pooled over traces).
public struct ScaleErrors: Codable, Equatable, Sendable {
    public var visibleJitterPx: Double?
    public var visibleJitterMm: Double?
    public var trackingPx: Double
    public var trackingMm: Double
    public var totalPx: Double
    public var totalMm: Double
    /// RMS swim (°/s at the true eye) of the tracking + smoothing error and of the total error; nil without frame pairs.
    public var swimTrackingDegS: Double?
    public var swimTotalDegS: Double?
}

/// What depends on the movement scale only (not on the smoother).
public struct ScaleEffect: Codable, Equatable, Sendable {
    public var movementScale: Double
    /// On-screen shift of the back wall per cm of head motion: s·D/(z + D)·ppm / 100.
    public var gainPxPerCm: Double
    public var exaggerationPx: Double
    public var exaggerationMm: Double
    /// RMS swim of the exaggeration error, |s − 1| times that of b₁, °/s; nil without frame pairs.
    public var swimExaggerationDegS: Double?
}

/// One smoother grid point with its metrics at every movement scale.
public struct ConfigurationResult: Codable, Equatable, Sendable {
    public var index: Int
    /// Canonical spec (every parameter written out).
    public var smoother: String
    /// Values of the swept parameters (names in `TuneResult.parameters`).
    public var values: [Double]
    /// The filter's steady-state ramp lag, ms (`ramp_lag_ms`).
    public var rampLagMs: Double?
    public var jitterMm: Double?
    /// Aligned with `TuneResult.movementScales`.
    public var errors: [ScaleErrors]
}

/// The app's shipped configuration (ema α = 0.25, movementScale 1.5) on the same traces: the comparison
/// every recommendation is printed against, and the bound of `metric>=app` constraints.
public struct AppDefaultResult: Codable, Equatable, Sendable {
    public var smoother: String
    public var movementScale: Double
    public var metrics: TuneMetrics
}

/// The Pareto front (ramp lag vs visible jitter, both minimised) at one movement scale: configuration indices
/// ordered by increasing ramp lag.
public struct ParetoFront: Codable, Equatable, Sendable {
    public var movementScale: Double
    public var indices: [Int]
}

public struct Recommendation: Codable, Equatable, Sendable {
    public var source: Source

    /// Where the recommended point came from.
    public enum Source: String, Codable, Sendable {
        case grid
        case nelderMead = "nelder-mead"
    }
    /// Grid index (nil for a refined point).
    public var index: Int?
    public var smoother: String
    public var values: [Double]
    public var movementScale: Double
    public var metrics: TuneMetrics
    public var objective: Double
    public var reasoning: String
}

public struct Refinement: Codable, Equatable, Sendable {
    public var startValues: [Double]
    public var values: [Double]
    public var smoother: String
    public var movementScale: Double
    public var objective: Double
    public var feasible: Bool
    public var iterations: Int
    public var converged: Bool
}

public struct ShardInfo: Codable, Equatable, Sendable {
    /// 1-based.
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Parses `i/n` with 1 ≤ i ≤ n.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(i) else {
            throw FieldError("shard", expected: "i/n with 1 ≤ i ≤ n (e.g. 2/8)", found: "'\(text)'")
        }
        self.init(index: i, count: n)
    }
}

/// `tune.json` (kind "tune") and shard parts (kind "tune-partial"). Versioned by `schema`; snake_case keys,
/// sorted, pretty-printed; absent = not computed. The same inputs give the same bytes.
public struct TuneResult: Codable, Equatable, Sendable {
    public var schema = 1
    public var kind: Kind
    public var setup: TuneSetup
    public var shard: ShardInfo?
    public var filter: String
    public var parameters: [String]
    public var movementScales: [Double]
    /// Median true eye distance over all frames of all traces, m (z in the gain's closed form).
    public var eyeDistanceM: Double
    public var scales: [ScaleEffect]
    public var appDefault: AppDefaultResult
    public var configurations: [ConfigurationResult]
    public var pareto: [ParetoFront]?
    public var recommendation: Recommendation?
    public var refinement: Refinement?
    /// With `--seeds`/`--holdout`: the recommendation's spread, bootstrap interval and held-out metrics.
    public var robustness: TuneRobustness?
    public var notes: [String]

    /// A whole result (`tune.json`) or one shard's part.
    public enum Kind: String, Codable, Sendable {
        case full = "tune"
        case partial = "tune-partial"
    }

    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }

    public static func decode(_ data: Data, name: String) throws -> TuneResult {
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
    public func metrics(_ c: ConfigurationResult, scale k: Int) -> TuneMetrics {
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
