
/// Every metric under its descriptor's key; absent (not null) when not computable, as before.
extension TuneMetrics {
    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: TuneMetricKey.self)
        self.init(rampLagMs: try c.decodeIfPresent(.rampLagMs), jitterMm: try c.decodeIfPresent(.jitterMm),
                  visibleJitterPx: try c.decodeIfPresent(.visibleJitterPx), visibleJitterMm: try c.decodeIfPresent(.visibleJitterMm),
                  trackingPx: try c.decode(.trackingPx), trackingMm: try c.decode(.trackingMm),
                  exaggerationPx: try c.decode(.exaggerationPx), exaggerationMm: try c.decode(.exaggerationMm),
                  totalPx: try c.decode(.totalPx), totalMm: try c.decode(.totalMm), gainPxPerCm: try c.decode(.gainPxPerCm),
                  swimTrackingDegS: try c.decodeIfPresent(.swimTrackingDegS),
                  swimExaggerationDegS: try c.decodeIfPresent(.swimExaggerationDegS), swimTotalDegS: try c.decodeIfPresent(.swimTotalDegS))
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: TuneMetricKey.self)
        for metric in TuneMetric.allCases { try c.encodeIfPresent(self[metric], for: metric.descriptor) }
    }
}

/// The grid point's own fields, and its two scale-free metrics under their descriptors' keys.
extension ConfigurationResult {
    enum CodingKeys: String, CodingKey { case index, smoother, values, errors }

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let metrics = try decoder.container(keyedBy: TuneMetricKey.self)
        self.init(index: try c.decode(Int.self, forKey: .index), smoother: try c.decode(String.self, forKey: .smoother),
                  values: try c.decode([Double].self, forKey: .values), rampLagMs: try metrics.decodeIfPresent(.rampLagMs),
                  jitterMm: try metrics.decodeIfPresent(.jitterMm), errors: try c.decode([ScaleErrors].self, forKey: .errors))
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(index, forKey: .index)
        try c.encode(smoother, forKey: .smoother)
        try c.encode(values, forKey: .values)
        try c.encode(errors, forKey: .errors)
        var metrics = encoder.container(keyedBy: TuneMetricKey.self)
        try metrics.encodeIfPresent(rampLagMs, for: .rampLagMs)
        try metrics.encodeIfPresent(jitterMm, for: .jitterMm)
    }
}
