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

    /// Simulation: the order of `multiply(byInverseOf:)`'s product (the `attitude-product` entry).
    @_spi(Simulation) nonisolated(unsafe) public static var simulatedProduct = SimulatedAttitudeProduct.inverseFirst

    /// Replaces this attitude by its change relative to `attitude`: Apple documents that the method
    /// "multiplies the inverse of the specified CMAttitude object by the attitude represented by the receiving
    /// object", read as self := attitude⁻¹ · self (Hamilton product, the inverse of a unit quaternion its
    /// conjugate); the quaternion order of that sentence is not stated, so a replay may assume self · attitude⁻¹.
    open func multiply(byInverseOf attitude: CMAttitude) {
        let r = attitude.quaternion, inverse = CMQuaternion(x: -r.x, y: -r.y, z: -r.z, w: r.w)
        switch Self.simulatedProduct {
        case .inverseFirst: quaternion = Self.hamilton(inverse, quaternion)
        case .inverseLast: quaternion = Self.hamilton(quaternion, inverse)
        }
    }

    /// The Hamilton product a · b.
    private static func hamilton(_ a: CMQuaternion, _ b: CMQuaternion) -> CMQuaternion {
        CMQuaternion(
            x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
            y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
            z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
            w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z)
    }
}

/// The order of `multiply(byInverseOf: reference)`: reference⁻¹ · attitude (`inverseFirst`, the stand-in's
/// default) or attitude · reference⁻¹ (`inverseLast`).
@_spi(Simulation) public enum SimulatedAttitudeProduct: Sendable {
    case inverseFirst, inverseLast
}
