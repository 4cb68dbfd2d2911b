import Foundation
import Reporting
import Geometry
import Golden
import Projection
import Rendering
import Scenes
import Splatting
import Plumbing
import Tracking

/// A suite file (`parallax.yml`): what to run and what must hold. Paths are relative to the suite file.
///
/// ```yaml
/// name: ParallaxLab default suite
/// output: Reports/latest
/// goldens: Tests/Goldens
/// traces: [Traces/sway.csv, {name: glance, spec: Traces/glance.yml}]
/// smoothers: ["ema:alpha=0.25", "one-euro:mincutoff=1,beta=10"]
/// screens: [iphone-15-pro]
/// movement_scales: [1.0, 1.5]
/// budgets:
///   - {metric: lag_ms, max: 60}
///   - {metric: visible_jitter_px, max: 0.3, traces: [still]}
/// numbers: {golden: numbers/default, absolute: 1.0e-9, relative: 1.0e-6}
/// frames:
///   - {name: cube/center, scene: {cube: screen}, head: [0, 0, 0.35], scale: 0.25}
/// ```
public struct Suite: Decodable, Sendable {
    public var name: String
    public var output: String
    public var goldens: String
    public var traces: [TraceSource]
    public var smoothers: [String]
    public var screens: [String]
    public var movementScales: [Double]
    public var budgets: [Budget]
    public var numbers: NumberTolerance?
    public var frames: [FrameSpec]
    public var tune: TuneSpec?
    /// Noise bands for `--baseline`, by metric name, replacing `NoiseBand.defaults`:
    /// `baseline_bands: {lag_ms: {relative: 0.2, absolute: 2}}`.
    public var baselineBands: [String: NoiseBand]
    public var audit: AuditSpec?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, output, goldens, traces, smoothers, screens, budgets, numbers, frames, tune
        case audit
        case movementScales = "movement_scales"
        case baselineBands = "baseline_bands"
    }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? "suite"
        output = try c.decodeIfPresent(String.self, forKey: .output) ?? "Reports/latest"
        goldens = try c.decodeIfPresent(String.self, forKey: .goldens) ?? "Tests/Goldens"
        traces = try c.decodeIfPresent([TraceSource].self, forKey: .traces) ?? []
        smoothers = try c.decodeIfPresent([String].self, forKey: .smoothers) ?? [AppDefaults.smootherSpec]
        screens = try c.decodeIfPresent([String].self, forKey: .screens) ?? ["iphone-15-pro"]
        movementScales = try c.decodeIfPresent([Double].self, forKey: .movementScales) ?? [AppDefaults.movementScale]
        budgets = try c.decodeIfPresent([Budget].self, forKey: .budgets) ?? []
        numbers = try c.decodeIfPresent(NumberTolerance.self, forKey: .numbers)
        frames = try c.decodeIfPresent([FrameSpec].self, forKey: .frames) ?? []
        tune = try c.decodeIfPresent(TuneSpec.self, forKey: .tune)
        baselineBands = try c.decodeIfPresent([String: NoiseBand].self, forKey: .baselineBands) ?? [:]
        for (metric, band) in baselineBands where !(band.relative >= 0 && band.relative.isFinite && band.absolute >= 0 && band.absolute.isFinite) {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath + [CodingKeys.baselineBands],
                                                                    debugDescription: "baseline_bands.\(metric): expected relative and absolute ≥ 0"))
        }
        audit = try c.decodeIfPresent(AuditSpec.self, forKey: .audit)
    }
}

/// A tuning sweep run with the suite (its sections join the report; tune.json is written beside it):
/// `{smoother: "ema:alpha=0.05...0.95/0.05", movement_scale: "0.5...3.0/0.25", screen: iphone-15-pro}`.
public struct TuneSpec: Decodable, Sendable {
    public var smoother: String
    public var movementScale: String
    public var screen: String
    /// Suite trace names to tune on (default: all).
    public var traces: [String]?
    public var objective: String?
    public var constraints: [String]?
    /// Seeds per synthesized trace (`tune --seeds`); default 1.
    public var seeds: Int?
    /// Suite trace names kept out of the search (`tune --holdout`), and the warning margin.
    public var holdout: [String]?
    public var holdoutMargin: Double?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case smoother, screen, traces, objective, constraints, seeds, holdout
        case movementScale = "movement_scale"
        case holdoutMargin = "holdout_margin"
    }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        smoother = try c.decode(String.self, forKey: .smoother)
        movementScale = try c.decodeIfPresent(String.self, forKey: .movementScale) ?? "1.5"
        screen = try c.decodeIfPresent(String.self, forKey: .screen) ?? "iphone-15-pro"
        traces = try c.decodeIfPresent([String].self, forKey: .traces)
        objective = try c.decodeIfPresent(String.self, forKey: .objective)
        constraints = try c.decodeIfPresent([String].self, forKey: .constraints)
        seeds = try c.decodeIfPresent(Int.self, forKey: .seeds)
        holdout = try c.decodeIfPresent([String].self, forKey: .holdout)
        holdoutMargin = try c.decodeIfPresent(Double.self, forKey: .holdoutMargin)
    }
}

