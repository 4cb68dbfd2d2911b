import Foundation
import Reporting
import Geometry
import Golden
import Projection
import Rendering
import Scenes
import Splatting
import Tracking
import Tuning
import Vocabulary

/// A tuning sweep run with the suite (its sections join the report; tune.json is written beside it):
/// `{smoother: "ema:alpha=0.05...0.95/0.05", movement_scale: "0.5...3.0/0.25", screen: iphone-15-pro}`.
/// Its values are parsed as the suite is read; their errors name their field under `tune` (`tune.smoother.ema.alpha`).
package struct TuneSpec: Decodable, Sendable {
    package var smoother: SweepSpec
    package var movementScale: ParameterRange
    package var screen: Parsed<ScreenModel>
    /// Suite trace names to tune on (default: all).
    package var traces: [String]?
    /// nil: `TuneContext.defaultObjective`.
    package var objective: TuneObjective?
    /// nil: `TuneContext.defaultConstraints`.
    package var constraints: [TuneConstraint]?
    /// Seeds per synthesized trace (`tune --seeds`); default 1.
    package var seeds: Int?
    /// Suite trace names kept out of the search (`tune --holdout`), and the warning margin.
    package var holdout: [String]?
    package var holdoutMargin: Double?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case smoother, screen, traces, objective, constraints, seeds, holdout
        case movementScale = "movement_scale"
        case holdoutMargin = "holdout_margin"
    }

    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        // Each parser names its own field (`smoother`, `movement_scale`, `screen`, …), so its error goes under `tune`.
        smoother = try c.decode(.smoother, parsedBy: SweepSpec.init(parsing:))
        let scales = { (text: String) in try ParameterRange(text, name: "movement_scale") }
        movementScale = try c.decodeIfPresent(.movementScale, parsedBy: scales) ?? scales("\(AppDefaults.movementScale)")
        screen = try c.decodeIfPresent(.screen, parsedBy: Parsed<ScreenModel>.init(parsing:)) ?? .appDefault
        traces = try c.decodeIfPresent([String].self, forKey: .traces)
        objective = try c.decodeIfPresent(.objective, parsedBy: TuneObjective.init)
        constraints = try c.decodeIfPresent(.constraints) { (texts: [String]) in try texts.map(TuneConstraint.init) }
        seeds = try c.decodeIfPresent(Int.self, forKey: .seeds)
        holdout = try c.decodeIfPresent([String].self, forKey: .holdout)
        holdoutMargin = try c.decodeIfPresent(Double.self, forKey: .holdoutMargin)
    }
}
