import Geometry
import Imaging

/// A cube room with one texture per face, ready to render from any camera.
package struct CubeScene: Sendable {
    package var room: CubeRoom
    /// In `CubeRoom.Face.allCases` order: back, left, right, top, bottom.
    package var textures: [Texture]

    /// - Parameter images: a texture image per face; faces without one get the built-in default texture.
    package init(room: CubeRoom, images: [CubeRoom.Face: RGBAImage] = [:], mipmaps: Bool = false, linearLight: Bool = false) {
        self.room = room
        textures = CubeRoom.Face.allCases.map { face in
            let image = images[face] ?? DefaultFaceTextures.texture(for: face)
            return Texture(width: image.width, height: image.height, rgba: image.pixels, mipmaps: mipmaps, linearLight: linearLight)
        }
    }

    /// Renders the room through `clipFromWorld` (projection · view) into a width × height frame.
    package func render(clipFromWorld: Mat4, width: Int, height: Int, options: RasterOptions = RasterOptions()) -> RGBAImage {
        TriangleRasterizer.render(room.clipTriangles(clipFromWorld: clipFromWorld), textures: textures,
                                  width: width, height: height, options: options)
    }
}