/// A trace: a CSV file (`Traces/sway.csv`), a synthesis spec (`{name: glance, spec: Traces/glance.yml}`)
/// or a recording to import (`{file: rec.tsv, import: {time_unit: ms, …}}`, `TraceImportSpec`).
public struct TraceSource: Decodable, Sendable {
    public var name: String
    public var file: String?
    public var spec: String?
    public var importSpec: TraceImportSpec?

    enum CodingKeys: String, CodingKey, CaseIterable { case name, file, spec, importSpec = "import" }

    public init(from decoder: Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let path = try? single.decode(String.self) {
            file = path
            spec = nil
            name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            return
        }
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        file = try c.decodeIfPresent(String.self, forKey: .file)
        spec = try c.decodeIfPresent(String.self, forKey: .spec)
        importSpec = try c.decodeIfPresent(TraceImportSpec.self, forKey: .importSpec)
        guard importSpec == nil || file != nil else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "'import' needs 'file' (the recording)"))
        }
        guard (file == nil) != (spec == nil) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "give exactly one of 'file' or 'spec'"))
        }
        let path = file ?? spec!
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }
}

/// A limit on a scenario metric, optionally only for some traces / smoothers (by name / spec).
public struct Budget: Decodable, Sendable {
    public var metric: ScenarioMetric
    public var max: Double?
    public var min: Double?
    public var traces: [String]?
    public var smoothers: [String]?

    enum CodingKeys: String, CodingKey, CaseIterable { case metric, max, min, traces, smoothers }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        metric = try c.decode(ScenarioMetric.self, forKey: .metric)
        max = try c.decodeIfPresent(Double.self, forKey: .max)
        min = try c.decodeIfPresent(Double.self, forKey: .min)
        traces = try c.decodeIfPresent([String].self, forKey: .traces)
        smoothers = try c.decodeIfPresent([String].self, forKey: .smoothers)
        guard (max == nil) != (min == nil) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "give exactly one of 'max' or 'min'"))
        }
    }

    public func applies(to trace: String, smoother: String) -> Bool {
        (traces?.contains(trace) ?? true) && (smoothers?.contains(smoother) ?? true)
    }

    public var limitDescription: String { max.map { "≤ \(NumberText.format($0))" } ?? "≥ \(NumberText.format(min!))" }
}

/// The metrics a scenario reports and a budget can limit.
public enum ScenarioMetric: String, Decodable, CaseIterable, Sendable {
    /// Total lag (truth → smoothed velocity cross-correlation), ms.
    case lagMs = "lag_ms"
    /// Smoother lag alone (total − sensor), ms.
    case filterLagMs = "filter_lag_ms"
    /// RMS of (smoothed − truth) over stationary segments, mm (3D norm).
    case stationaryJitterMm = "stationary_jitter_mm"
    /// RMS frame-to-frame motion of the projected reference points while the true head is still, px.
    case visibleJitterPx = "visible_jitter_px"
    /// p95 of the on-screen error caused by tracking + smoothing (true eye at the same movement scale), px.
    case parallaxErrorP95Px = "parallax_error_p95_px"
    /// RMS of the same, px.
    case parallaxErrorRmsPx = "parallax_error_rms_px"
    /// p95 of the error caused by the exaggeration (movement scale ≠ 1) itself, px.
    case exaggerationP95Px = "exaggeration_p95_px"
    /// p95 of the modelled end-to-end latency at 60 Hz, ms.
    case latencyP95Ms = "latency_p95_ms"
    /// p95 of the swim caused by tracking + smoothing (angular velocity error at the true eye, `Swim`), °/s.
    case swimP95DegS = "swim_p95_deg_s"
    /// RMS of the same, °/s.
    case swimRmsDegS = "swim_rms_deg_s"
    /// Median lag (truth → smoothed) in the first 100 ms after each movement onset (`OnsetLag`), ms.
    case lagOnsetMs = "lag_onset_ms"
    /// Median lag from 100 ms after each onset to the movement's end, ms.
    case lagSteadyMs = "lag_steady_ms"

