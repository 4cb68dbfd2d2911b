// Linux only: every test builds a CMAttitude from a quaternion or delivers samples, which only the stand-in can
// (`@_spi(Simulation)`; Apple's CMAttitude has no public initializer and a Mac no device motion). On a device the
// probe's attitude_samples settle multiply(byInverseOf:) (docs/arkit-frame.md, "The device probe").
#if os(Linux)
@_spi(Simulation) import CoreMotion
import Foundation
import Testing

/// CMAttitude's Euler angles and relative attitude as CoreMotion documents them (axes: pitch about x, roll about
/// y, yaw about z; `multiply(byInverseOf:)` = the argument's inverse times the receiver), and the manager's
/// delivery on the queue it was given.
/// Serialized: one test switches the simulation's product order, a process-wide setting (as the replay driver sets
/// it once), and no other suite multiplies attitudes.
@Suite(.serialized) struct CoreMotionTests {
    /// The unit quaternion of a rotation by `angle` about a unit `axis`.
    static func rotation(_ axis: (Double, Double, Double), _ angle: Double) -> CMQuaternion {
        let s = sin(angle / 2)
        return CMQuaternion(x: axis.0 * s, y: axis.1 * s, z: axis.2 * s, w: cos(angle / 2))
    }

    /// The Hamilton product a·b.
    static func product(_ a: CMQuaternion, _ b: CMQuaternion) -> CMQuaternion {
        CMQuaternion(x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
                     y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
                     z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
                     w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z)
    }

    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-12 }

    @Test func eachAngleIsTheRotationAboutItsDocumentedAxis() {
        let pitch = CMAttitude(quaternion: Self.rotation((1, 0, 0), 0.3))
        #expect(Self.close(pitch.pitch, 0.3) && Self.close(pitch.roll, 0) && Self.close(pitch.yaw, 0))
        let roll = CMAttitude(quaternion: Self.rotation((0, 1, 0), -0.7))
        #expect(Self.close(roll.pitch, 0) && Self.close(roll.roll, -0.7) && Self.close(roll.yaw, 0))
        let yaw = CMAttitude(quaternion: Self.rotation((0, 0, 1), 2.5))
        #expect(Self.close(yaw.pitch, 0) && Self.close(yaw.roll, 0) && Self.close(yaw.yaw, 2.5))
    }

    @Test func aComposedAttitudeSplitsIntoYawPitchRollInTheInferredOrder() {
        // R = Rz(yaw)·Rx(pitch)·Ry(roll) (the order the stand-in infers: pitch within ±π/2, roll and yaw within ±π).
        let q = Self.product(Self.product(Self.rotation((0, 0, 1), 1.1), Self.rotation((1, 0, 0), -0.4)), Self.rotation((0, 1, 0), 2.0))
        let attitude = CMAttitude(quaternion: q)
        #expect(Self.close(attitude.yaw, 1.1) && Self.close(attitude.pitch, -0.4) && Self.close(attitude.roll, 2.0))
    }

    @Test func multiplyByInverseOfGivesTheChangeRelativeToTheReference() {
        // reference Rz(0.4); now Rz(0.4)·Rx(0.3): the change is Rx(0.3) (reference⁻¹·now), not Rz(0.4)·Rx(0.3)·Rz(−0.4).
        let reference = CMAttitude(quaternion: Self.rotation((0, 0, 1), 0.4))
        let now = CMAttitude(quaternion: Self.product(Self.rotation((0, 0, 1), 0.4), Self.rotation((1, 0, 0), 0.3)))
        now.multiply(byInverseOf: reference)
        let expected = Self.rotation((1, 0, 0), 0.3)
        #expect(Self.close(now.quaternion.w, expected.w) && Self.close(now.quaternion.x, expected.x))
        #expect(Self.close(now.quaternion.y, 0) && Self.close(now.quaternion.z, 0))
        #expect(Self.close(now.pitch, 0.3) && Self.close(now.roll, 0) && Self.close(now.yaw, 0))
    }

    @Test func theAlternativeProductPutsTheInverseLast() {
        // The `attitude-product` alternative: now · reference⁻¹ = Rz(0.4)·Rx(0.3)·Rz(−0.4), a pitch turned by the
        // reference's yaw — by hand: the axis Rz(0.4)·(1, 0, 0) = (cos 0.4, sin 0.4, 0), the angle 0.3.
        CMAttitude.simulatedProduct = .inverseLast
        defer { CMAttitude.simulatedProduct = .inverseFirst }
        let reference = CMAttitude(quaternion: Self.rotation((0, 0, 1), 0.4))
        let now = CMAttitude(quaternion: Self.product(Self.rotation((0, 0, 1), 0.4), Self.rotation((1, 0, 0), 0.3)))
        now.multiply(byInverseOf: reference)
        let expected = Self.rotation((cos(0.4), sin(0.4), 0), 0.3)
        #expect(Self.close(now.quaternion.w, expected.w) && Self.close(now.quaternion.x, expected.x))
        #expect(Self.close(now.quaternion.y, expected.y) && Self.close(now.quaternion.z, 0))
    }

    @Test func aCopyIsIndependentOfTheOriginal() throws {
        let original = CMAttitude(quaternion: Self.rotation((1, 0, 0), 0.2))
        let copy = try #require(original.copy() as? CMAttitude)
        original.multiply(byInverseOf: CMAttitude(quaternion: Self.rotation((1, 0, 0), 0.2)))
        #expect(Self.close(copy.pitch, 0.2))
        #expect(Self.close(original.pitch, 0))
    }

    @MainActor @Test func updatesRunOnTheGivenQueueOnePerSampleUntilStopped() async {
        let manager = CMMotionManager()
        #expect(manager.isDeviceMotionAvailable)
        var received: [Double] = []
        manager.startDeviceMotionUpdates(using: .xArbitraryZVertical, to: .main) { motion, error in
            #expect(Self.onMainQueue && error == nil)
            received.append(motion!.attitude.pitch)
        }
        CMMotionManager.deliver(attitude: Self.rotation((1, 0, 0), 0.1), rotationRate: CMRotationRate(x: 0, y: 0, z: 0))
        CMMotionManager.deliver(attitude: Self.rotation((1, 0, 0), 0.2), rotationRate: CMRotationRate(x: 0, y: 0, z: 0))
        await Self.settle()
        manager.stopDeviceMotionUpdates()
        CMMotionManager.deliver(attitude: Self.rotation((1, 0, 0), 0.3), rotationRate: CMRotationRate(x: 0, y: 0, z: 0))
        await Self.settle()
        #expect(received.count == 2 && Self.close(received[0], 0.1) && Self.close(received[1], 0.2))
    }

    static let mainQueueKey = DispatchSpecificKey<Bool>()

    /// Whether the caller runs on the main queue (the test runner may drain it on a thread other than the main one).
    static var onMainQueue: Bool {
        DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
        return DispatchQueue.getSpecific(key: mainQueueKey) == true
    }

    /// Runs what the main queue holds (twice over).
    static func settle() async {
        for _ in 0..<2 {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in DispatchQueue.main.async { done.resume() } }
        }
    }
}
#endif
