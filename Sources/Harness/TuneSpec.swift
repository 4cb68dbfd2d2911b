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
import Vocabulary

/// A tuning sweep run with the suite (its sections join the report; tune.json is written beside it):
/// `{smoother: "ema:alpha=0.05...0.95/0.05", movement_scale: "0.5...3.0/0.25", screen: iphone-15-pro}`.
package struct TuneSpec: Decodable, Sendable {
    package var smoother: String
    package var movementScale: String
    package var screen: String
    /// Suite trace names to tune on (default: all).
    package var traces: [String]?
    package var objective: String?
    package var constraints: [String]?
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
        smoother = try c.decode(String.self, forKey: .smoother)
        movementScale = try c.decodeIfPresent(String.self, forKey: .movementScale) ?? "1.5"
        screen = try c.decodeIfPresent(String.self, forKey: .screen) ?? AppDefaults.screen
        traces = try c.decodeIfPresent([String].self, forKey: .traces)
        objective = try c.decodeIfPresent(String.self, forKey: .objective)
        constraints = try c.decodeIfPresent([String].self, forKey: .constraints)
        seeds = try c.decodeIfPresent(Int.self, forKey: .seeds)
        holdout = try c.decodeIfPresent([String].self, forKey: .holdout)
        holdoutMargin = try c.decodeIfPresent(Double.self, forKey: .holdoutMargin)
    }
}
