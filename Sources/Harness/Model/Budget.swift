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

/// A limit on a scenario metric, optionally only for some traces / smoothers (by name / spec, as scenarios carry it).
package struct Budget: Decodable, Sendable {
    /// One of `MetricCatalog.scenario` (by name or alias).
    package var metric: MetricDescriptor
    package var max: Double?
    package var min: Double?
    package var traces: [String]?
    package var smoothers: [SmootherSpec]?

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
        smoothers = try c.decodeIfPresent([SmootherSpec].self, forKey: .smoothers)
        guard (max == nil) != (min == nil) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "give exactly one of 'max' or 'min'"))
        }
    }

    /// `smoother` is the scenario's canonical spec (`SmootherSpec.description`), however either was written.
    package func applies(to trace: String, smoother: String) -> Bool {
        (traces?.contains(trace) ?? true) && (smoothers?.contains { $0.description == smoother } ?? true)
    }

    package var limitDescription: String { max.map { "≤ \(NumberText.format($0))" } ?? "≥ \(NumberText.format(min!))" }
}
