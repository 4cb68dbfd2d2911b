import Geometry
import Tracking

/// `kalman-cv:q=0.05,r=2.5e-7,predict=0` — a constant-velocity Kalman filter per axis, state (position,
/// velocity), Δt from the timestamps.
///
/// Process model: continuous white-noise acceleration with spectral density `q` (m²/s³), so over Δt
///
///     F = [1 Δt; 0 1],   Q = q·[Δt³/3 Δt²/2; Δt²/2 Δt]
///
/// Measurement: position with noise variance `r` (m²; the default 2.5e-7 m² is σ = 0.5 mm, the lateral
/// noise of the synthesized traces). Larger q/r → less smoothing, less lag. On a noise-free ramp the
/// steady state has zero lag (the model contains the ramp). Output = position + velocity·`predict`.
///
/// The first sample initialises position = x, velocity = 0, P = diag(r, (0.5 m/s)²). The covariance and
/// gains do not depend on the data, so all three axes share one covariance (computed once per sample).
/// A sample whose timestamp does not increase is a plain measurement update (Δt = 0).
///
/// Parameters: `q` > 0 m²/s³, `r` > 0 m², `predict` ∈ [0, 1] s, `loss` default `freeze-and-reinit`
/// (under `hold` the frozen samples drive the velocity to zero and the reacquisition jump is read as a
/// fast motion, which overshoots).
public struct KalmanCVFilter: RegisteredSmoother {
    public static let kind = SmootherKind.kalmanCV
    public static let summary = "constant-velocity Kalman filter per axis (Δt from timestamps)"
    public static let parameters: [SmootherParameter] = [
        SmootherParameter("q", unit: "m²/s³", .number(lower: 0, lowerClosed: false, upper: nil, upperClosed: false), default: "0.05",
                          help: "acceleration noise density"),
        SmootherParameter("r", unit: "m²", .number(lower: 0, lowerClosed: false, upper: nil, upperClosed: false), default: "2.5e-7",
                          help: "measurement variance σ²"),
        SmootherParameter("predict", unit: "s", .number(lower: 0, lowerClosed: true, upper: 1, upperClosed: true), default: "0",
                          help: "extrapolation time"),
        .loss(default: .freezeAndReinit),
    ]

    /// Initial velocity standard deviation, m/s.
    public static let initialVelocitySigma = 0.5

    public var q: Double
    public var r: Double
    public var predict: Double
    @usableFromInline var gate: LossGate
    @usableFromInline var position = Vec3.zero
    @usableFromInline var velocity = Vec3.zero
    @usableFromInline var output = Vec3.zero
    @usableFromInline var p00 = 0.0, p01 = 0.0, p11 = 0.0
    @usableFromInline var lastT = 0.0

    public init(q: Double = 0.05, r: Double = 2.5e-7, predict: Double = 0, loss: TrackingLossPolicy = .freezeAndReinit) {
        precondition(q > 0 && r > 0 && predict >= 0, "invalid Kalman parameters")
        self.q = q
        self.r = r
        self.predict = predict
        self.gate = LossGate(policy: loss)
    }

    public init(parameters p: ParameterValues) {
        self.init(q: p.number("q"), r: p.number("r"), predict: p.number("predict"), loss: p.loss)
    }

    public var loss: TrackingLossPolicy { gate.policy }

    @inlinable @inline(__always)
    public mutating func smooth(_ sample: HeadSample) -> Vec3 {
        let z = sample.position
        switch gate.admit(sample.tracked) {
        case .freeze:
            return gate.initialized ? output : z
        case .initialize:
            position = z
            velocity = .zero
            output = z
            p00 = r
            p01 = 0
            p11 = Self.initialVelocitySigma * Self.initialVelocitySigma
            lastT = sample.t
            return z
        case .update:
            break
        }
        let dt = sample.t > lastT ? sample.t - lastT : 0
        if dt > 0 { lastT = sample.t }
        // Predict.
        let dt2 = dt * dt
        let a00 = p00 + 2 * dt * p01 + dt2 * p11 + q * dt2 * dt / 3
        let a01 = p01 + dt * p11 + q * dt2 / 2
        let a11 = p11 + q * dt
        // Update (the same gains for every axis).
        let inverseS = 1 / (a00 + r)
        let k0 = a00 * inverseS
        let k1 = a01 * inverseS
        p00 = (1 - k0) * a00
        p01 = (1 - k0) * a01
        p11 = a11 - k1 * a01
        let ix = z.x - (position.x + dt * velocity.x)
        let iy = z.y - (position.y + dt * velocity.y)
        let iz = z.z - (position.z + dt * velocity.z)
        position = Vec3(position.x + dt * velocity.x + k0 * ix, position.y + dt * velocity.y + k0 * iy,
                        position.z + dt * velocity.z + k0 * iz)
        velocity = Vec3(velocity.x + k1 * ix, velocity.y + k1 * iy, velocity.z + k1 * iz)
        output = Vec3(position.x + predict * velocity.x, position.y + predict * velocity.y, position.z + predict * velocity.z)
        return output
    }

    public mutating func reset() {
        gate.reset()
        position = .zero
        velocity = .zero
        output = .zero
        p00 = 0
        p01 = 0
        p11 = 0
        lastT = 0
    }
}
