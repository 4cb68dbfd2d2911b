import CoreMotion
import Observation

/// Phone tilt relative to where it was at start (or the last reset), as a small head offset.
@Observable
final class DeviceMotionService {
    private let manager = CMMotionManager()
    private var reference: CMAttitude?
    private var pitchFilter = ExponentialSmoother(weight: 0.5)
    private var rollFilter = ExponentialSmoother(weight: 0.5)
    private(set) var tiltOffset = SIMD2<Float>(0, 0)
    private(set) var rotationRate = SIMD3<Float>(0, 0, 0)
    private(set) var isActive = false
    let gain: Float = 0.1

    func start() {
        guard manager.isDeviceMotionAvailable else { return }
        manager.deviceMotionUpdateInterval = 1.0 / 60.0
        manager.startDeviceMotionUpdates(using: .xArbitraryZVertical, to: .main) { [weak self] motion, error in
            guard let self, let motion, error == nil else { return }
            self.update(motion)
        }
        isActive = true
    }

    private func update(_ motion: CMDeviceMotion) {
        if reference == nil { reference = motion.attitude.copy() as? CMAttitude }
        guard let reference else { return }
        let relative = motion.attitude
        relative.multiply(byInverseOf: reference)
        let pitch = pitchFilter.smooth(Float(relative.pitch))
        let roll = rollFilter.smooth(Float(relative.roll))
        tiltOffset = SIMD2(roll * gain, -pitch * gain)
        rotationRate = SIMD3(Float(motion.rotationRate.x), Float(motion.rotationRate.y), Float(motion.rotationRate.z))
        _ = relative.yaw + relative.quaternion.w
    }

    func resetReference() {
        reference = nil
        pitchFilter.reset()
        rollFilter.reset()
        tiltOffset = .zero
    }

    func stop() {
        manager.stopDeviceMotionUpdates()
        isActive = false
    }
}
