import Testing
import Vocabulary

/// The metric vocabulary: names unique, lookups by name and alias, directions and bands as the reports need them.
struct MetricCatalogTests {
    @Test func namesAndAliasesAreUniqueInEveryCatalog() {
        for catalog in [MetricCatalog.scenario, .frame, .run, .report] {
            let names = catalog.metrics.flatMap { [$0.name] + $0.aliases }
            #expect(Set(names).count == names.count, "\(names)")
        }
    }

    @Test func everyReportMetricIsFoundByItsName() {
        for metric in MetricCatalog.report.metrics {
            #expect(MetricCatalog.report.descriptor(named: metric.name) == metric)
            #expect(!metric.meaning.isEmpty && !metric.meaning.contains("\n"), "\(metric): one line")
        }
        #expect(MetricCatalog.report.descriptor(named: "speed") == nil)
    }

    @Test func aliasesResolveToTheirMetricAndNamesWin() {
        let renamed = MetricDescriptor("new_ms", unit: .milliseconds, meaning: "renamed", aliases: ["old_ms"])
        let other = MetricDescriptor("old_ms_total", unit: .milliseconds, meaning: "other")
        let catalog = MetricCatalog([renamed, other])
        #expect(catalog.descriptor(named: "old_ms") == renamed)
        #expect(catalog.descriptor(named: "new_ms") == renamed)
        #expect(catalog.descriptor(named: "old_ms_total") == other)
        #expect(catalog.descriptor(named: "versus_old_ms") == renamed.versus)
        #expect(renamed.isNamed("old_ms") && renamed.isNamed("new_ms") && !renamed.isNamed("x"))
    }

    @Test func ssimPSNRAndEffectStrengthAreHigherIsBetterEverythingElseLower() {
        let higher: Set = ["ssim_mean", "ssim_min", "psnr_db", "effect_gain_px_per_cm"]
        for metric in MetricCatalog.report.metrics {
            #expect(metric.direction == (higher.contains(metric.name) ? .higherIsBetter : .lowerIsBetter), "\(metric)")
        }
        #expect(MetricDescriptor.ssimMean.direction == .higherIsBetter && MetricDescriptor.psnrDb.direction == .higherIsBetter)
    }

    @Test func versusMetricsFollowTheirBase() throws {
        for metric in MetricCatalog.frame.metrics {
            let versus = try #require(MetricCatalog.report.descriptor(named: "versus_" + metric.name))
            #expect(versus.name == "versus_" + metric.name)
            #expect(versus.direction == metric.direction && versus.noiseBand == metric.noiseBand && versus.unit == metric.unit)
            #expect(MetricDirection(metric: versus.name) == metric.direction)
            #expect(NoiseBand.band(for: versus.name) == metric.noiseBand)
        }
    }

    /// Every metric a scenario or frame reports has a measured band (the fallback is for names no catalog knows).
    @Test func everyReportedMetricHasItsOwnBand() {
        for metric in MetricCatalog.scenario.metrics + MetricCatalog.frame.metrics {
            #expect(metric.noiseBand != NoiseBand.fallback, "\(metric)")
            #expect(NoiseBand.band(for: metric.name) == metric.noiseBand)
        }
        #expect(NoiseBand.band(for: "not_a_metric") == NoiseBand.fallback)
        let override = NoiseBand(relative: 0.5, absolute: 2)
        #expect(NoiseBand.band(for: "lag_ms", overrides: ["lag_ms": override]) == override)
    }

    /// The units budgets print (report.json's `unit`), the trend charts and the smoother comparison's columns.
    @Test func scenarioMetricsKeepTheirUnitsAndPlaces() {
        let units = Dictionary(uniqueKeysWithValues: MetricCatalog.scenario.metrics.map { ($0.name, $0.unit.symbol) })
        #expect(units == ["lag_ms": "ms", "filter_lag_ms": "ms", "lag_onset_ms": "ms", "lag_steady_ms": "ms", "latency_p95_ms": "ms",
                          "stationary_jitter_mm": "mm", "visible_jitter_px": "px", "parallax_error_p95_px": "px",
                          "parallax_error_rms_px": "px", "exaggeration_p95_px": "px", "swim_p95_deg_s": "°/s", "swim_rms_deg_s": "°/s",
                          "visible_jitter_mm": "mm", "parallax_error_p95_arcmin": "arcmin", "effect_gain_px_per_cm": "px/cm"])
        let trends = (MetricCatalog.scenario.metrics + MetricCatalog.run.metrics).filter(\.trends).map(\.name)
        #expect(trends == ["lag_ms", "stationary_jitter_mm", "visible_jitter_px", "parallax_error_p95_px", "swim_p95_deg_s",
                           "frames_failed", "budgets_failed"])
        #expect(MetricCatalog.scenario.metrics.filter(\.comparesSmoothers).map(\.name) == [
            "lag_ms", "filter_lag_ms", "stationary_jitter_mm", "visible_jitter_px", "parallax_error_p95_px", "exaggeration_p95_px",
            "swim_p95_deg_s", "latency_p95_ms"])
    }

    @Test func metricValuesAreReadAndWrittenByDescriptor() {
        var values: [String: Double] = [:]
        values[metric: .lagMs] = 12
        #expect(values == ["lag_ms": 12] && values[metric: .lagMs] == 12 && values[metric: .filterLagMs] == nil)
    }
}
