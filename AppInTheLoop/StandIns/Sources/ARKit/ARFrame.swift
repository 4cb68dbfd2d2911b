// Stand-ins for ARKit's frame and camera (https://developer.apple.com/documentation/arkit/arframe,
// https://developer.apple.com/documentation/arkit/arcamera): data only, made by the simulation. What
// ParallaxRecorder (AppInTheLoop/Recorder) reads of a frame.

/// A video image captured as part of a session, with position-tracking information (Apple: `class ARFrame :
/// NSObject, NSCopying`).
open class ARFrame: NSObject {
    /// The time at which the frame was captured, seconds (Apple: `var timestamp: TimeInterval { get }`).
    open private(set) var timestamp: TimeInterval
    /// Information about the camera position, orientation and imaging parameters (Apple: `var camera: ARCamera { get }`).
    open private(set) var camera: ARCamera
    /// The anchors the session tracks at this frame (Apple: `var anchors: [ARAnchor] { get }`).
    open private(set) var anchors: [ARAnchor]

    @_spi(Simulation) public init(timestamp: TimeInterval, camera: ARCamera, anchors: [ARAnchor]) {
        self.timestamp = timestamp
        self.camera = camera
        self.anchors = anchors
        super.init()
    }
}

/// Information about the camera position and imaging characteristics for a captured frame (Apple: `class
/// ARCamera : NSObject, NSCopying`).
open class ARCamera: NSObject {
    /// The position and orientation of the camera in world coordinate space (Apple: `var transform:
    /// simd_float4x4 { get }`; its axes are the sensor's, x along the device's long axis).
    open private(set) var transform: simd_float4x4

    @_spi(Simulation) public init(transform: simd_float4x4) {
        self.transform = transform
        super.init()
    }
}
