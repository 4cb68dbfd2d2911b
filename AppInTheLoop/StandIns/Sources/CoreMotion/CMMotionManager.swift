// Stand-in for CoreMotion's motion manager (https://developer.apple.com/documentation/coremotion/cmmotionmanager):
// device-motion updates pushed to a handler on the operation queue the app names
// (https://developer.apple.com/documentation/coremotion/cmmotionmanager/startdevicemotionupdates(using:to:withhandler:)),
// or, started without one, the latest sample kept in `deviceMotion` (what ParallaxRecorder reads).
// No sensor: a simulation (`@_spi(Simulation)`) hands the active managers each sample.

/// The device's rotation rate, rad/s about its x, y and z axes (Apple: `struct CMRotationRate`).
public struct CMRotationRate: Sendable {
    public var x: Double
    public var y: Double
    public var z: Double

    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }
}

/// The reference frame of the attitude (Apple: `struct CMAttitudeReferenceFrame : OptionSet`); only the one
/// the app uses.
public struct CMAttitudeReferenceFrame: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// z vertical, x in an arbitrary horizontal direction (Apple's raw value 1 << 0).
    public static let xArbitraryZVertical = CMAttitudeReferenceFrame(rawValue: 1 << 0)
}

/// One device-motion sample (Apple: `class CMDeviceMotion : CMLogItem`).
open class CMDeviceMotion: NSObject {
    /// The attitude relative to the reference frame (Apple: `var attitude: CMAttitude { get }`).
    open private(set) var attitude: CMAttitude
    /// The rotation rate (Apple: `var rotationRate: CMRotationRate { get }`).
    open private(set) var rotationRate: CMRotationRate
    /// The time the sample was logged, seconds since the device booted (Apple: `CMLogItem.timestamp`,
    /// `var timestamp: TimeInterval { get }`, https://developer.apple.com/documentation/coremotion/cmlogitem/timestamp).
    open private(set) var timestamp: TimeInterval

    @_spi(Simulation) public init(attitude: CMAttitude, rotationRate: CMRotationRate, timestamp: TimeInterval = 0) {
        self.attitude = attitude
        self.rotationRate = rotationRate
        self.timestamp = timestamp
        super.init()
    }
}

/// Apple: `typealias CMDeviceMotionHandler = (CMDeviceMotion?, (any Error)?) -> Void`.
public typealias CMDeviceMotionHandler = (CMDeviceMotion?, (any Error)?) -> Void

/// The object that starts and stops motion updates (Apple: `class CMMotionManager : NSObject`).
open class CMMotionManager: NSObject {
    /// Seconds between device-motion updates (Apple: `var deviceMotionUpdateInterval: TimeInterval`). The
    /// simulation delivers at its trace's sample times; the interval is kept, not used to resample.
    open var deviceMotionUpdateInterval: TimeInterval = 0.01

    /// Whether the device has the sensors for device motion (every device the replay simulates does).
    open var isDeviceMotionAvailable: Bool { Self.simulatedDeviceMotionAvailable }

    @_spi(Simulation) nonisolated(unsafe) public static var simulatedDeviceMotionAvailable = true

    /// Whether device-motion updates run (Apple: `var isDeviceMotionActive: Bool { get }`,
    /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/isdevicemotionactive).
    open var isDeviceMotionActive: Bool { updates != nil }

    /// The latest sample of device-motion data (Apple: `var deviceMotion: CMDeviceMotion? { get }`; nil when none is
    /// available; documented for updates started without a handler,
    /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/devicemotion). Set only for those: Apple
    /// does not say that handler-based updates set it, so the stand-in does not.
    open private(set) var deviceMotion: CMDeviceMotion?

    /// The reference frame of the running updates, else the default (Apple: `var attitudeReferenceFrame:
    /// CMAttitudeReferenceFrame { get }`, "either the reference frame currently being used or the default attitude
    /// reference frame", https://developer.apple.com/documentation/coremotion/cmmotionmanager/attitudereferenceframe;
    /// the default assumed `.xArbitraryZVertical`, the only frame the stand-in has).
    open var attitudeReferenceFrame: CMAttitudeReferenceFrame { updates?.frame ?? .xArbitraryZVertical }

    /// The running updates: a handler and its queue, or none (pulled through `deviceMotion`).
    private var updates: (frame: CMAttitudeReferenceFrame, delivery: (queue: OperationQueue, handler: CMDeviceMotionHandler)?)?

    nonisolated(unsafe) private static var active: [WeakManager] = []

    public override init() {
        super.init()
    }

    /// Starts device-motion updates in `referenceFrame`, calling `handler` on `queue` for each.
    open func startDeviceMotionUpdates(using referenceFrame: CMAttitudeReferenceFrame, to queue: OperationQueue,
                                       withHandler handler: @escaping CMDeviceMotionHandler) {
        updates = (referenceFrame, (queue, handler))
        Self.active.removeAll { $0.manager == nil || $0.manager === self }
        Self.active.append(WeakManager(manager: self))
    }

    /// Starts device-motion updates in `referenceFrame` without a handler: the latest sample is `deviceMotion`
    /// (Apple: `func startDeviceMotionUpdates(using referenceFrame: CMAttitudeReferenceFrame)`,
    /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/startdevicemotionupdates(using:)).
    open func startDeviceMotionUpdates(using referenceFrame: CMAttitudeReferenceFrame) {
        updates = (referenceFrame, nil)
        Self.active.removeAll { $0.manager == nil || $0.manager === self }
        Self.active.append(WeakManager(manager: self))
    }

    /// Stops device-motion updates.
    open func stopDeviceMotionUpdates() {
        updates = nil
        Self.active.removeAll { $0.manager == nil || $0.manager === self }
    }

    /// Simulation, called on the main queue: one sample to every manager with updates started — a new
    /// `CMDeviceMotion` each (the app mutates the attitude it is given). A handler given the main queue runs now,
    /// on it; one given another queue runs as an operation added to that queue; updates without a handler set
    /// `deviceMotion`.
    @_spi(Simulation) public static func deliver(attitude: CMQuaternion, rotationRate: CMRotationRate, timestamp: TimeInterval = 0) {
        dispatchPrecondition(condition: .onQueue(.main))
        for entry in active {
            guard let manager = entry.manager, let updates = manager.updates else { continue }
            let motion = CMDeviceMotion(attitude: CMAttitude(quaternion: attitude), rotationRate: rotationRate, timestamp: timestamp)
            guard let delivery = updates.delivery else {
                manager.deviceMotion = motion
                continue
            }
            let handler = delivery.handler
            if delivery.queue === OperationQueue.main {
                handler(motion, nil)
            } else {
                delivery.queue.addOperation { handler(motion, nil) }
            }
        }
    }

    /// Simulation: forget every manager (a new replay run starts from none).
    @_spi(Simulation) public static func stopAll() {
        active.removeAll()
    }

    private struct WeakManager {
        weak var manager: CMMotionManager?
    }
}
