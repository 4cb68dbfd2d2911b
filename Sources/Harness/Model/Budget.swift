import Foundation
import Plumbing
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

/// A limit on a scenario metric, optionally only for some traces / smoothers (by name / spec, as scenarios carry it;
/// `app`: the scenarios of the app under test).
package struct Budget: Decodable, Sendable {
    /// An entry of a budget's `smoothers:`: a smoother spec, or `app` — the scenarios that measure the suite's app
    /// (its code's with `app: {source:}`, else its model smoother's).
    package enum Scope: Decodable, Sendable, Equatable {
        case app
        case smoother(SmootherSpec)

        /// As a budget's `smoothers:` and a scenario name it.
        package static let appName = "app"

        package init(from decoder: Decoder) throws {
            if (try? decoder.singleValueContainer().decode(String.self)) == Self.appName {
                self = .app
            } else {
                self = .smoother(try SmootherSpec(from: decoder))
            }
        }
    }

    /// One of `MetricCatalog.scenario` (by name or alias).
    package var metric: MetricDescriptor
    package var max: Double?
    package var min: Double?
    package var traces: [String]?
    package var smoothers: [Scope]?

    enum CodingKeys: String, CodingKey, CaseIterable { case metric, max, min, traces, smoothers }

    package init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let name = try c.decode(String.self, forKey: .metric)
        guard let metric = MetricCatalog.scenario.descriptor(named: name) else {
            throw DecodingError.dataCorruptedError(forKey: .metric, in: c, debugDescription:
                "expected \(MetricCatalog.scenario.namesList), found '\(name)'")
        }
        self.metric = metric
        max = try c.decodeIfPresent(Double.self, forKey: .max)
        min = try c.decodeIfPresent(Double.self, forKey: .min)
        traces = try c.decodeIfPresent([String].self, forKey: .traces)
        smoothers = try c.decodeIfPresent([Scope].self, forKey: .smoothers)
        guard (max == nil) != (min == nil) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "give exactly one of 'max' or 'min'"))
        }
    }

    /// `smoother` is the scenario's canonical spec (`SmootherSpec.description`), however either was written;
    /// `appSmoother`, the one of the app's scenarios (nil: the suite does not measure the app).
    package func applies(to trace: String, smoother: String, appSmoother: String? = nil) -> Bool {
        (traces?.contains(trace) ?? true) && (smoothers?.contains { scope in
            switch scope {
            case .app: return appSmoother == smoother
            case .smoother(let spec): return spec.description == smoother
            }
        } ?? true)
    }

    package var limitDescription: String { max.map { "≤ \(NumberText.format($0))" } ?? "≥ \(NumberText.format(min!))" }
}
