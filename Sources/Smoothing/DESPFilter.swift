import Geometry
import Tracking

/// `desp:alpha=0.5,predict=0.05` — LaViola's double exponential smoothing-based prediction (DESP,
/// "Double Exponential Smoothing: An Alternative to Kalman Filter-Based Predictive Tracking", IPT/EGVE
/// 2003), per axis:
///
///     S₁ = α·x + (1 − α)·S₁          S₂ = α·S₁ + (1 − α)·S₂
///     output = (2 + k)·S₁ − (1 + k)·S₂,   k = α·n/(1 − α),  n = predict / Te (the horizon in samples)
///
/// With predict = 0 the output is the DESP level estimate 2S₁ − S₂, which follows a ramp with no
/// steady-state lag. Te is the mean sample period seen so far (from timestamps; 1/`rate` until the second
/// sample), so a jittered timestamp does not jitter the prediction gain. The first sample passes through
/// (S₁ = S₂ = x).
///
/// Parameters: `alpha` ∈ (0, 1), `predict` ∈ [0, 1] s, `rate` > 0 Hz (fallback only), `loss` default
/// `freeze-and-reinit` (S₁ − S₂ is a velocity estimate: under `hold` a jump at reacquisition overshoots).
public struct DESPFilter: RegisteredSmoother {
    public static let kind = SmootherKind.desp
    public static let summary = "LaViola's double exponential smoothing predictor"
    public static let parameters: [SmootherParameter] = [
        SmootherParameter("alpha", .number(lower: 0, lowerClosed: false, upper: 1, upperClosed: false), default: "0.5",
                          help: "per-sample weight"),
        SmootherParameter("predict", unit: "s", .number(lower: 0, lowerClosed: true, upper: 1, upperClosed: true), default: "0.05",
                          help: "prediction horizon"),
        .fallbackRate,
        .loss(default: .freezeAndReinit),
    ]

    public var alpha: Double
    public var predict: Double
    public var rate: Double
    @usableFromInline var gate: LossGate
    @usableFromInline var first = Vec3.zero
    @usableFromInline var second = Vec3.zero
    @usableFromInline var output = Vec3.zero
    @usableFromInline var startT = 0.0
    @usableFromInline var lastT = 0.0
    @usableFromInline var intervals = 0

    public init(alpha: Double = 0.5, predict: Double = 0.05, rate: Double = 60, loss: TrackingLossPolicy = .freezeAndReinit) {
        precondition(alpha > 0 && alpha < 1 && predict >= 0 && rate > 0, "invalid DESP parameters")
        self.alpha = alpha
        self.predict = predict
        self.rate = rate
        self.gate = LossGate(policy: loss)
    }

    public init(parameters p: ParameterValues) {
        self.init(alpha: p.number("alpha"), predict: p.number("predict"), rate: p.number("rate"), loss: p.loss)
    }

    public var loss: TrackingLossPolicy { gate.policy }

    @inlinable @inline(__always)
    public mutating func smooth(_ sample: HeadSample) -> Vec3 {
        let x = sample.position
        switch gate.admit(sample.tracked) {
        case .freeze:
            return gate.initialized ? output : x
        case .initialize:
            first = x
            second = x
            output = x
            startT = sample.t
            lastT = sample.t
            intervals = 0
            return x
        case .update:
            break
        }
        if sample.t > lastT {
            lastT = sample.t
            intervals += 1
        }
        let a = alpha, b = 1 - alpha
        first = Vec3(a * x.x + b * first.x, a * x.y + b * first.y, a * x.z + b * first.z)
        second = Vec3(a * first.x + b * second.x, a * first.y + b * second.y, a * first.z + b * second.z)
        let period = intervals > 0 ? (lastT - startT) / Double(intervals) : 1 / rate
        let k = a * (predict / period) / b
        output = Vec3((2 + k) * first.x - (1 + k) * second.x, (2 + k) * first.y - (1 + k) * second.y,
                      (2 + k) * first.z - (1 + k) * second.z)
        return output
    }

    public mutating func reset() {
        gate.reset()
        first = .zero
        second = .zero
        output = .zero
        startT = 0
        lastT = 0
        intervals = 0
    }
}
