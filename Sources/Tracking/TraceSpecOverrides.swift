import Geometry
import Vocabulary

/// Values given beside a spec that replace the spec's own (`parallax synth`'s flags with `--spec`); nil (or
/// false) keeps the spec's value.
public struct TraceSpecOverrides: Equatable, Sendable {
    /// The duration of a single-segment spec, s (a spec of several segments sets its own).
    public var duration: Double?
    public var seed: UInt64?
    public var rate: Double?
    public var start: Vec3?
    /// No sensor noise, dropouts or timing jitter (applied before the noise values below).
    public var noNoise = false
    public var sigma: Vec3?
    public var latency: Double?
    public var dropoutRate: Double?
    public var timingJitter: Double?
    public var depthScaleError: Double?

    public init(duration: Double? = nil, seed: UInt64? = nil, rate: Double? = nil, start: Vec3? = nil, noNoise: Bool = false,
                sigma: Vec3? = nil, latency: Double? = nil, dropoutRate: Double? = nil, timingJitter: Double? = nil,
                depthScaleError: Double? = nil) {
        self.duration = duration
        self.seed = seed
        self.rate = rate
        self.start = start
        self.noNoise = noNoise
        self.sigma = sigma
        self.latency = latency
        self.dropoutRate = dropoutRate
        self.timingJitter = timingJitter
        self.depthScaleError = depthScaleError
    }
}

extension TraceSpec {
    /// This spec with `overrides` in place of its own values. A duration needs a single-segment spec.
    public func applying(_ overrides: TraceSpecOverrides) throws -> TraceSpec {
        var spec = self
        if let duration = overrides.duration {
            guard spec.motion.count == 1 else {
                throw FieldError("duration", expected: "one motion segment (set the durations of several in the spec)", found: "\(spec.motion.count) segments")
            }
            spec.motion[0].duration = duration
        }
        if let seed = overrides.seed { spec.seed = seed }
        if let rate = overrides.rate { spec.rate = rate }
        if let start = overrides.start { spec.start = start }
        if overrides.noNoise { spec.noise = .none }
        if let sigma = overrides.sigma { spec.noise.sigma = sigma }
        if let latency = overrides.latency { spec.noise.latency = latency }
        if let dropoutRate = overrides.dropoutRate { spec.noise.dropoutRate = dropoutRate }
        if let timingJitter = overrides.timingJitter { spec.noise.timingJitter = timingJitter }
        if let depthScaleError = overrides.depthScaleError { spec.noise.depthScaleError = depthScaleError }
        return spec
    }
}
