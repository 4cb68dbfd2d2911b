import Geometry
import Plumbing
import Vocabulary

/// The sensor model between the true head path and what ARKit + the app deliver.
///
/// Defaults are estimates, not measurements: Apple publishes no head-position noise figure for TrueDepth
/// face tracking. They are chosen to look like recorded traces (sub-millimetre lateral noise, a few mm in
/// depth, occasional dropouts and timing jitter from main-thread timestamps). Override any of them.
public struct NoiseSpec: Codable, Equatable, Sendable {
    /// Gaussian noise σ per axis at `reference_distance`, meters. Default (0.5, 0.5, 1.5) mm.
    public var sigma: Vec3 = Vec3(0.0005, 0.0005, 0.0015)
    /// Distance (true z, m) at which σ equals `sigma`.
    public var referenceDistance: Double = 0.35
    /// σ grows as (z / reference_distance)^exponent per axis: lateral error ∝ z, depth error ∝ z².
    public var distanceExponent: Vec3 = Vec3(1, 1, 2)
    /// Probability per sample of an outlier spike.
    public var outlierProbability: Double = 0.001
    /// Length of an outlier spike (m), in a random direction.
    public var outlierMagnitude: Double = 0.02
    /// Tracking dropouts: bursts per second (Poisson), each with an exponentially distributed length.
    public var dropoutRate: Double = 0.02
    /// Mean length of a dropout burst, seconds.
    public var dropoutDuration: Double = 0.3
    /// Sensor latency (s): the measured position is the true one `latency` seconds earlier.
    public var latency: Double = 0
    /// σ of the timestamp jitter around the nominal 1/rate grid, seconds (clamped to ±0.45 frame).
    public var timingJitter: Double = 0.001
    /// Probability that a frame is dropped (no sample at all).
    public var droppedFrameProbability: Double = 0.005
    /// Systematic depth error: measured z = true z × (1 + depth_scale_error).
    public var depthScaleError: Double = 0

    public init() {}

    /// No noise, no dropouts, no jitter: measured = truth.
    public static let none: NoiseSpec = {
        var spec = NoiseSpec()
        spec.sigma = .zero
        spec.outlierProbability = 0
        spec.dropoutRate = 0
        spec.timingJitter = 0
        spec.droppedFrameProbability = 0
        return spec
    }()

    enum CodingKeys: String, CodingKey, CaseIterable {
        case sigma, latency
        case referenceDistance = "reference_distance", distanceExponent = "distance_exponent"
        case outlierProbability = "outlier_probability", outlierMagnitude = "outlier_magnitude"
        case dropoutRate = "dropout_rate", dropoutDuration = "dropout_duration"
        case timingJitter = "timing_jitter", droppedFrameProbability = "dropped_frame_probability"
        case depthScaleError = "depth_scale_error"
    }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = NoiseSpec()
        sigma = try c.decodeIfPresent(Vec3.self, forKey: .sigma) ?? d.sigma
        referenceDistance = try c.decodeIfPresent(Double.self, forKey: .referenceDistance) ?? d.referenceDistance
        distanceExponent = try c.decodeIfPresent(Vec3.self, forKey: .distanceExponent) ?? d.distanceExponent
        outlierProbability = try c.decodeIfPresent(Double.self, forKey: .outlierProbability) ?? d.outlierProbability
        outlierMagnitude = try c.decodeIfPresent(Double.self, forKey: .outlierMagnitude) ?? d.outlierMagnitude
        dropoutRate = try c.decodeIfPresent(Double.self, forKey: .dropoutRate) ?? d.dropoutRate
        dropoutDuration = try c.decodeIfPresent(Double.self, forKey: .dropoutDuration) ?? d.dropoutDuration
        latency = try c.decodeIfPresent(Double.self, forKey: .latency) ?? d.latency
        timingJitter = try c.decodeIfPresent(Double.self, forKey: .timingJitter) ?? d.timingJitter
        droppedFrameProbability = try c.decodeIfPresent(Double.self, forKey: .droppedFrameProbability) ?? d.droppedFrameProbability
        depthScaleError = try c.decodeIfPresent(Double.self, forKey: .depthScaleError) ?? d.depthScaleError
    }

    func validate() throws {
        func check(_ ok: Bool, _ key: CodingKeys, _ expected: String, _ found: Any) throws {
            if !ok { throw FieldError(FieldPath([.key("noise"), .key(key.stringValue)]), expected: expected, found: "\(found)") }
        }
        try check(sigma.isFinite && sigma.x >= 0 && sigma.y >= 0 && sigma.z >= 0 && max(sigma.x, sigma.y, sigma.z) <= 0.5, .sigma, "σ per axis in [0, 0.5] m", sigma)
        try check(referenceDistance.isFinite && referenceDistance > 0, .referenceDistance, "a distance > 0 m", referenceDistance)
        try check(distanceExponent.isFinite && max(abs(distanceExponent.x), abs(distanceExponent.y), abs(distanceExponent.z)) <= 4, .distanceExponent, "exponents within ±4", distanceExponent)
        try check((0...1).contains(outlierProbability), .outlierProbability, "a probability in [0, 1]", outlierProbability)
        try check(outlierMagnitude.isFinite && outlierMagnitude >= 0 && outlierMagnitude <= 1, .outlierMagnitude, "a length in [0, 1] m", outlierMagnitude)
        try check(dropoutRate.isFinite && dropoutRate >= 0 && dropoutRate <= 100, .dropoutRate, "a rate in [0, 100] bursts/s", dropoutRate)
        try check(dropoutDuration.isFinite && dropoutDuration > 0, .dropoutDuration, "a mean length > 0 s", dropoutDuration)
        try check(latency.isFinite && latency >= 0 && latency <= 1, .latency, "a latency in [0, 1] s", latency)
        try check(timingJitter.isFinite && timingJitter >= 0 && timingJitter <= 0.1, .timingJitter, "a σ in [0, 0.1] s", timingJitter)
        try check((0..<1).contains(droppedFrameProbability), .droppedFrameProbability, "a probability in [0, 1)", droppedFrameProbability)
        try check(depthScaleError.isFinite && abs(depthScaleError) < 0.5, .depthScaleError, "a fraction within ±0.5", depthScaleError)
    }
}
