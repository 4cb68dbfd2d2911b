import Geometry
import Imaging

/// Which look the cube room is drawn with.
package enum CubeLook: String, CaseIterable, Sendable {
    /// The unlit, opaque, textured room (what Mesa llvmpipe agrees with; the goldens of the geometry).
    case reference
    /// The app's SceneKit room: 50 % transparent lit faces, edge cylinders, 4× MSAA (`AppLookRenderer`).
    case app
}

/// The app's room with what each face shows (a photo, a video as an image sequence, or nothing: black),
/// ready to render at any camera and frame time.
package struct AppLookScene: Sendable {
    package var room: CubeRoom
    package var faces: [CubeRoom.Face: FaceMedia]
    package var parameters: AppLookParameters
    package var background: RGBA

    package init(room: CubeRoom, faces: [CubeRoom.Face: FaceMedia] = [:], parameters: AppLookParameters = AppLookParameters(),
                background: RGBA = RGBA(0, 0, 0)) {
        self.room = room
        self.faces = faces
        self.parameters = parameters
        self.background = background
    }

    /// The frame at `time` seconds (image-sequence faces show their frame for that time).
    /// - Parameter eye: the camera position in world meters (the ray origin).
    package func render(clipFromWorld: Mat4, eye: Vec3, width: Int, height: Int, time: Double = 0) -> RGBAImage {
        AppLookRenderer.render(room: room, faces: faces.mapValues { $0.image(at: time) }, clipFromWorld: clipFromWorld, eye: eye,
                               width: width, height: height, background: background, parameters: parameters)
    }
}
