import Foundation
import Geometry
import Imaging
import Plumbing
import Projection
import Tracking

/// Frames along a head trace: every `every`-th sample's recorded position through `projection`, written
/// as `DIRECTORY/frame-00000.png` … (numbered by sample index). Every pose is checked before any file is
/// written, so a bad sample fails cleanly. Frames render one after another on all cores while finished
/// frames are encoded concurrently (`PNGPipeline`); the first failed write stops the sequence.
public struct FrameSequence {
    public var trace: HeadTrace
    public var traceName: String
    public var every: Int

    public init(trace: HeadTrace, traceName: String, every: Int) {
        self.trace = trace
        self.traceName = traceName
        self.every = every
    }

    public static func path(of index: Int, in directory: String) -> String {
        (directory as NSString).appendingPathComponent(String(format: "frame-%05d.png", index))
    }

    public func render(_ scene: SceneRenderer, projection: OffAxisProjection, width: Int, height: Int, into directory: String,
                       framesInFlight: Int = ProcessInfo.processInfo.activeProcessorCount + 1) throws {
        let indices = Array(stride(from: 0, to: trace.count, by: every))
        let cameras = try indices.map { index in
            try projection.camera(head: trace.samples[index].position, naming: "\(traceName): sample \(index + 1)")
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let writer = PNGPipeline(options: scene.sequencePNGOptions, framesInFlight: framesInFlight)
        let start = trace.samples.first?.t ?? 0
        for (index, camera) in zip(indices, cameras) where !writer.failed {
            // A stale sort uses the order computed for the pose `sortLag` samples earlier.
            let stale = scene.sortLag > 0 ? try projection.camera(head: trace.samples[max(0, index - scene.sortLag)].position,
                                                                  naming: "\(traceName): sample \(max(0, index - scene.sortLag) + 1)") : nil
            let frame = try scene.render(camera, width: width, height: height, time: trace.samples[index].t - start, sortCamera: stale)
            writer.write(frame, to: Self.path(of: index, in: directory))
        }
        try writer.finish()
    }
}

extension OffAxisProjection {
    /// The camera for one head position; bad geometry is a `SceneError` naming where the head came from.
    public func camera(head: Vec3, naming what: String) throws -> CameraSetup {
        do {
            return try camera(head: head)
        } catch let error as FieldError {
            throw SceneError("\(what): \(error.description)")
        }
    }
}
