// Stand-ins for ARKit's anchors (https://developer.apple.com/documentation/arkit/aranchor,
// https://developer.apple.com/documentation/arkit/arfaceanchor,
// https://developer.apple.com/documentation/arkit/arfacegeometry): data only, made by the simulation.

/// A position and orientation of something of interest (Apple: `class ARAnchor : NSObject`).
open class ARAnchor: NSObject {
    /// The anchor's position and orientation (Apple: "in world coordinates; that is, in a coordinate space
    /// relative to that specified by the worldAlignment property"); column 3 holds the translation.
    open private(set) var transform: simd_float4x4

    @_spi(Simulation) public init(transform: simd_float4x4) {
        self.transform = transform
        super.init()
    }
}

/// A tracked face (Apple: `class ARFaceAnchor : ARAnchor, ARTrackable`).
open class ARFaceAnchor: ARAnchor {
    /// The face's mesh (Apple: `var geometry: ARFaceGeometry { get }`).
    open private(set) var geometry: ARFaceGeometry
    /// Whether ARKit tracks the face in this update (Apple: `ARTrackable.isTracked`).
    open private(set) var isTracked: Bool
    /// The face's left eye (Apple: `var leftEyeTransform: simd_float4x4 { get }`, "the position of the center of the
    /// eyeball, relative to the position represented by the anchor's transform",
    /// https://developer.apple.com/documentation/arkit/arfaceanchor/lefteyetransform); taken in the anchor's frame
    /// (assumed), with no gaze rotation (the simulation has no gaze). Read by ParallaxLab's eye-point patch, not by
    /// the app as shipped.
    open private(set) var leftEyeTransform: simd_float4x4
    /// The face's right eye (Apple: `var rightEyeTransform: simd_float4x4 { get }`), as `leftEyeTransform`.
    open private(set) var rightEyeTransform: simd_float4x4

    /// The simulation's face; eyes not given sit at the anchor's origin (a simulation that does not place them).
    @_spi(Simulation) public init(transform: simd_float4x4, geometry: ARFaceGeometry, isTracked: Bool,
                                  leftEyeTransform: simd_float4x4 = matrix_identity_float4x4,
                                  rightEyeTransform: simd_float4x4 = matrix_identity_float4x4) {
        self.geometry = geometry
        self.isTracked = isTracked
        self.leftEyeTransform = leftEyeTransform
        self.rightEyeTransform = rightEyeTransform
        super.init(transform: transform)
    }
}

/// A face mesh (Apple: `class ARFaceGeometry : NSObject`): vertices in the anchor's frame, and triangles as
/// triples of vertex indices.
open class ARFaceGeometry: NSObject {
    /// The mesh's vertices (Apple: `var vertices: [simd_float3] { get }`).
    open private(set) var vertices: [simd_float3]
    /// The number of triangles (Apple: `var triangleCount: Int { get }`).
    open private(set) var triangleCount: Int
    /// Three vertex indices per triangle (Apple: `var triangleIndices: [Int16] { get }`).
    open private(set) var triangleIndices: [Int16]

    @_spi(Simulation) public init(vertices: [simd_float3], triangleIndices: [Int16]) {
        precondition(triangleIndices.count % 3 == 0, "ARFaceGeometry: three indices per triangle")
        self.vertices = vertices
        self.triangleIndices = triangleIndices
        triangleCount = triangleIndices.count / 3
        super.init()
    }
}
