import Dispatch
import Foundation
import Geometry
import Imaging

/// Renders a cube scene from a list of cameras into numbered PNG files (`render cube --path`).
///
/// Frames render one after another, each on all cores; finished frames are encoded and written on a concurrent
/// queue while the next ones render, several at a time, so PNG encoding overlaps rendering and other encodes.
/// A frame's bytes depend only on its camera (the rasterizer is deterministic, each PNG is encoded alone), so
/// the files are byte-identical whatever the thread count. At most `framesInFlight` finished frames wait in
/// memory. Each file is written atomically; on the first failure no further frame starts and the error of the
/// earliest failing frame is thrown once every started write has ended.
public enum CubeSequenceRenderer {
    /// zlib level 1 with the Up filter: the fastest to encode of the choices measured on cube frames (see the
    /// `render cube sequence` benchmark); RGB, since the frames are opaque.
    public static let frameEncoding = PNGWriteOptions(channels: .rgb, compressionLevel: 1, filters: .up)

    public static func render(_ scene: CubeScene, cameras: [Mat4], width: Int, height: Int,
                              options: RasterOptions = RasterOptions(), encoding: PNGWriteOptions = frameEncoding,
                              to paths: [String], framesInFlight: Int = ProcessInfo.processInfo.activeProcessorCount + 1) throws {
        precondition(cameras.count == paths.count, "one output path per camera")
        let failures = FailureLog()
        let slots = DispatchSemaphore(value: max(1, framesInFlight))
        let writes = DispatchGroup()
        let queue = DispatchQueue(label: "parallax.cube-sequence.png", attributes: .concurrent)
        for (index, (camera, path)) in zip(cameras, paths).enumerated() {
            guard !failures.any else { break }
            let image = scene.render(clipFromWorld: camera, width: width, height: height, options: options)
            slots.wait()
            queue.async(group: writes) {
                defer { slots.signal() }
                do { try PNGCodec.write(image, to: path, options: encoding) } catch { failures.record(error, frame: index) }
            }
        }
        writes.wait()
        if let error = failures.earliest { throw error }
    }
}

/// The errors of concurrent frame writes, by frame index.
private final class FailureLog: @unchecked Sendable {  // guarded by `lock`
    private let lock = NSLock()
    private var errors: [Int: Error] = [:]

    func record(_ error: Error, frame: Int) {
        lock.lock()
        errors[frame] = error
        lock.unlock()
    }

    var any: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !errors.isEmpty
    }

    var earliest: Error? {
        lock.lock()
        defer { lock.unlock() }
        return errors.min { $0.key < $1.key }?.value
    }
}
