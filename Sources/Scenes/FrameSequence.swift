import Foundation
import Geometry
import Imaging
import Projection
import Splatting
import Tracking
import Vocabulary

/// Frames along a head trace: every `every`-th sample's recorded position through `projection`, written
/// as `DIRECTORY/frame-00000.png` … (numbered by sample index). Every pose is checked before any file is
/// written, so a bad sample fails cleanly. Frames render one after another on all cores while finished
/// frames are encoded concurrently (`PNGPipeline`); the first failed write stops the sequence.
package struct FrameSequence {
    package var trace: HeadTrace
    package var traceName: String
    package var every: Int

    package init(trace: HeadTrace, traceName: String, every: Int) {
        self.trace = trace
        self.traceName = traceName
        self.every = every
    }

    package static func path(of index: Int, in directory: String) -> String {
        (directory as NSString).appendingPathComponent(String(format: "frame-%05d.png", index))
    }

    /// Renders and writes the frames; returns how many.
    @discardableResult
    package func render(_ scene: SceneRenderer, projection: OffAxisProjection, size: FrameSize, into directory: String,
                       framesInFlight: Int = ProcessInfo.processInfo.activeProcessorCount + 1) throws -> Int {
        let indices = Array(stride(from: 0, to: trace.count, by: every))
        let cameras = try indices.map { index in
            try projection.camera(head: trace.samples[index].position, naming: "\(traceName): sample \(index + 1)")
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let writer = PNGPipeline(options: scene.sequencePNGOptions, framesInFlight: framesInFlight)
        let start = trace.samples.first?.t ?? 0
        // The newest completed asynchronous sort, computed once and reused by every frame that uses it.
        var sort: (sample: Int, order: SplatOrder?)? = nil
        for (index, camera) in zip(indices, cameras) where !writer.failed {
            var order: SplatOrder? = nil
            if scene.sortLag > 0 {
                let sample = Self.sortSample(for: index, lag: scene.sortLag)
                if sort?.sample != sample {
                    let sortCamera = try projection.camera(head: trace.samples[sample].position, naming: "\(traceName): sample \(sample + 1)")
                    sort = (sample, try scene.splatOrder(for: sortCamera, size: size))
                }
                order = sort?.order
            }
            let frame = try scene.render(camera, size: size, time: trace.samples[index].t - start, sortOrder: order)
            writer.write(frame, to: Self.path(of: index, in: directory))
        }
        try writer.finish()
        return indices.count
    }

    /// The sample whose pose orders the splats of the frame at sample `index` when the app's asynchronous sort takes
    /// `lag` samples: sorts start at samples 0, lag, 2·lag, … with that sample's pose (the sort loop takes the newest
    /// pose whenever it is idle) and complete `lag` samples later; a frame uses the newest completed sort, and the
    /// frames before the first completes wait for it (`sortTimeout`), so they use sample 0's.
    /// scier/MetalSplatter @ 71ff248 (1.0.1): MetalSplatter/Sources/SplatSorter.swift:324–328 (each frame's pose
    /// marks a sort as needed), 515–560 (the loop sorts for the newest pose), SplatRenderer.swift:826–827 (a
    /// frame takes the newest sorted indices).
    package static func sortSample(for index: Int, lag: Int) -> Int {
        guard lag > 0 else { return index }
        return lag * max(0, index / lag - 1)
    }
}

extension OffAxisProjection {
    /// The camera for one head position; bad geometry is a `SceneError` naming where the head came from.
    package func camera(head: Vec3, naming what: String) throws -> CameraSetup {
        do {
            return try camera(head: head)
        } catch let error as FieldError {
            throw SceneError("\(what): \(error.description)")
        }
    }
}
