import Geometry
import Vocabulary

extension AppDefaults {
    /// `splatLookAtTarget` as a point of the screen frame.
    public static var splatLookAtTargetVector: Vec3 {
        Vec3(splatLookAtTarget.x, splatLookAtTarget.y, splatLookAtTarget.z)
    }
}
