// Stand-ins for ARKit's configurations (https://developer.apple.com/documentation/arkit/arconfiguration,
// https://developer.apple.com/documentation/arkit/arfacetrackingconfiguration): the settings the app touches.

/// The base of every AR configuration (Apple: `class ARConfiguration : NSObject, NSCopying`).
open class ARConfiguration: NSObject {
    /// Whether the session estimates the scene's lighting (Apple: default true).
    open var isLightEstimationEnabled = true
}

/// Face tracking with the front TrueDepth camera (Apple: `class ARFaceTrackingConfiguration : ARConfiguration`).
open class ARFaceTrackingConfiguration: ARConfiguration {
    /// Whether the device supports face tracking (Apple: `class var isSupported: Bool { get }` — true on
    /// devices with a TrueDepth camera).
    open class var isSupported: Bool { simulatedSupport }

    /// Simulation: whether the simulated device has a TrueDepth camera (every device the replay simulates does).
    @_spi(Simulation) nonisolated(unsafe) public static var simulatedSupport = true

    public override init() {
        super.init()
    }
}
