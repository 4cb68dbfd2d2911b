import Foundation
import Geometry
import Tracking

/// `ema-time:tau=0.058` — an exponential moving average with a time constant, per axis: each update uses
/// α = 1 − exp(−Δt/τ) with Δt the actual time since the previous sample, so the smoothing is the same in
/// seconds whatever the update rate (a continuous first-order low-pass sampled exactly). At a steady rate
/// it equals `ema` with α = 1 − exp(−Te/τ): the app's α = 0.25 at 60 Hz is τ = 0.058 s.
///
/// A sample whose timestamp does not increase leaves the output unchanged (Δt = 0 → α = 0).
///
/// Parameters: `tau` ∈ (0, 10] s; `loss` default `hold` (no derivative state, so holding is harmless;
/// `freeze-and-reinit` restarts at the first reacquired sample).
public struct TimeConstantEMAFilter: RegisteredSmoother {
    public static let kind = SmootherKind.emaTime
    public static let summary = "time-constant EMA, α = 1 − exp(−Δt/τ) from the actual Δt (rate-independent)"
    public static let parameters: [SmootherParameter] = [
        SmootherParameter("tau", unit: "s", .number(lower: 0, lowerClosed: false, upper: 10, upperClosed: true), default: "0.058",
                          help: "time constant"),
        .loss(default: .hold),
    ]

    public var tau: Double
    @usableFromInline var gate: LossGate
    @usableFromInline var state = Vec3.zero
    @usableFromInline var lastT = 0.0

    public init(tau: Double = 0.058, loss: TrackingLossPolicy = .hold) {
        precondition(tau > 0, "tau must be > 0")
        self.tau = tau
        self.gate = LossGate(policy: loss)
    }

    public init(parameters: ParameterValues) {
        self.init(tau: parameters.number("tau"), loss: parameters.loss)
    }

    public var loss: TrackingLossPolicy { gate.policy }

    @inlinable @inline(__always)
    public mutating func smooth(_ sample: HeadSample) -> Vec3 {
        switch gate.admit(sample.tracked) {
        case .update:
            guard sample.t > lastT else { return state }
            let a = -expm1(-(sample.t - lastT) / tau)
            lastT = sample.t
            state.blend(toward: sample.position, weight: a)
        case .initialize:
            state = sample.position
            lastT = sample.t
        case .freeze:
            return gate.initialized ? state : sample.position
        }
        return state
    }

    public mutating func reset() {
        gate.reset()
        state = .zero
        lastT = 0
    }
}
