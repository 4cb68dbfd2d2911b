import Testing
@testable import Reporting

@Suite struct BaselineComparisonTests {
    let band = NoiseBand(relative: 0.1, absolute: 1)

    @Test func statesAtTheEdgesOfTheBand() {
        // Band around 40: max(0.1 × 40, 1) = 4.
        #expect(BaselineComparison.state(before: 40, now: 44, band: band, direction: .lowerIsBetter) == .same)
        #expect(BaselineComparison.state(before: 40, now: 44.01, band: band, direction: .lowerIsBetter) == .worse)
        #expect(BaselineComparison.state(before: 40, now: 35.99, band: band, direction: .lowerIsBetter) == .better)
        #expect(BaselineComparison.state(before: 40, now: 35.99, band: band, direction: .higherIsBetter) == .worse)
        // Around 2 the absolute floor (1) rules: 2.9 is the same, 3.1 worse.
        #expect(BaselineComparison.state(before: 2, now: 2.9, band: band, direction: .lowerIsBetter) == .same)
        #expect(BaselineComparison.state(before: 2, now: 3.1, band: band, direction: .lowerIsBetter) == .worse)
        #expect(BaselineComparison.state(before: nil, now: 3, band: band, direction: .lowerIsBetter) == .new)
        #expect(BaselineComparison.state(before: 3, now: nil, band: band, direction: .lowerIsBetter) == .gone)
    }

    @Test func directionsFollowTheMetric() {
        #expect(MetricDirection(metric: "ssim_min") == .higherIsBetter)
        #expect(MetricDirection(metric: "psnr_db") == .higherIsBetter)
        #expect(MetricDirection(metric: "versus_ssim_mean") == .higherIsBetter)
        #expect(MetricDirection(metric: "lag_ms") == .lowerIsBetter)
        #expect(MetricDirection(metric: "versus_max_channel_diff") == .lowerIsBetter)
        #expect(NoiseBand.band(for: "versus_ssim_mean") == MetricDescriptor.ssimMean.noiseBand)
        #expect(NoiseBand.band(for: "lag_ms", overrides: ["lag_ms": band]) == band)
    }

    @Test func everyScenarioAndFrameMetricIsCompared() {
        var old = ReportFixture.report()
        var new = ReportFixture.report()
        old.frames[0].metrics = ["max_channel_diff": 9, "ssim_mean": 0.9]
        new.frames[0].metrics = ["max_channel_diff": 3, "psnr_db": 40]
        let deltas = BaselineComparison.compare(new, with: old)
        let states = Dictionary(uniqueKeysWithValues: deltas.map { ($0.key, $0.state) })
        #expect(states == ["frame cube/f0 / max_channel_diff": .better, "frame cube/f0 / psnr_db": .new, "frame cube/f0 / ssim_mean": .gone])
    }

    @Test func setupDifferencesAreNamed() {
        let a = RunSetup(traces: ["sway": "01"], smoothers: ["ema:alpha=0.25"], screens: ["iphone-15-pro"], movementScales: [1.5])
        var b = a
        #expect(a.differences(from: b).isEmpty)
        b.traces["sway"] = "02"
        b.movementScales = [1]
        #expect(a.differences(from: b) == ["trace 'sway' has other samples than in the baseline", "movement scales [1.5] ≠ baseline [1.0]"])
        // FNV-1a 64 of "a" (published test vector).
        #expect(RunSetup.fingerprint(Array("a".utf8)) == "af63dc4c8601ec8c")
        #expect(RunSetup.fingerprint([]) == "cbf29ce484222325")
    }

    @Test func firstSchemaDeltasStillDecode() throws {
        let json = #"{"key": "s / lag_ms", "baseline": 1, "current": 2, "worse": true}"#
        let delta = try JSONDecoder().decode(BaselineDelta.self, from: Data(json.utf8))
        #expect(delta.state == .worse && delta.metric == "lag_ms")
    }
}
import Foundation
import Vocabulary
