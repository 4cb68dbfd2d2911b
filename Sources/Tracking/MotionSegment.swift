import Geometry
import Plumbing
import Vocabulary

/// The motion models a segment can use.
public enum MotionModel: String, Codable, CaseIterable, Sendable {
    /// Postural sway while "holding still": a slow drift of a few mm (sum of random sinusoids 0.05–0.3 Hz).
    case still
    /// Sinusoid per axis (a Lissajous figure): `amplitude` (m) at `frequency` (Hz), starting at phase 0.
    case sway
    /// Leaning in and out: minimum-jerk moves of z alternating between `far` and `near` (m).
    case lean
    /// Glances: minimum-jerk point-to-point moves (`move_time` s) between random targets inside ±`extent`
    /// (m) around the segment's start, with a random `dwell` (s) between moves.
    case glance
    /// Instant jumps: alternates between the start and start + `amplitude` every `interval` s (step response).
    case step
    /// Linear frequency sweep from `start_frequency` to `end_frequency` (Hz) with `amplitude` (m) per axis.
    case chirp
    /// Walks sideways out of the tracking range at `speed` (m/s) by `exit_distance` (m), stays `away` s,
    /// walks back; tracking is lost while |x| > `tracking_range` (m).
    case walkBy = "walk-by"
}

/// One segment of a trace's motion. Only the parameters of its model may be given; each has a default.
public struct MotionSegment: Codable, Equatable, Sendable {
    public var model: MotionModel
    /// Seconds.
    public var duration: Double
    public var amplitude: Vec3?
    public var frequency: Vec3?
    public var near: Double?
    public var far: Double?
    public var extent: Vec3?
    public var moveTime: ClosedRangeSpec?
    public var dwell: ClosedRangeSpec?
    public var interval: Double?
    public var startFrequency: Double?
    public var endFrequency: Double?
    public var speed: Double?
    public var exitDistance: Double?
    public var away: Double?
    public var trackingRange: Double?

    public init(model: MotionModel, duration: Double) {
        self.model = model
        self.duration = duration
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case model, duration, amplitude, frequency, near, far, extent, dwell, interval, speed, away
        case moveTime = "move_time", startFrequency = "start_frequency", endFrequency = "end_frequency"
        case exitDistance = "exit_distance", trackingRange = "tracking_range"
    }

