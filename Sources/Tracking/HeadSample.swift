import Geometry

/// One head-tracking update: when it arrived, where the tracker put the eye point, and whether the tracker
/// was actually tracking (ARKit's `isTracked`).
///
/// `t` is in seconds (any origin, strictly increasing within a trace); `position` is in meters in the
/// world frame (screen centre at the origin, +z toward the viewer). When `tracked` is false the position is
/// whatever the pipeline was fed — the app keeps feeding the last (frozen) pose.
public struct HeadSample: Hashable, Sendable {
    public var t: Double
    public var position: Vec3
    public var tracked: Bool

    public init(t: Double, position: Vec3, tracked: Bool = true) {
        self.t = t
        self.position = position
        self.tracked = tracked
    }
}
