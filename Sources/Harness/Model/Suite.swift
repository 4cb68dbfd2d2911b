import Foundation
import Reporting
import Geometry
import Golden
import Projection
import Rendering
import Scenes
import Smoothing
import Splatting
import Tracking
import Vocabulary

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
/// app: {source: ../MyApp}          # optional: the app's own code is "the app" (scenarios `app`, headline, audit)
/// frames:
///   - {name: cube/center, scene: {cube: screen}, head: [0, 0, 0.35], scale: 0.25}
/// ```
package struct Suite: Decodable, Sendable {
    package var name: String
    package var output: String
    package var goldens: String
    package var traces: [TraceSource]
    /// Parsed where the suite is decoded; reports and shard units name them as written.
    package var smoothers: [Parsed<SmootherSpec>]
    package var screens: [Parsed<ScreenModel>]
    package var movementScales: [Double]
    package var budgets: [Budget]
    package var numbers: NumbersSpec?
    package var frames: [FrameSpec]
    package var tune: TuneSpec?
    /// Noise bands for `--baseline`, by metric name, replacing the descriptors' default bands (`MetricDescriptor.noiseBand`):
    /// `baseline_bands: {lag_ms: {relative: 0.2, absolute: 2}}`.
    package var baselineBands: [String: NoiseBand]
    package var audit: AuditSpec?
    /// The app under test as its own code (`app: {source: DIR}`); nil: the app is the model.
    package var app: AppSpec?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, output, goldens, traces, smoothers, screens, budgets, numbers, frames, tune
        case audit, app
        case movementScales = "movement_scales"
        case baselineBands = "baseline_bands"
    }

    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? "suite"
        output = try c.decodeIfPresent(String.self, forKey: .output) ?? "Reports/latest"
        goldens = try c.decodeIfPresent(String.self, forKey: .goldens) ?? "Tests/Goldens"
        traces = try c.decodeIfPresent([TraceSource].self, forKey: .traces) ?? []
        smoothers = try c.decodeIfPresent([Parsed<SmootherSpec>].self, forKey: .smoothers) ?? [.app]
        screens = try c.decodeIfPresent([Parsed<ScreenModel>].self, forKey: .screens) ?? [.appDefault]
        movementScales = try c.decodeIfPresent([Double].self, forKey: .movementScales) ?? [AppDefaults.movementScale]
        budgets = try c.decodeIfPresent([Budget].self, forKey: .budgets) ?? []
        numbers = try c.decodeIfPresent(NumbersSpec.self, forKey: .numbers)
        frames = try c.decodeIfPresent([FrameSpec].self, forKey: .frames) ?? []
        tune = try c.decodeIfPresent(TuneSpec.self, forKey: .tune)
        baselineBands = try c.decodeIfPresent([String: NoiseBand].self, forKey: .baselineBands) ?? [:]
        for (metric, band) in baselineBands where !(band.relative >= 0 && band.relative.isFinite && band.absolute >= 0 && band.absolute.isFinite) {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath + [CodingKeys.baselineBands],
                                                                    debugDescription: "baseline_bands.\(metric): expected relative and absolute ≥ 0"))
        }
        audit = try c.decodeIfPresent(AuditSpec.self, forKey: .audit)
        app = try c.decodeIfPresent(AppSpec.self, forKey: .app)
    }
}
