import Foundation
import Imaging
import Vocabulary

/// What the app shows on a face: a photo, or a video as an image sequence that advances with the frame time.
package enum FaceMedia: Sendable {
    case still(RGBAImage)
    /// Frames in order, shown at `fps`, looping (AVPlayer with the app's loop).
    case sequence([RGBAImage], fps: Double)

    /// The image shown at time `t` seconds (frame ⌊t·fps⌋ modulo the count; negative or non-finite times show
    /// frame 0).
    package func image(at t: Double) -> RGBAImage {
        switch self {
        case .still(let image): return image
        case .sequence(let frames, let fps):
            let position = (t * fps).rounded(.down)
            let index = position.isFinite && position > 0 ? Int(min(position, 1e15)) % frames.count : 0
            return frames[index]
        }
    }

    /// Upper bounds for one sequence (a folder is read whole into memory): frames, and pixels over all frames
    /// (256 Mpx = 1 GiB of RGBA).
    package static let maximumFrames = 10_000
    package static let maximumTotalPixels = 256 << 20

    /// A PNG file, or a folder of PNGs (sorted by file name) as a sequence at `fps`.
    package static func load(_ path: String, fps: Double) throws -> FaceMedia {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FieldError(FieldPath(), expected: "a PNG file or a folder of PNGs", found: "nothing", file: path)
        }
        guard isDirectory.boolValue else { return .still(try PNGCodec.read(contentsOf: path)) }
        let names = try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.lowercased().hasSuffix(".png") }.sorted()
        guard !names.isEmpty else { throw FieldError(FieldPath(), expected: "a folder of PNG frames", found: "no .png file", file: path) }
        guard names.count <= maximumFrames else {
            throw FieldError(FieldPath(), expected: "at most \(maximumFrames) frames", found: "\(names.count)", file: path)
        }
        var frames: [RGBAImage] = []
        var pixels = 0
        for name in names {
            let frame = try PNGCodec.read(contentsOf: (path as NSString).appendingPathComponent(name))
            pixels += frame.width * frame.height
            guard pixels <= maximumTotalPixels else {
                throw FieldError(FieldPath(), expected: "at most \(maximumTotalPixels) pixels over all frames of a video face", found: "more",
                                 file: "\(path)/\(name)")
            }
            frames.append(frame)
        }
        return .sequence(frames, fps: fps)
    }
}
