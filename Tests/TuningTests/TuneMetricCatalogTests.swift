import Foundation
import Testing
@testable import Tuning
import Vocabulary

/// The tuner's metrics as descriptors, and the ramp-lag rename: `ramp_lag_ms` everywhere in output, `lag_ms`
/// (its name before) still accepted in objectives, constraints and tune.json.
struct TuneMetricCatalogTests {
    @Test func everyTuneMetricHasItsOwnDescriptor() {
        let names = MetricCatalog.tune.metrics.flatMap { [$0.name] + $0.aliases }
        #expect(Set(names).count == names.count, "\(names)")
        for metric in TuneMetric.allCases {
            #expect(TuneMetric(rawValue: metric.rawValue) == metric && metric.rawValue == metric.descriptor.name)
        }
        #expect(MetricDescriptor.gainPxPerCm.direction == .higherIsBetter)
    }

    /// The suite's lag_ms (cross-correlation) and the tuner's ramp lag are two metrics.
    @Test func theRampLagIsNotTheSuitesLag() {
        #expect(TuneMetric.rampLagMs.rawValue == "ramp_lag_ms")
        #expect(MetricDescriptor.rampLagMs != MetricDescriptor.lagMs)
        #expect(MetricCatalog.scenario.descriptor(named: "lag_ms") == .lagMs)
        #expect(MetricCatalog.tune.descriptor(named: "lag_ms") == .rampLagMs)
        #expect(TuneContext.defaultConstraints == ["ramp_lag_ms<=50", "gain_px_per_cm>=app"])
    }

    @Test func theOldNameParsesAndPrintsAsTheNewOne() throws {
        let constraint = try TuneConstraint("lag_ms <= 50")
        #expect(constraint.metric == .rampLagMs && constraint.bound == 50 && constraint.description == "ramp_lag_ms<=50")
        #expect(try TuneConstraint("gain_px_per_cm>=app").description == "gain_px_per_cm>=app")
        let objective = try TuneObjective("visible_jitter_px+0.01*lag_ms")
        #expect(objective.terms.map(\.metric) == [.visibleJitterPx, .rampLagMs])
        #expect(objective.description == "visible_jitter_px+0.01*ramp_lag_ms")
        #expect(try TuneObjective("lag_ms") == TuneObjective("ramp_lag_ms"))
    }

    /// A tune.json written before the rename (`lag_ms` keys, objective and constraints) decodes to the same
    /// result; written again it says `ramp_lag_ms` and never `lag_ms`.
    @Test func oldTuneJSONDecodes() throws {
        let context = try TuneContext(smoother: "ema:alpha=0.2...0.4/0.1", movementScale: "1.5", screen: "iphone-15-pro",
                                      traces: [("ramps", TuneFixtures.rampTrace())], objective: "jitter_mm+0.001*ramp_lag_ms",
                                      constraints: ["ramp_lag_ms<=200"])
        let result = try Tuner.run(context)
        let json = String(decoding: try result.jsonData(), as: UTF8.self)
        #expect(json.contains("\"ramp_lag_ms\"") && !json.contains("\"lag_ms\""))
        let old = json.replacingOccurrences(of: "\"ramp_lag_ms\"", with: "\"lag_ms\"")
            .replacingOccurrences(of: "\"ramp_lag_ms<=200\"", with: "\"lag_ms<=200\"")
            .replacingOccurrences(of: "\"jitter_mm+0.001*ramp_lag_ms\"", with: "\"jitter_mm+0.001*lag_ms\"")
        #expect(old.contains("\"lag_ms<=200\"") && old.contains("*lag_ms\""))
        let decoded = try TuneResult.decode(Data(old.utf8), name: "old.json")
        #expect(decoded == result)
        #expect(try decoded.jsonData() == result.jsonData())
        #expect(decoded.configurations.allSatisfy { $0.rampLagMs != nil } && decoded.appDefault.metrics.rampLagMs != nil)
    }

    @Test func aMissingRequiredMetricIsAnErrorNamingIt() {
        let json = #"{"ramp_lag_ms": 1, "tracking_mm": 1, "exaggeration_px": 1, "exaggeration_mm": 1, "total_px": 1, "total_mm": 1, "gain_px_per_cm": 1}"#
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect { try decoder.decode(TuneMetrics.self, from: Data(json.utf8)) } throws: { "\($0)".contains("tracking_px") }
    }
}