    public var unit: String {
        switch self {
        case .lagMs, .filterLagMs, .latencyP95Ms: return "ms"
        case .stationaryJitterMm: return "mm"
        case .lagOnsetMs, .lagSteadyMs: return "ms"
        case .swimP95DegS, .swimRmsDegS: return "°/s"
        default: return "px"
        }
    }
}

/// Tolerances of the numeric golden (metrics and matrices of every scenario and frame).
public struct NumberTolerance: Decodable, Sendable {
    /// Golden name under the goldens directory (a JSON file).
    public var golden: String
    public var absolute: Double
    public var relative: Double

    enum CodingKeys: String, CodingKey, CaseIterable { case golden, absolute, relative }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        golden = try c.decode(String.self, forKey: .golden)
        absolute = try c.decodeIfPresent(Double.self, forKey: .absolute) ?? 1e-9
        relative = try c.decodeIfPresent(Double.self, forKey: .relative) ?? 1e-6
    }
}

/// A reference frame to render and compare with its golden PNG.
public struct FrameSpec: Decodable, Sendable {
    public var name: String
    public var scene: SceneSpec
    public var screen: String
    /// Explicit head positions (m), or `trace` + `at` (seconds) to sample a trace (through `smoother`).
    public var heads: [Vec3]
    public var trace: String?
    public var at: [Double]
    public var smoother: String?
    public var movementScale: Double
    /// Fraction of the screen's pixel size to render at (1 = device resolution).
    public var scale: Double
    public var samples: Int
    public var tolerance: Tolerance?
    /// The name of a frame rendered earlier in the suite to compare this one with (same size): the report
    /// shows their difference as `versus_*` metrics (e.g. the app's splat view against the reference frame).
    public var versus: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, scene, screen, head, heads, trace, at, smoother, scale, samples, tolerance, versus
        case movementScale = "movement_scale"
    }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        scene = try c.decode(SceneSpec.self, forKey: .scene)
        screen = try c.decodeIfPresent(String.self, forKey: .screen) ?? "iphone-15-pro"
        var heads = try c.decodeIfPresent([Vec3].self, forKey: .heads) ?? []
        if let head = try c.decodeIfPresent(Vec3.self, forKey: .head) { heads.insert(head, at: 0) }
        self.heads = heads
        trace = try c.decodeIfPresent(String.self, forKey: .trace)
        at = try c.decodeIfPresent([Double].self, forKey: .at) ?? []
        smoother = try c.decodeIfPresent(String.self, forKey: .smoother)
        movementScale = try c.decodeIfPresent(Double.self, forKey: .movementScale) ?? AppDefaults.movementScale
        scale = try c.decodeIfPresent(Double.self, forKey: .scale) ?? 1
        samples = try c.decodeIfPresent(Int.self, forKey: .samples) ?? 1
        versus = try c.decodeIfPresent(String.self, forKey: .versus)
        // A spec string (`max-channel-diff=2,min-ssim=0.98`) or a mapping of the same keys.
        if let text = try? c.decodeIfPresent(String.self, forKey: .tolerance) {
            do { tolerance = try Tolerance(parsing: text) } catch {
                throw DecodingError.dataCorruptedError(forKey: .tolerance, in: c, debugDescription: "\(error)")
            }
        } else {
            tolerance = try c.decodeIfPresent(Tolerance.self, forKey: .tolerance)
        }
        guard heads.isEmpty != (trace == nil) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "give 'head'/'heads' or 'trace' with 'at', not both and not neither"))
        }
        guard trace == nil || !at.isEmpty else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath + [CodingKeys.at], debugDescription: "a frame sampled from a trace needs 'at': [seconds, …]"))
        }
        guard scale > 0 && scale <= 1 else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath + [CodingKeys.scale], debugDescription: "expected a fraction in (0, 1], found \(scale)"))
        }
        guard [1, 2, 4].contains(samples) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath + [CodingKeys.samples], debugDescription: "expected 1, 2 or 4, found \(samples)"))
        }
    }
}

