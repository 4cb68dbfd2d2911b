// Stand-ins for ARKit's configurations (https://developer.apple.com/documentation/arkit/arconfiguration,
// https://developer.apple.com/documentation/arkit/arfacetrackingconfiguration): the settings the app touches.

/// The base of every AR configuration (Apple: `class ARConfiguration : NSObject, NSCopying`).
open class ARConfiguration: NSObject {
    /// Whether the session estimates the scene's lighting (Apple: default true).
    open var isLightEstimationEnabled = true

    /// How the session maps real-world motion into a 3D scene coordinate system (Apple: `var worldAlignment:
    /// ARConfiguration.WorldAlignment`, default `.gravity`;
    /// https://developer.apple.com/documentation/arkit/arconfiguration/worldalignment).
    open var worldAlignment: WorldAlignment = .gravity

    /// Options for how ARKit constructs a scene coordinate system (Apple: `enum WorldAlignment : Int`,
    /// https://developer.apple.com/documentation/arkit/arconfiguration/worldalignment-swift.enum).
    public enum WorldAlignment: Int, Sendable {
        /// y parallel to gravity, origin the device's initial position.
        case gravity = 0
        /// y parallel to gravity, x and z oriented to compass heading.
        case gravityAndHeading = 1
        /// The scene's coordinate system locked to match the camera's orientation.
        case camera = 2
    }
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
