// Stand-in for CoreMotion's attitude (https://developer.apple.com/documentation/coremotion/cmattitude): the
// device's orientation as a unit quaternion, its Euler angles, and the change relative to a reference.
@_exported import Foundation

/// A unit quaternion (Apple: `struct CMQuaternion { var x, y, z, w: Double }`).
public struct CMQuaternion: Sendable {
    public var x: Double
    public var y: Double
    public var z: Double
    public var w: Double

    public init(x: Double, y: Double, z: Double, w: Double) {
        self.x = x
        self.y = y
        self.z = z
        self.w = w
    }
}

/// The device's orientation relative to the reference frame its updates were started with.
open class CMAttitude: NSObject, NSCopying {
    /// The attitude as a unit quaternion (Apple: `var quaternion: CMQuaternion { get }`).
    open private(set) var quaternion: CMQuaternion

    @_spi(Simulation) public init(quaternion: CMQuaternion) {
        self.quaternion = quaternion
        super.init()
    }

    public func copy(with zone: NSZone? = nil) -> Any {
        CMAttitude(quaternion: quaternion)
    }

    // Euler angles. Apple documents the axes — pitch about the device's lateral axis (x, side to side), roll
    // about its longitudinal axis (y, top to bottom), yaw about the axis perpendicular to the screen (z) — but
    // not their order. Inferred (the order under which the documented ranges hold, pitch in ±π/2, roll and yaw
    // in ±π): the rotation is R = Rz(yaw)·Rx(pitch)·Ry(roll), so pitch = asin(R₂₁), roll = atan2(−R₂₀, R₂₂),
    // yaw = atan2(−R₀₁, R₁₁), with R the rotation matrix of `quaternion`.

    /// Rotation about the device's x axis, radians (Apple: `var pitch: Double { get }`).
    open var pitch: Double {
        let q = quaternion
        return asin(max(-1, min(1, 2 * (q.y * q.z + q.w * q.x))))
    }

    /// Rotation about the device's y axis, radians (Apple: `var roll: Double { get }`).
    open var roll: Double {
        let q = quaternion
        return atan2(-2 * (q.x * q.z - q.w * q.y), 1 - 2 * (q.x * q.x + q.y * q.y))
    }

    /// Rotation about the axis perpendicular to the screen, radians (Apple: `var yaw: Double { get }`).
    open var yaw: Double {
        let q = quaternion
        return atan2(-2 * (q.x * q.y - q.w * q.z), 1 - 2 * (q.x * q.x + q.z * q.z))
    }

    /// Replaces this attitude by its change relative to `attitude`: Apple documents that the method
    /// "multiplies the inverse of the specified CMAttitude object by the attitude represented by the receiving
    /// object", so self := attitude⁻¹ · self (Hamilton product, the inverse of a unit quaternion its conjugate).
    open func multiply(byInverseOf attitude: CMAttitude) {
        let a = attitude.quaternion, b = quaternion
        // (a.w, −a.xyz) · (b.w, b.xyz)
        let (aw, ax, ay, az) = (a.w, -a.x, -a.y, -a.z)
        quaternion = CMQuaternion(
            x: aw * b.x + ax * b.w + ay * b.z - az * b.y,
            y: aw * b.y - ax * b.z + ay * b.w + az * b.x,
            z: aw * b.z + ax * b.y - ay * b.x + az * b.w,
            w: aw * b.w - ax * b.x - ay * b.y - az * b.z)
    }
}
