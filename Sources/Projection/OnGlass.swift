import Geometry

/// Where the translate-view (pinned-glass) off-axis projection puts a point on the screen plane — the one
/// formula behind every on-screen parallax error (`ParallaxAccuracy`, the suite's error series and the
/// tuner's closed-form sums).
///
/// For an eye e and a point X behind the glass the line from e through X meets z = 0 at
/// x = (ez·X − ex·Z)/(ez − Z), y = (ez·Y − ey·Z)/(ez − Z) (meters on the model's screen). With the eye at
/// movement scale s, e = (s·hx, s·hy, ez), the position is affine in s: a₀ + s·a₁ — which is how the tuner
/// gets exact RMS errors at every scale from one pass.
public enum OnGlass {
    /// 1 / (ez − Z): shared by every eye at the same distance.
    @inline(__always) public static func inverseDepth(of point: Vec3, from eye: Vec3) -> Double { 1 / (eye.z - point.z) }

    /// The on-glass position of `point` seen from `eye`, given `inverseDepth(of:from:)`.
    @inline(__always)
    public static func position(of point: Vec3, from eye: Vec3, inverseDepth: Double) -> (x: Double, y: Double) {
        ((eye.z * point.x - eye.x * point.z) * inverseDepth, (eye.z * point.y - eye.y * point.z) * inverseDepth)
    }

    /// The affine parts of the position in the movement scale s for a head at (hx, hy) and eye distance ez:
    /// position = offset + s·slope, offset = ez·(X, Y)/(ez − Z), slope = −(hx, hy)·Z/(ez − Z) — `position` split
    /// in two, each part with the fewest operations (the tuner evaluates it for every frame, point and smoother).
    @inline(__always)
    public static func affine(of point: Vec3, head: Vec3, inverseDepth: Double) -> (offset: (x: Double, y: Double), slope: (x: Double, y: Double)) {
        ((head.z * point.x * inverseDepth, head.z * point.y * inverseDepth),
         (-head.x * point.z * inverseDepth, -head.y * point.z * inverseDepth))
    }
}