/// What a frame shows: the cube room `{cube: screen|app-cube|app-portrait|"W,H,D", textures: {back: photo.png}}`
/// or a Gaussian-splat scene `{splat: scene.ply, mode: inria|metalsplatter, view: translate|splat, flip_y: true,
/// fit: true, scale: 1}` (placement as `parallax render splat`). Values are decoded into their types here, so a
/// bad one is reported at its line.
public struct SceneSpec: Decodable, Sendable {
    public var cube: RoomPreset?
    public var textures: [CubeRoom.Face: String]
    public var splat: String?
    public var mode: SplatMode
    public var view: OffAxisProjection.ViewPreset
    public var flipY: Bool
    public var fit: Bool
    public var scale: Double
    /// Cube only: `reference` (unlit opaque room) or `app` (the app's SceneKit look), with optional
    /// `app_look` parameter overrides ("key=value,…", as `--app-look`).
    public var look: CubeLook
    public var appLook: AppLookParameters

    enum CodingKeys: String, CodingKey, CaseIterable {
        case cube, textures, splat, mode, view, fit, scale, look
        case flipY = "flip_y"
        case appLook = "app_look"
    }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        cube = try c.decodeIfPresent(String.self, forKey: .cube).map { text in
            do { return try RoomPreset(parsing: text) } catch {
                throw DecodingError.dataCorruptedError(forKey: .cube, in: c, debugDescription: "\(error)")
            }
        }
        var textures: [CubeRoom.Face: String] = [:]
        for (name, path) in try c.decodeIfPresent([String: String].self, forKey: .textures) ?? [:] {
            guard let face = CubeRoom.Face(rawValue: name) else {
                throw DecodingError.dataCorruptedError(forKey: .textures, in: c, debugDescription:
                    "unknown face '\(name)'; expected \(CubeRoom.Face.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            textures[face] = path
        }
        self.textures = textures
        splat = try c.decodeIfPresent(String.self, forKey: .splat)
        mode = try c.decodeEnumIfPresent(SplatMode.self, forKey: .mode) ?? .inria
        view = try c.decodeEnumIfPresent(OffAxisProjection.ViewPreset.self, forKey: .view) ?? .translate
        flipY = try c.decodeIfPresent(Bool.self, forKey: .flipY) ?? false
        fit = try c.decodeIfPresent(Bool.self, forKey: .fit) ?? true
        scale = try c.decodeIfPresent(Double.self, forKey: .scale) ?? 1
        look = try c.decodeEnumIfPresent(CubeLook.self, forKey: .look) ?? .reference
        guard look == .reference || splat == nil else {
            throw DecodingError.dataCorruptedError(forKey: .look, in: c, debugDescription: "expected reference or app (app only for a cube), found '\(look.rawValue)'")
        }
        let appLookText = try c.decodeIfPresent(String.self, forKey: .appLook)
        guard appLookText == nil || look == .app else {
            throw DecodingError.dataCorruptedError(forKey: .appLook, in: c, debugDescription: "app_look applies to look: app only")
        }
        do { appLook = try AppLookParameters.parse(appLookText ?? "") } catch {
            throw DecodingError.dataCorruptedError(forKey: .appLook, in: c, debugDescription: "\(error)")
        }
        guard (cube == nil) != (splat == nil) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "give exactly one of 'cube' or 'splat'"))
        }
    }

    public var description: String {
        if let splat { return "splat \(splat) (\(mode.rawValue), view \(view.rawValue)\(flipY ? ", flip-y" : ""))" }
        let textureNames = textures.keys.map(\.rawValue).sorted()
        let lookSuffix = look == .app ? ", look app" : ""
        return textureNames.isEmpty ? "cube \(cube!)\(lookSuffix)" : "cube \(cube!) (textures: \(textureNames.joined(separator: ", ")))\(lookSuffix)"
    }

    /// The scene to render, with file paths resolved by `resolve` (relative to the suite file).
    func source(samples: Int, resolve: (String) -> String) -> SceneSource {
        if let splat {
            let placement = ScenePlacement(fit: fit, scale: scale, flipY: flipY)
            return .splat(SceneSource.SplatSettings(path: resolve(splat), mode: mode, placement: placement))
        }
        return .cube(SceneSource.CubeSettings(room: cube!, textures: textures.mapValues(resolve), samples: samples, look: look, appLook: appLook))
    }
}

extension KeyedDecodingContainer {
    /// A string-valued enum; an unknown value is an error listing the valid ones.
    func decodeEnumIfPresent<T: RawRepresentable & CaseIterable>(_ type: T.Type, forKey key: Key) throws -> T? where T.RawValue == String {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let value = T(rawValue: text) else {
            let names = T.allCases.map(\.rawValue)
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription:
                "expected \(names.dropLast().joined(separator: ", ")) or \(names.last!), found '\(text)'")
        }
        return value
    }
}
