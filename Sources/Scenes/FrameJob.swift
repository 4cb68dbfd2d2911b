import Foundation
import Geometry
import Imaging
import Projection
import Tracking

/// What a render writes: one frame from a camera file, one frame at a head position, or a sequence along a
/// trace's samples (a directory of `frame-00000.png` …). Without a size, frames take the screen's pixels.
package enum FrameJob: Sendable {
    /// Explicit matrices (`CameraFile`); the file's own size.
    case cameraFile(String)
    /// One head position through `projection`; `naming` says where the head came from in an error.
    case head(Vec3, naming: String, projection: OffAxisProjection, size: FrameSize?)
    /// Every `every`-th sample of the trace CSV at `path`, positions as recorded.
    case trace(path: String, every: Int, projection: OffAxisProjection, size: FrameSize?)

    /// Renders the job with `scene` and writes the PNG(s) to `output` (a file, or a directory for a trace);
    /// returns how many frames were written. `time` is the frame time of image-sequence faces for a single frame.
    @discardableResult
    package func render(_ scene: SceneRenderer, time: Double = 0, to output: String) throws -> Int {
        switch self {
        case .cameraFile(let file):
            try PNGCodec.write(try scene.render(try CameraFile.load(file), from: file, time: time), to: output, options: scene.pngOptions)
            return 1
        case .head(let head, let name, let projection, let size):
            let size = try size ?? FrameSize(of: projection.screen)
            let frame = try scene.render(try projection.camera(head: head, naming: name), size: size, time: time)
            try PNGCodec.write(frame, to: output, options: scene.pngOptions)
            return 1
        case .trace(let path, let every, let projection, let size):
            let size = try size ?? FrameSize(of: projection.screen)
            let sequence = FrameSequence(trace: try TraceCSVReader.read(contentsOf: path), traceName: path, every: every)
            return try sequence.render(scene, projection: projection, size: size, into: output)
        }
    }
}
