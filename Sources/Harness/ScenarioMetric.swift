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

/// The metrics a scenario reports and a budget can limit.
public enum ScenarioMetric: String, Decodable, CaseIterable, Sendable {
    /// Total lag (truth → smoothed velocity cross-correlation), ms.
    case lagMs = "lag_ms"
    /// Smoother lag alone (total − sensor), ms.
    case filterLagMs = "filter_lag_ms"
    /// RMS of (smoothed − truth) over stationary segments, mm (3D norm).
    case stationaryJitterMm = "stationary_jitter_mm"
    /// RMS frame-to-frame motion of the projected reference points while the true head is still, px.
    case visibleJitterPx = "visible_jitter_px"
    /// p95 of the on-screen error caused by tracking + smoothing (true eye at the same movement scale), px.
    case parallaxErrorP95Px = "parallax_error_p95_px"
    /// RMS of the same, px.
    case parallaxErrorRmsPx = "parallax_error_rms_px"
    /// p95 of the error caused by the exaggeration (movement scale ≠ 1) itself, px.
    case exaggerationP95Px = "exaggeration_p95_px"
    /// p95 of the modelled end-to-end latency at 60 Hz, ms.
    case latencyP95Ms = "latency_p95_ms"
    /// p95 of the swim caused by tracking + smoothing (angular velocity error at the true eye, `Swim`), °/s.
    case swimP95DegS = "swim_p95_deg_s"
    /// RMS of the same, °/s.
    case swimRmsDegS = "swim_rms_deg_s"
    /// Median lag (truth → smoothed) in the first 100 ms after each movement onset (`OnsetLag`), ms.
    case lagOnsetMs = "lag_onset_ms"
    /// Median lag from 100 ms after each onset to the movement's end, ms.
    case lagSteadyMs = "lag_steady_ms"

    public var unit: String {
        switch self {
        case .lagMs, .filterLagMs, .latencyP95Ms: return "ms"
        case .stationaryJitterMm: return "mm"
        case .lagOnsetMs, .lagSteadyMs: return "ms"
        case .swimP95DegS, .swimRmsDegS: return "°/s"
        default: return "px"
        }
    }
}
