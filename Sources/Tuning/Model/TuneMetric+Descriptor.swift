import Vocabulary

/// The tuner's metrics as descriptors. Pooled over the traces of a sweep; the parallax error parts and swim are
/// RMS over the cube room's corners and edge midpoints, as `ParallaxAccuracy` and `Swim` define them.
extension MetricDescriptor {
    /// Named `ramp_lag_ms` so that it is not read as a suite's `lag_ms` (a cross-correlation of whole traces);
    /// `lag_ms` is still accepted in tune.json, objectives and constraints written before the rename.
    package static let rampLagMs = MetricDescriptor(
        "ramp_lag_ms", unit: .milliseconds, title: "ramp lag",
        meaning: "the filter's own steady-state ramp lag (mean over traces; TuneEvaluator)", aliases: ["lag_ms"])
    package static let jitterMm = MetricDescriptor(
        "jitter_mm", unit: .millimeters, title: "head jitter at rest", meaning: "stationary jitter, RMS 3D norm (mean over traces with stationary stretches)")
    package static let visibleJitterMm = MetricDescriptor(
        "visible_jitter_mm", unit: .millimeters, title: "visible jitter at rest", meaning: "visible jitter (visible_jitter_px) on the glass in mm")
    package static let trackingPx = MetricDescriptor(
        "tracking_px", unit: .pixels, meaning: "RMS on-screen error caused by tracking + smoothing")
    package static let trackingMm = MetricDescriptor(
        "tracking_mm", unit: .millimeters, meaning: "RMS on-glass error caused by tracking + smoothing")
    package static let exaggerationPx = MetricDescriptor(
        "exaggeration_px", unit: .pixels, meaning: "RMS on-screen error caused by the movement scale ≠ 1 itself")
    package static let exaggerationMm = MetricDescriptor(
        "exaggeration_mm", unit: .millimeters, meaning: "RMS on-glass error caused by the movement scale ≠ 1 itself")
    package static let totalPx = MetricDescriptor(
        "total_px", unit: .pixels, meaning: "RMS on-screen error of tracking, smoothing and exaggeration together")
    package static let totalMm = MetricDescriptor(
        "total_mm", unit: .millimeters, meaning: "RMS on-glass error of tracking, smoothing and exaggeration together")
    package static let gainPxPerCm = MetricDescriptor(
        "gain_px_per_cm", unit: .pixelsPerCentimeter, direction: .higherIsBetter, title: "effect strength",
        meaning: "on-screen shift of the back wall per cm of head motion, s·D/(z + D)·ppm/100")
    package static let swimTrackingDegS = MetricDescriptor(
        "swim_tracking_deg_s", unit: .degreesPerSecond, meaning: "RMS swim of the tracking + smoothing error at the true eye (SwimSums)")
    package static let swimExaggerationDegS = MetricDescriptor(
        "swim_exaggeration_deg_s", unit: .degreesPerSecond, meaning: "RMS swim of the exaggeration error at the true eye")
    package static let swimTotalDegS = MetricDescriptor(
        "swim_total_deg_s", unit: .degreesPerSecond, meaning: "RMS swim of the total error at the true eye")
}

extension TuneMetric {
    package var descriptor: MetricDescriptor {
        switch self {
        case .rampLagMs: return .rampLagMs
        case .jitterMm: return .jitterMm
        case .visibleJitterPx: return .visibleJitterPx
        case .visibleJitterMm: return .visibleJitterMm
        case .trackingPx: return .trackingPx
        case .trackingMm: return .trackingMm
        case .exaggerationPx: return .exaggerationPx
        case .exaggerationMm: return .exaggerationMm
        case .totalPx: return .totalPx
        case .totalMm: return .totalMm
        case .gainPxPerCm: return .gainPxPerCm
        case .swimTrackingDegS: return .swimTrackingDegS
        case .swimExaggerationDegS: return .swimExaggerationDegS
        case .swimTotalDegS: return .swimTotalDegS
        }
    }
}

extension MetricCatalog {
    /// The tuner's metrics (objectives, constraints, tune.json), in `TuneMetric` order.
    package static let tune = MetricCatalog(TuneMetric.allCases.map(\.descriptor))
}
