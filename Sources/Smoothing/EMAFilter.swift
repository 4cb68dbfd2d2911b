import Geometry
import Tracking

/// `ema:alpha=0.25` — the app's per-sample exponential moving average, per axis:
/// y_k = α·x_k + (1 − α)·y_{k−1}, the first sample passes through.
///
/// α is per *sample*, not per second, so its lag in time depends on the update rate: on a ramp the
/// steady-state lag is Te·(1 − α)/α (Te = sample period; 38.9 ms at α = 0.3 and 60 Hz), and white noise
/// is scaled by √(α/(2 − α)).
///
/// Parameters: `alpha` ∈ (0, 1] (1 = no smoothing); `loss` default `hold` (what the app does: frozen
/// samples keep being fed in; there is no derivative, so holding causes no overshoot at reacquisition).
public struct EMAFilter: RegisteredSmoother {
    public static let kind = SmootherKind.ema
    public static let summary = "the app's per-sample EMA, y = α·x + (1 − α)·y_prev; first sample passes through"
    public static let parameters: [SmootherParameter] = [
        SmootherParameter("alpha", .number(lower: 0, lowerClosed: false, upper: 1, upperClosed: true), default: "0.25",
                          help: "per-sample weight"),
        .loss(default: .hold),
    ]

    public var alpha: Double
    @usableFromInline var gate: LossGate
    @usableFromInline var state = Vec3.zero

    public init(alpha: Double = 0.25, loss: TrackingLossPolicy = .hold) {
        precondition(alpha > 0 && alpha <= 1, "alpha must lie in (0, 1]")
        self.alpha = alpha
        self.gate = LossGate(policy: loss)
    }

    public init(parameters: ParameterValues) {
        self.init(alpha: parameters.number("alpha"), loss: parameters.loss)
    }

    public var loss: TrackingLossPolicy { gate.policy }

    @inlinable @inline(__always)
    public mutating func smooth(_ sample: HeadSample) -> Vec3 {
        switch gate.admit(sample.tracked) {
        case .update: state.blend(toward: sample.position, weight: alpha)
        case .initialize: state = sample.position
        case .freeze: return gate.initialized ? state : sample.position
        }
        return state
    }

    public mutating func reset() {
        gate.reset()
        state = .zero
    }
}

extension Vec3 {
    /// One EMA step per axis, s ← s + a·(x − s): the EMA's and the time-constant EMA's update.
    @inlinable @inline(__always)
    mutating func blend(toward target: Vec3, weight a: Double) {
        x += a * (target.x - x)
        y += a * (target.y - y)
        z += a * (target.z - z)
    }
}
