// Stand-in for UIKit's device (https://developer.apple.com/documentation/uikit/uidevice): the operating system's
// version, which ParallaxRecorder (AppInTheLoop/Recorder) writes in its header. The simulation sets it.

/// A representation of the current device (Apple: `@MainActor class UIDevice : NSObject`: UIKit's classes are
/// main-actor isolated, so Swift 6 code reads it on the main actor only).
@MainActor open class UIDevice: NSObject {
    /// The device the app runs on (Apple: `class var current: UIDevice { get }`).
    open class var current: UIDevice { simulatedCurrent }

    /// The current version of the operating system, e.g. "17.4" (Apple: `var systemVersion: String { get }`).
    open private(set) var systemVersion: String

    @_spi(Simulation) public init(systemVersion: String) {
        self.systemVersion = systemVersion
        super.init()
    }

    /// Simulation: the simulated device (set on the main actor, as the class is).
    @_spi(Simulation) public static var simulatedCurrent = UIDevice(systemVersion: "17.4")
}
