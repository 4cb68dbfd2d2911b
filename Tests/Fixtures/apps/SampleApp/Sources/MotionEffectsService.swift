import simd
import Observation

/// The sample's motion effects, each a closed form of the rotation rate: wobble tilts the room by 0.01 × the rate
/// (radians), inertia integrates (rate.y, −rate.x) × 0.5 m/rad over time, bounce is 0.002 × (rate.y, −rate.x) m.
@Observable
final class MotionEffectsService {
    private(set) var wobbleOffset = SIMD3<Float>(0, 0, 0)
    private(set) var inertiaOffset = SIMD2<Float>(0, 0)
    private(set) var bounceOffset = SIMD2<Float>(0, 0)

    func update(rotationRate: SIMD3<Float>, dt: Float, wobbleEnabled: Bool, inertiaEnabled: Bool, bounceEnabled: Bool) {
        let push = SIMD2<Float>(rotationRate.y, -rotationRate.x)
        wobbleOffset = wobbleEnabled ? rotationRate * 0.01 : .zero
        inertiaOffset = inertiaEnabled ? inertiaOffset + push * 0.5 * dt : .zero
        bounceOffset = bounceEnabled ? push * 0.002 : .zero
    }

    func reset() {
        wobbleOffset = .zero
        inertiaOffset = .zero
        bounceOffset = .zero
    }
}
