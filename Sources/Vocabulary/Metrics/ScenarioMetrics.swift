/// The metrics of a suite scenario (trace × smoother × screen × movement scale), which budgets limit.
/// Noise bands: about twice the median run-to-run spread (standard deviation over synthesis seeds 1–8 relative
/// to the mean, `Benchmarks/noise-bands/measure.sh`; README "The CI loop").
extension MetricDescriptor {
    public static let lagMs = MetricDescriptor(
        "lag_ms", unit: .milliseconds, noiseBand: NoiseBand(relative: 0.15, absolute: 1.0), trends: true, comparesSmoothers: true,
        title: "tracking lag", whenNegative: leads, meaning: "how far the smoothed head trails the true head (sensor + filter), by cross-correlation of their velocities; negative: leads (prediction)")
    public static let filterLagMs = MetricDescriptor(
        "filter_lag_ms", unit: .milliseconds, noiseBand: NoiseBand(relative: 0.07, absolute: 1.0), comparesSmoothers: true,
        title: "filter lag", whenNegative: leads, meaning: "the smoother's own delay on this trace (tracking lag − sensor lag); negative: leads (prediction)")
    public static let lagOnsetMs = MetricDescriptor(
        "lag_onset_ms", unit: .milliseconds, noiseBand: NoiseBand(relative: 0.2, absolute: 1.0),
        title: "lag at onset", whenNegative: leads, meaning: "median lag (truth → smoothed) in the first 100 ms after each movement onset (OnsetLag)")
    public static let lagSteadyMs = MetricDescriptor(
        "lag_steady_ms", unit: .milliseconds, noiseBand: NoiseBand(relative: 0.08, absolute: 1.0),
        title: "lag in steady motion", whenNegative: leads, meaning: "median lag from 100 ms after each onset to the movement's end")
    public static let stationaryJitterMm = MetricDescriptor(
        "stationary_jitter_mm", unit: .millimeters, noiseBand: NoiseBand(relative: 0.12, absolute: 0.01), trends: true, comparesSmoothers: true,
        title: "head jitter at rest", meaning: "how much the smoothed head shakes while the true head is still: RMS of smoothed − truth (3D)")
    public static let visibleJitterPx = MetricDescriptor(
        "visible_jitter_px", unit: .pixels, noiseBand: NoiseBand(relative: 0.3, absolute: 0.01), trends: true, comparesSmoothers: true,
        title: "visible jitter at rest", meaning: "how much the picture shakes while the head is still (RMS frame-to-frame motion on the glass)")
    public static let parallaxErrorP95Px = MetricDescriptor(
        "parallax_error_p95_px", unit: .pixels, noiseBand: NoiseBand(relative: 0.05, absolute: 0.05), trends: true, comparesSmoothers: true,
        title: "parallax error p95", meaning: "how far the picture is from where the true head should see it (tracking + smoothing), p95")
    public static let parallaxErrorRmsPx = MetricDescriptor(
        "parallax_error_rms_px", unit: .pixels, noiseBand: NoiseBand(relative: 0.15, absolute: 0.05),
        title: "parallax error RMS", meaning: "RMS of the on-screen error caused by tracking + smoothing")
    public static let exaggerationP95Px = MetricDescriptor(
        "exaggeration_p95_px", unit: .pixels, noiseBand: NoiseBand(relative: 0.05, absolute: 0.05), comparesSmoothers: true,
        title: "exaggeration p95", meaning: "p95 of the error caused by the exaggeration (movement scale ≠ 1) itself")
    public static let swimP95DegS = MetricDescriptor(
        "swim_p95_deg_s", unit: .degreesPerSecond, noiseBand: NoiseBand(relative: 0.05, absolute: 0.05), trends: true, comparesSmoothers: true,
        title: "swim p95", meaning: "p95 of the swim caused by tracking + smoothing (angular velocity error at the true eye, Swim)")
    public static let swimRmsDegS = MetricDescriptor(
        "swim_rms_deg_s", unit: .degreesPerSecond, noiseBand: NoiseBand(relative: 0.3, absolute: 0.05),
        title: "swim RMS", meaning: "RMS of the swim caused by tracking + smoothing")
    public static let latencyP95Ms = MetricDescriptor(
        "latency_p95_ms", unit: .milliseconds, noiseBand: NoiseBand(relative: 0.02, absolute: 0.5), comparesSmoothers: true,
        title: "head-to-photon latency p95", meaning: "how late the picture is: sensor + filter lag + the app's hops + display at 60 Hz, p95")
    public static let visibleJitterMm = MetricDescriptor(
        "visible_jitter_mm", unit: .millimeters, noiseBand: NoiseBand(relative: 0.3, absolute: 0.001),
        title: "visible jitter at rest", meaning: "the visible jitter on the glass in millimetres")
    public static let parallaxErrorP95Arcmin = MetricDescriptor(
        "parallax_error_p95_arcmin", unit: .arcminutes, noiseBand: NoiseBand(relative: 0.05, absolute: 0.05),
        title: "parallax error p95", meaning: "the parallax error p95 as an angle at the true eye")
    public static let effectGainPxPerCm = MetricDescriptor(
        "effect_gain_px_per_cm", unit: .pixelsPerCentimeter, direction: .higherIsBetter, noiseBand: NoiseBand(relative: 0.01, absolute: 0.01),
        title: "effect strength", meaning: "how far the back wall moves on the glass per cm of head motion (s·D/(z + D))")
}

extension MetricCatalog {
    /// Scenario metrics in the order the report's tables show them.
    public static let scenario = MetricCatalog([
        .lagMs, .filterLagMs, .lagOnsetMs, .lagSteadyMs, .stationaryJitterMm, .visibleJitterPx, .parallaxErrorP95Px,
        .parallaxErrorRmsPx, .exaggerationP95Px, .swimP95DegS, .swimRmsDegS, .latencyP95Ms, .visibleJitterMm, .parallaxErrorP95Arcmin,
        .effectGainPxPerCm,
    ])
}
