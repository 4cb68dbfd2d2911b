import Foundation
import Geometry

/// Sums of the squared swim of an on-glass error change that is affine in the movement scale,
/// ΔE(s) = d₀ + s·d₁: Σ w·|θ̇(s)|² = s00 + 2s·s01 + s²·s11 in (°/s)², over `count` (pair, point) terms.
///
/// The swim of a change ΔE over Δt, seen from the true eye along u (eye → on-glass point), is the angular
/// rate |u × ΔE| / (|u|²·Δt): the continuous-time rate of `Swim`'s angle, equal to its atan2 form to first
/// order in |ΔE|/|u| (a fraction of a percent per frame at 60 Hz). |u × ΔE|² is a quadratic form in ΔE, so
/// the RMS at every movement scale follows from three sums — no per-scale pass.
package struct SwimSums: Equatable, Sendable {
    package var terms = [0.0, 0.0, 0.0]
    package var count = 0

    package init() {}

    mutating func merge(_ other: SwimSums) {
        for k in 0..<3 { terms[k] += other.terms[k] }
        count += other.count
    }

    /// RMS swim at scale s, °/s; nil when no frame pair was measured.
    package func rms(_ s: Double) -> Double? {
        guard count > 0 else { return nil }
        return (max(0, terms[0] + 2 * s * terms[1] + s * s * terms[2]) / Double(count)).squareRoot()
    }

    /// The quadratic form |u × d|²·(180/π)²/(|u|⁴·Δt²) for d = (dx, dy, 0) as its Cholesky factor: the form is
    /// (l11·dx + l21·dy)² + (l22·dy)². With c = (180/π)/(|u|²·Δt) and r = √(uy² + uz²): l11 = c·r,
    /// l21 = −c·ux·uy/r, l22 = c·|uz|·|u|/r (closed form, no cancellation). Two products per error component
    /// instead of the form's three weights in the sweep's inner loop.
    static func factor(eye: Vec3, glassX: Double, glassY: Double, interval dt: Double) -> (l11: Double, l21: Double, l22: Double) {
        let ux = glassX - eye.x, uy = glassY - eye.y, uz = -eye.z
        let u2 = ux * ux + uy * uy + uz * uz
        let c = (180 / Double.pi) / (u2 * dt), r = (uy * uy + uz * uz).squareRoot()
        return (c * r, -c * ux * uy / r, c * abs(uz) * u2.squareRoot() / r)
    }

    /// Adds one (pair, point) term Σ|L·(d₀ + s·d₁)|² to the running sums, L the form's factor (l11, l21, l22).
    @inline(__always)
    static func add(_ d0x: Double, _ d0y: Double, _ d1x: Double, _ d1y: Double, factor l11: Double, _ l21: Double, _ l22: Double,
                    to s00: inout Double, _ s01: inout Double, _ s11: inout Double) {
        let w0x = l11 * d0x + l21 * d0y, w0y = l22 * d0y, w1x = l11 * d1x + l21 * d1y, w1y = l22 * d1y
        s00 += w0x * w0x + w0y * w0y
        s01 += w0x * w1x + w0y * w1y
        s11 += w1x * w1x + w1y * w1y
    }
}
