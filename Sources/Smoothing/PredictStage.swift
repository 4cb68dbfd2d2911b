import Geometry
import Tracking

/// `predict:horizon=0.03` — constant-velocity extrapolation, a latency-compensation stage meant to follow
/// a filter (`one-euro:…|predict:horizon=0.03`): output = y + v·horizon with v = (y − y_prev)/Δt the
/// finite-difference velocity of its input. It cancels `horizon` seconds of lag on ramps and amplifies
/// noise by about √(1 + 2h(h+1)) with h = horizon/Te for white input (visible in the jitter metrics).
///
/// The first sample passes through (v = 0). A sample whose timestamp does not increase keeps the previous
/// velocity.
///
/// Parameters: `horizon` ∈ [0, 1] s, `loss` default `freeze-and-reinit` (under `hold` a reacquisition
/// jump is extrapolated as a velocity of jump/Δt for one sample).
public struct PredictStage: RegisteredSmoother {
    public static let kind = SmootherKind.predict
    public static let summary = "constant-velocity extrapolation of its input by `horizon` seconds"
    public static let parameters: [SmootherParameter] = [
        SmootherParameter("horizon", unit: "s", .number(lower: 0, lowerClosed: true, upper: 1, upperClosed: true), default: "0.03",
                          help: "extrapolation time"),
        .loss(default: .freezeAndReinit),
    ]

    public var horizon: Double
    @usableFromInline var gate: LossGate
    @usableFromInline var last = Vec3.zero
    @usableFromInline var velocity = Vec3.zero
    @usableFromInline var output = Vec3.zero
    @usableFromInline var lastT = 0.0

    public init(horizon: Double = 0.03, loss: TrackingLossPolicy = .freezeAndReinit) {
        precondition(horizon >= 0, "horizon must be ≥ 0")
        self.horizon = horizon
        self.gate = LossGate(policy: loss)
    }

    public init(parameters p: ParameterValues) {
        self.init(horizon: p.number("horizon"), loss: p.loss)
    }

    public var loss: TrackingLossPolicy { gate.policy }

    @inlinable @inline(__always)
    public mutating func smooth(_ sample: HeadSample) -> Vec3 {
        let y = sample.position
        switch gate.admit(sample.tracked) {
        case .freeze:
            return gate.initialized ? output : y
        case .initialize:
            last = y
            velocity = .zero
            output = y
            lastT = sample.t
            return y
        case .update:
            break
        }
        if sample.t > lastT {
            let inverse = 1 / (sample.t - lastT)
            velocity = Vec3((y.x - last.x) * inverse, (y.y - last.y) * inverse, (y.z - last.z) * inverse)
            lastT = sample.t
        }
        last = y
        output = Vec3(y.x + horizon * velocity.x, y.y + horizon * velocity.y, y.z + horizon * velocity.z)
        return output
    }

    public mutating func reset() {
        gate.reset()
        last = .zero
        velocity = .zero
        output = .zero
        lastT = 0
    }
}
