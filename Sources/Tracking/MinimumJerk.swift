import Geometry

/// The minimum-jerk point-to-point profile (Flash & Hogan 1985), the standard model of a deliberate
/// human reaching or head movement: x(s) = x0 + (x1 − x0)·(10s³ − 15s⁴ + 6s⁵), s = t/T ∈ [0, 1].
/// Velocity and acceleration are zero at both ends; peak speed 1.875·|x1 − x0|/T at s = ½.
public enum MinimumJerk {
    /// Fraction of the way from start to end at normalised time s (clamped to [0, 1]).
    @inlinable public static func fraction(_ s: Double) -> Double {
        let u = min(max(s, 0), 1)
        let u3 = u * u * u
        return u3 * (10 + u * (-15 + 6 * u))
    }

    /// Position at time t of a move from `start` to `end` lasting `duration` seconds.
    @inlinable public static func position(from start: Vec3, to end: Vec3, duration: Double, at t: Double) -> Vec3 {
        start + (end - start) * fraction(t / duration)
    }
}
