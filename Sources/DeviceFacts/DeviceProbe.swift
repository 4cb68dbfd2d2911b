import Geometry

/// A device probe (schema 1): what a recorder on a phone wrote down about the behaviours the simulated platform
/// assumes and Apple does not document — the face anchor's delegate calls, the sensors' timestamps, the
/// renderer's thread, SceneKit's Euler composition and CoreMotion's `multiply(byInverseOf:)` — for
/// `parallax device-check` (`DeviceCheck`) to decide. Read from JSON by `DeviceProbe+Reading.swift`; the format
/// is in docs/arkit-frame.md, "The device probe".
package struct DeviceProbe: Sendable, Equatable {
    /// The three `ARSessionDelegate` anchor callbacks (session(_:didAdd:), session(_:didUpdate:), session(_:didRemove:)).
    package enum DelegateCall: String, Sendable, CaseIterable, Codable {
        case didAdd, didUpdate, didRemove
    }

    /// One delegate call for the face anchor, with the anchor's `isTracked` as passed.
    package struct Call: Sendable, Equatable, Codable {
        /// Seconds, on the clock of the timestamps.
        package var t: Double
        package var call: DelegateCall
        package var tracked: Bool

        package init(t: Double, call: DelegateCall, tracked: Bool) {
            self.t = t
            self.call = call
            self.tracked = tracked
        }
    }

    /// The thread SceneKit called `renderer(_:updateAtTime:)` on.
    package enum RenderThread: String, Sendable, CaseIterable, Codable {
        case main, other
    }

    /// `SCNNode.eulerAngles` as set and `simdTransform` as read back.
    package struct EulerSample: Sendable, Equatable {
        /// (x: pitch, y: yaw, z: roll), radians.
        package var euler: Vec3
        package var matrix: Mat4

        package init(euler: Vec3, matrix: Mat4) {
            self.euler = euler
            self.matrix = matrix
        }
    }

    /// A copy of attitude `a`, `multiply(byInverseOf: b)`, and the copy's quaternion read back (all normalized).
    package struct AttitudeSample: Sendable, Equatable {
        package var a: Quaternion
        package var b: Quaternion
        package var product: Quaternion

        package init(a: Quaternion, b: Quaternion, product: Quaternion) {
            self.a = a
            self.b = b
            self.product = product
        }
    }

    /// The value of the file's `probe` key this reader understands.
    package static let schema = 1

    package var deviceModel: String
    package var systemVersion: String
    /// Every face-anchor delegate call, in order.
    package var delegateCalls: [Call]
    /// The same stretch (the protocol's 10 s) of each stream, s, strictly increasing.
    package var arkitTimestamps: [Double]
    package var motionTimestamps: [Double]
    package var renderTimestamps: [Double]
    /// `CMMotionManager.deviceMotionUpdateInterval` as the app set it, s.
    package var motionRequestedInterval: Double
    package var renderThread: RenderThread
    package var eulerSamples: [EulerSample]
    package var attitudeSamples: [AttitudeSample]

    package init(deviceModel: String, systemVersion: String, delegateCalls: [Call], arkitTimestamps: [Double], motionTimestamps: [Double],
                 renderTimestamps: [Double], motionRequestedInterval: Double, renderThread: RenderThread, eulerSamples: [EulerSample],
                 attitudeSamples: [AttitudeSample]) {
        self.deviceModel = deviceModel
        self.systemVersion = systemVersion
        self.delegateCalls = delegateCalls
        self.arkitTimestamps = arkitTimestamps
        self.motionTimestamps = motionTimestamps
        self.renderTimestamps = renderTimestamps
        self.motionRequestedInterval = motionRequestedInterval
        self.renderThread = renderThread
        self.eulerSamples = eulerSamples
        self.attitudeSamples = attitudeSamples
    }
}
