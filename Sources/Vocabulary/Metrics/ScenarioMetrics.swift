/// The metrics of a suite scenario (trace × smoother × screen × movement scale), which budgets limit.
/// Noise bands: about twice the median run-to-run spread (standard deviation over synthesis seeds 1–8 relative
/// to the mean, `Benchmarks/noise-bands/measure.sh`; README "The CI loop").
extension MetricDescriptor {
    public static let lagMs = MetricDescriptor(
        "lag_ms", unit: .milliseconds, noiseBand: NoiseBand(relative: 0.15, absolute: 1.0), trends: true, comparesSmoothers: true,
        meaning: "total lag: cross-correlation of truth and smoothed velocity")
    public static let filterLagMs = MetricDescriptor(
        "filter_lag_ms", unit: .milliseconds, noiseBand: NoiseBand(relative: 0.07, absolute: 1.0), comparesSmoothers: true,
        meaning: "the smoother's lag alone (total − sensor)")
    public static let lagOnsetMs = MetricDescriptor(
        "lag_onset_ms", unit: .milliseconds, noiseBand: NoiseBand(relative: 0.2, absolute: 1.0),
        meaning: "median lag (truth → smoothed) in the first 100 ms after each movement onset (OnsetLag)")
    public static let lagSteadyMs = MetricDescriptor(
        "lag_steady_ms", unit: .milliseconds, noiseBand: NoiseBand(relative: 0.08, absolute: 1.0),
        meaning: "median lag from 100 ms after each onset to the movement's end")
    public static let stationaryJitterMm = MetricDescriptor(
        "stationary_jitter_mm", unit: .millimeters, noiseBand: NoiseBand(relative: 0.12, absolute: 0.01), trends: true, comparesSmoothers: true,
        meaning: "RMS of smoothed − truth over stationary segments (3D norm)")
    public static let visibleJitterPx = MetricDescriptor(
        "visible_jitter_px", unit: .pixels, noiseBand: NoiseBand(relative: 0.3, absolute: 0.01), trends: true, comparesSmoothers: true,
        meaning: "RMS frame-to-frame motion of the projected reference points while the true head is still")
    public static let parallaxErrorP95Px = MetricDescriptor(
        "parallax_error_p95_px", unit: .pixels, noiseBand: NoiseBand(relative: 0.05, absolute: 0.05), trends: true, comparesSmoothers: true,
        meaning: "p95 of the on-screen error caused by tracking + smoothing (true eye at the same movement scale)")
    public static let parallaxErrorRmsPx = MetricDescriptor(
        "parallax_error_rms_px", unit: .pixels, noiseBand: NoiseBand(relative: 0.15, absolute: 0.05),
        meaning: "RMS of the on-screen error caused by tracking + smoothing")
    public static let exaggerationP95Px = MetricDescriptor(
        "exaggeration_p95_px", unit: .pixels, noiseBand: NoiseBand(relative: 0.05, absolute: 0.05), comparesSmoothers: true,
        meaning: "p95 of the error caused by the exaggeration (movement scale ≠ 1) itself")
    public static let swimP95DegS = MetricDescriptor(
        "swim_p95_deg_s", unit: .degreesPerSecond, noiseBand: NoiseBand(relative: 0.05, absolute: 0.05), trends: true, comparesSmoothers: true,
        meaning: "p95 of the swim caused by tracking + smoothing (angular velocity error at the true eye, Swim)")
    public static let swimRmsDegS = MetricDescriptor(
        "swim_rms_deg_s", unit: .degreesPerSecond, noiseBand: NoiseBand(relative: 0.3, absolute: 0.05),
        meaning: "RMS of the swim caused by tracking + smoothing")
    public static let latencyP95Ms = MetricDescriptor(
        "latency_p95_ms", unit: .milliseconds, noiseBand: NoiseBand(relative: 0.02, absolute: 0.5), comparesSmoothers: true,
        meaning: "p95 of the modelled end-to-end latency at 60 Hz")
}

extension MetricCatalog {
    /// Scenario metrics in the order the report's tables show them.
    public static let scenario = MetricCatalog([
        .lagMs, .filterLagMs, .lagOnsetMs, .lagSteadyMs, .stationaryJitterMm, .visibleJitterPx, .parallaxErrorP95Px,
        .parallaxErrorRmsPx, .exaggerationP95Px, .swimP95DegS, .swimRmsDegS, .latencyP95Ms,
    ])
}
