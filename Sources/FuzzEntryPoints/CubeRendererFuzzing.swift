import Geometry
import Imaging
import Projection
import Rendering

/// The cube renderer on structured input: a room of any sizes, an optional tiny texture (1…4 × 1…4 pixels)
/// on one face, every raster option, a camera from the app's projection or an explicit matrix (as
/// `--camera`), and a frame of 1…48 × 1…48 pixels — through `renderValidated`, the CLI's entry point.
enum CubeRendererFuzzing {
    static func run(_ bytes: [UInt8]) throws {
        var input = FuzzBytes(bytes)
        let room = CubeRoom(width: Double(input.float()), height: Double(input.float()), depth: Double(input.float()))
        var images: [CubeRoom.Face: RGBAImage] = [:]
        if input.flag() {
            let face = CubeRoom.Face.allCases[Int(input.byte()) % CubeRoom.Face.allCases.count]
            let w = input.size(upTo: 4), h = input.size(upTo: 4)
            images[face] = try RGBAImage(width: w, height: h, pixels: (0..<(4 * w * h)).map { _ in input.byte() })
        }
        let scene = CubeScene(room: room, images: images, mipmaps: input.flag(), linearLight: input.flag())
        var options = RasterOptions(samples: [1, 2, 4][Int(input.byte() % 3)], filter: input.flag() ? .trilinear : .bilinear,
                                    filteringSpace: input.flag() ? .linear : .encoded,
                                    background: RGBA(input.byte(), input.byte(), input.byte()))
        options.depthRange = input.flag() ? .zeroToOne : .negativeOneToOne
        let size = try FrameSize(width: input.size(upTo: 48), height: input.size(upTo: 48))
        let clipFromWorld: Mat4
        if input.flag() {
            clipFromWorld = FuzzGeometry.matrix(&input)
        } else {
            let projection = try FuzzGeometry.projection(&input, view: .translate)
            clipFromWorld = try projection.camera(head: FuzzGeometry.vector(&input)).viewProjection
        }
        let image = try scene.renderValidated(clipFromWorld: clipFromWorld, size: size, options: options)
        precondition(image.width == size.width && image.height == size.height, "the frame has the requested size")
    }
}
