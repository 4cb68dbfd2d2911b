import Geometry

extension Swim {
    /// The swim of one point over one frame pair, degrees per second at the true eye: the angle between the rays
    /// from `trueEye` to the true on-glass position `glass` and to `glass + errorChange` (the change of the
    /// on-glass error over the pair), over the pair's `interval` (s). `Swim.evaluate` and the tuning view's
    /// per-frame series both use it, so the two cannot drift apart.
    @inline(__always)
    package static func rate(errorChange: Vec3, glass: Vec3, trueEye: Vec3, interval: Double) -> Double {
        angle(at: trueEye, to: glass, displacedBy: errorChange) / interval
    }
}