    /// The keys each model accepts besides `model` and `duration`.
    static let parameters: [MotionModel: Set<CodingKeys>] = [
        .still: [.amplitude],
        .sway: [.amplitude, .frequency],
        .lean: [.near, .far, .moveTime, .dwell],
        .glance: [.extent, .moveTime, .dwell],
        .step: [.amplitude, .interval],
        .chirp: [.amplitude, .startFrequency, .endFrequency],
        .walkBy: [.speed, .exitDistance, .away, .trackingRange],
    ]

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        model = try c.decode(MotionModel.self, forKey: .model)
        duration = try c.decode(Double.self, forKey: .duration)
        let allowed = Self.parameters[model]!.union([.model, .duration])
        for key in c.allKeys where !allowed.contains(key) {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: c,
                debugDescription: "'\(key.stringValue)' is not a parameter of model '\(model.rawValue)'; it takes: \(Self.parameters[model]!.map(\.stringValue).sorted().joined(separator: ", "))")
        }
        amplitude = try c.decodeIfPresent(Vec3.self, forKey: .amplitude)
        frequency = try c.decodeIfPresent(Vec3.self, forKey: .frequency)
        near = try c.decodeIfPresent(Double.self, forKey: .near)
        far = try c.decodeIfPresent(Double.self, forKey: .far)
        extent = try c.decodeIfPresent(Vec3.self, forKey: .extent)
        moveTime = try c.decodeIfPresent(ClosedRangeSpec.self, forKey: .moveTime)
        dwell = try c.decodeIfPresent(ClosedRangeSpec.self, forKey: .dwell)
        interval = try c.decodeIfPresent(Double.self, forKey: .interval)
        startFrequency = try c.decodeIfPresent(Double.self, forKey: .startFrequency)
        endFrequency = try c.decodeIfPresent(Double.self, forKey: .endFrequency)
        speed = try c.decodeIfPresent(Double.self, forKey: .speed)
        exitDistance = try c.decodeIfPresent(Double.self, forKey: .exitDistance)
        away = try c.decodeIfPresent(Double.self, forKey: .away)
        trackingRange = try c.decodeIfPresent(Double.self, forKey: .trackingRange)
    }

    // Defaults, in SI units. They are plausible values for a phone held at arm's length, not measurements.
    public var resolvedAmplitude: Vec3 {
        amplitude ?? {
            switch model {
            case .still: return Vec3(0.002, 0.002, 0.002)
            case .sway: return Vec3(0.04, 0.02, 0)
            case .step: return Vec3(0.05, 0, 0)
            default: return Vec3(0.02, 0, 0)
            }
        }()
    }
    public var resolvedFrequency: Vec3 { frequency ?? Vec3(0.25, 0.5, 0) }
    public var resolvedNear: Double { near ?? 0.25 }
    public var resolvedFar: Double { far ?? 0.60 }
    public var resolvedExtent: Vec3 { extent ?? Vec3(0.08, 0.05, 0.02) }
    public var resolvedMoveTime: ClosedRangeSpec {
        moveTime ?? (model == .lean ? ClosedRangeSpec(0.8, 1.5) : ClosedRangeSpec(0.2, 0.6))
    }
    public var resolvedDwell: ClosedRangeSpec { dwell ?? ClosedRangeSpec(0.3, 1.2) }
    public var resolvedInterval: Double { interval ?? 1.0 }
    public var resolvedStartFrequency: Double { startFrequency ?? 0.1 }
    public var resolvedEndFrequency: Double { endFrequency ?? 4.0 }
    public var resolvedSpeed: Double { speed ?? 0.5 }
    public var resolvedExitDistance: Double { exitDistance ?? 0.5 }
    public var resolvedAway: Double { away ?? 1.0 }
    public var resolvedTrackingRange: Double { trackingRange ?? 0.2 }

    func validate(field: String) throws {
        func check(_ ok: Bool, _ key: String, _ expected: String, _ found: Any) throws {
            if !ok { throw FieldError("\(field).\(key)", expected: expected, found: "\(found)") }
        }
        try check(duration.isFinite && duration > 0, "duration", "a duration > 0 s", duration)
        try check(resolvedAmplitude.isFinite && abs(resolvedAmplitude.x) <= 1 && abs(resolvedAmplitude.y) <= 1 && abs(resolvedAmplitude.z) <= 1,
                  "amplitude", "amplitudes within ±1 m", resolvedAmplitude)
        let f = resolvedFrequency
        try check(f.isFinite && f.x >= 0 && f.y >= 0 && f.z >= 0 && max(f.x, f.y, f.z) <= 30, "frequency", "frequencies in [0, 30] Hz", f)
        try check(resolvedNear > 0 && resolvedNear < resolvedFar && resolvedFar <= 5, "near/far", "0 < near < far ≤ 5 m", "\(resolvedNear)/\(resolvedFar)")
        let e = resolvedExtent
        try check(e.isFinite && e.x >= 0 && e.y >= 0 && e.z >= 0 && max(e.x, e.y, e.z) <= 1, "extent", "half-sizes in [0, 1] m", e)
        try check(resolvedMoveTime.lower > 0 && resolvedMoveTime.isValid, "move_time", "[min, max] with 0 < min ≤ max", resolvedMoveTime)
        try check(resolvedDwell.lower >= 0 && resolvedDwell.isValid, "dwell", "[min, max] with 0 ≤ min ≤ max", resolvedDwell)
        try check(resolvedInterval.isFinite && resolvedInterval > 0, "interval", "an interval > 0 s", resolvedInterval)
        try check(resolvedStartFrequency >= 0 && resolvedEndFrequency >= 0 && max(resolvedStartFrequency, resolvedEndFrequency) <= 30,
                  "start_frequency/end_frequency", "frequencies in [0, 30] Hz", "\(resolvedStartFrequency)/\(resolvedEndFrequency)")
        try check(resolvedSpeed.isFinite && resolvedSpeed > 0, "speed", "a speed > 0 m/s", resolvedSpeed)
        try check(resolvedExitDistance.isFinite && abs(resolvedExitDistance) <= 5, "exit_distance", "a distance within ±5 m", resolvedExitDistance)
        try check(resolvedAway.isFinite && resolvedAway >= 0, "away", "a time ≥ 0 s", resolvedAway)
        try check(resolvedTrackingRange.isFinite && resolvedTrackingRange > 0, "tracking_range", "a range > 0 m", resolvedTrackingRange)
    }
}

/// `[min, max]` in a spec file.
public struct ClosedRangeSpec: Codable, Equatable, Sendable, CustomStringConvertible {
    public var lower: Double
    public var upper: Double
    public init(_ lower: Double, _ upper: Double) {
        self.lower = lower
        self.upper = upper
    }
    public var isValid: Bool { lower.isFinite && upper.isFinite && lower <= upper }
    public init(from decoder: Decoder) throws {
        var c = try decoder.unkeyedContainer()
        if let count = c.count, count != 2 {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "expected [min, max], found \(count) values")
        }
        lower = try c.decode(Double.self)
        upper = try c.decode(Double.self)
    }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(lower)
        try c.encode(upper)
    }
    public var description: String { "[\(lower), \(upper)]" }
}
