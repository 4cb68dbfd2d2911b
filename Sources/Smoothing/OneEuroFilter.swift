import Geometry
import Tracking

/// `one-euro:mincutoff=1,beta=10,dcutoff=1` — the 1€ filter (Casiez, Roussel & Vogel, CHI 2012): an
/// adaptive low-pass whose cut-off rises with speed, so it smooths jitter when still and lags little when
/// moving. Per step, with Te the time since the previous sample:
///
///     dx  = (x − previous) / Te                 previous = last *filtered* value (variant=paper)
///                                               or last raw value (variant=legacy: older code, MediaPipe)
///     dx̂  = dx̂ + α(dcutoff)·(dx − dx̂)
///     fc  = mincutoff + β·|dx̂|                  per axis (speed=axis), or β·‖dx̂‖ from the 3D speed
///                                               (speed=norm: one cut-off for all axes, as vrpn and Monado)
///     x̂   = x̂ + α(fc)·(x − x̂)
///     α(f) = 1 / (1 + τ/Te),  τ = 1/(2π·f)
///
/// The first output equals the input and the first derivative is 0. Te comes from the timestamps and is
/// only updated when t increases (until two increasing timestamps are seen, Te = 1/`rate`).
///
/// Units: positions in meters, so **β is in Hz per (m/s)**. Values copied from pixel-space examples
/// (β ≈ 0.001–0.01 for pixels/s) are wrong by orders of magnitude here; head motion needs β ≈ 1–50.
///
/// Parameters: `mincutoff` > 0 Hz, `beta` ≥ 0 Hz per (m/s), `dcutoff` > 0 Hz, `variant` paper|legacy,
/// `speed` axis|norm, `rate` > 0 Hz (fallback only), `loss` default `freeze-and-reinit` (under `hold` the
/// jump at reacquisition is read as a huge speed, opening the cut-off and letting jitter through until the
/// smoothed derivative decays).
public struct OneEuroFilter: RegisteredSmoother {
    public enum Variant: String, CaseIterable, Sendable { case paper, legacy }
    public enum Speed: String, CaseIterable, Sendable { case axis, norm }

    public static let kind = SmootherKind.oneEuro
    public static let summary = "1€ filter (Casiez et al. 2012): cut-off fc = mincutoff + β·|speed|"
    public static let parameters: [SmootherParameter] = [
        SmootherParameter("mincutoff", unit: "Hz", .number(lower: 0, lowerClosed: false, upper: nil, upperClosed: false), default: "1",
                          help: "cut-off at rest"),
        SmootherParameter("beta", unit: "Hz per (m/s)", .number(lower: 0, lowerClosed: true, upper: nil, upperClosed: false), default: "10",
                          help: "per m/s of speed (pixel-space β values are far off)"),
        SmootherParameter("dcutoff", unit: "Hz", .number(lower: 0, lowerClosed: false, upper: nil, upperClosed: false), default: "1",
                          help: "derivative low-pass"),
        SmootherParameter("variant", .choice(Variant.allCases.map(\.rawValue)), default: "paper",
                          help: "derivative of filtered / raw"),
        SmootherParameter("speed", .choice(Speed.allCases.map(\.rawValue)), default: "axis",
                          help: "per-axis cut-off / 3D speed"),
        .fallbackRate,
        .loss(default: .freezeAndReinit),
    ]

    public var minCutoff: Double
    public var beta: Double
    public var derivativeCutoff: Double
    public var variant: Variant
    public var speed: Speed
    public var rate: Double
    @usableFromInline var gate: LossGate
    @usableFromInline var period: Double
    @usableFromInline var lastT = 0.0
    @usableFromInline var value = Vec3.zero
    @usableFromInline var derivative = Vec3.zero
    @usableFromInline var lastRaw = Vec3.zero

    public init(
        minCutoff: Double = 1, beta: Double = 10, derivativeCutoff: Double = 1, variant: Variant = .paper,
        speed: Speed = .axis, rate: Double = 60, loss: TrackingLossPolicy = .freezeAndReinit
    ) {
        precondition(minCutoff > 0 && beta >= 0 && derivativeCutoff > 0 && rate > 0, "invalid One Euro parameters")
        self.minCutoff = minCutoff
        self.beta = beta
        self.derivativeCutoff = derivativeCutoff
        self.variant = variant
        self.speed = speed
        self.rate = rate
        self.gate = LossGate(policy: loss)
        self.period = 1 / rate
    }

    public init(parameters p: ParameterValues) {
        self.init(minCutoff: p.number("mincutoff"), beta: p.number("beta"), derivativeCutoff: p.number("dcutoff"),
                  variant: Variant(rawValue: p.word("variant"))!, speed: Speed(rawValue: p.word("speed"))!,
                  rate: p.number("rate"), loss: p.loss)
    }

    public var loss: TrackingLossPolicy { gate.policy }

    /// α = 1/(1 + τ/Te) with τ = 1/(2πf), written as r/(1 + r) with r = 2πf·Te.
    @inlinable @inline(__always)
    static func alpha(cutoff: Double, period: Double) -> Double {
        let r = 2 * Double.pi * cutoff * period
        return r / (1 + r)
    }

    @inlinable @inline(__always)
    public mutating func smooth(_ sample: HeadSample) -> Vec3 {
        let x = sample.position
        switch gate.admit(sample.tracked) {
        case .freeze:
            return gate.initialized ? value : x
        case .initialize:
            value = x
            lastRaw = x
            derivative = .zero
            lastT = sample.t
            return x
        case .update:
            break
        }
        if sample.t > lastT {
            period = sample.t - lastT
            lastT = sample.t
        }
        let previous = variant == .paper ? value : lastRaw
        let inverse = 1 / period
        let dx = Vec3((x.x - previous.x) * inverse, (x.y - previous.y) * inverse, (x.z - previous.z) * inverse)
        let ad = Self.alpha(cutoff: derivativeCutoff, period: period)
        derivative.x += ad * (dx.x - derivative.x)
        derivative.y += ad * (dx.y - derivative.y)
        derivative.z += ad * (dx.z - derivative.z)
        if speed == .axis {
            let ax = Self.alpha(cutoff: minCutoff + beta * abs(derivative.x), period: period)
            let ay = Self.alpha(cutoff: minCutoff + beta * abs(derivative.y), period: period)
            let az = Self.alpha(cutoff: minCutoff + beta * abs(derivative.z), period: period)
            value.x += ax * (x.x - value.x)
            value.y += ay * (x.y - value.y)
            value.z += az * (x.z - value.z)
        } else {
            let a = Self.alpha(cutoff: minCutoff + beta * derivative.length, period: period)
            value.x += a * (x.x - value.x)
            value.y += a * (x.y - value.y)
            value.z += a * (x.z - value.z)
        }
        lastRaw = x
        return value
    }

    public mutating func reset() {
        gate.reset()
        period = 1 / rate
        lastT = 0
        value = .zero
        derivative = .zero
        lastRaw = .zero
    }
}
