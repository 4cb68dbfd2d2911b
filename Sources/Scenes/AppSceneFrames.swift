import AppReplay
import Foundation
import Geometry
import Imaging
import Projection
import Rendering
import TestedApp
import Tracking
import Vocabulary

/// Frames of the cube room drawn from the scene graph the app's own code builds (`parallax render cube
/// --app-source`, a suite frame's `app_source:`): the scene driver replays the app's CubeSceneController on the
/// simulated device of `screen` (a display-table iPhone: its model identifier and panel), fed the face anchor and
/// device motion per display frame and the events between them; each drawn frame's recorded scene graph is drawn
/// by the app look (`AppSceneDrawing`, `AppLookRenderer`) — geometry, materials, lights and camera all from the
/// app; only the shading model's constants (f0, roughness) are ParallaxLab's.
package enum AppSceneFrames {
    /// The display rate the still head is fed at (SCNView's preferredFramesPerSecond = 60 in the app).
    package static let displayRate = 60.0

    /// What the simulated ARKit reports.
    package enum Poses: Sendable {
        /// The face anchor at this position, held still, a display frame every 1/60 s from t = 0 to `until` (the
        /// frame drawn).
        case still(Vec3, until: Double)
        /// A trace's samples, one display frame each, every `every`-th drawn: the anchor as recorded (|z|, as the audit's
        /// ARKit camera-frame hypothesis), the attitude and its rotation rate when the trace has one (else the phone
        /// held still).
        case trace(HeadTrace, name: String, every: Int)
    }

    /// The app's scene after each drawn display frame: (sample index, frame).
    package static func scenes(appSource: String, screen: ScreenModel, poses: Poses, events: SceneEvents,
                               cacheRoot: URL? = nil, platform: SimulatedPlatform = .default) throws -> [(index: Int, frame: AppSceneFrame)] {
        try scenes(replay: try AppReplay(appSource: appSource, cacheRoot: cacheRoot, platform: platform), screen: screen, poses: poses, events: events)
    }

    /// As `scenes(appSource:…)`, with the app's code already found (a suite's app, read once for the run).
    package static func scenes(replay: AppReplay, screen: ScreenModel, poses: Poses, events: SceneEvents) throws -> [(index: Int, frame: AppSceneFrame)] {
        let device = try SimulatedDevice(screen: screen)
        let samples: [SensorSample], drawn: Set<Int>
        switch poses {
        case let .still(head, until):
            let count = Int((until * displayRate).rounded(.down)) + 1
            samples = (0..<count).map { i in
                SensorSample(t: Double(i) / displayRate, anchor: head, tracked: true,
                             attitude: Quaternion(w: 1, x: 0, y: 0, z: 0), rotationRate: Vec3(0, 0, 0))
            }
            drawn = [count - 1]
        case let .trace(trace, name, every):
            samples = try SensorStream(traceName: name, trace: trace, arkitFrame: .camera).samples
            drawn = Set(stride(from: 0, to: samples.count, by: every))
        }
        var run = ReplayRun(device: device, samples: samples, events: events)
        var sampleIndex = 0
        run.steps = run.steps.map { step in
            guard case .sample(let sample) = step else { return step }
            defer { sampleIndex += 1 }
            return drawn.contains(sampleIndex) ? step : .feed(sample)
        }
        let frames = try replay.replayScene([run]).first ?? []
        let indices = drawn.sorted()
        guard frames.count == indices.count else {
            throw AppReplayError.malformedOutput(record: "\(frames.count) scene frames for \(indices.count) drawn samples")
        }
        return Array(zip(indices, frames)).map { (index: $0.0, frame: $0.1) }
    }

    /// One frame of the app's scene, `size` pixels (default: the screen's).
    package static func render(_ frame: AppSceneFrame, screen: ScreenModel, size: FrameSize?, background: RGBA,
                               parameters: AppLookParameters) throws -> RGBAImage {
        let size = try size ?? FrameSize(of: screen)
        let drawing = try AppSceneDrawing(graph: frame.graph)
        return AppLookRenderer.render(world: drawing.world, clipFromWorld: drawing.clipFromWorld, eye: drawing.eye,
                                      width: size.width, height: size.height, background: background,
                                      f0: parameters.f0, roughness: parameters.roughness)
    }

    /// Renders the frames `poses` asks for into `output`: one PNG for a still head, else a directory of
    /// `frame-00000.png` … numbered by sample index. Every scene is checked before any file is written.
    @discardableResult
    package static func write(appSource: String, screen: ScreenModel, poses: Poses, events: SceneEvents, size: FrameSize?,
                              background: RGBA, parameters: AppLookParameters, to output: String, cacheRoot: URL? = nil,
                              platform: SimulatedPlatform = .default) throws -> Int {
        let scenes = try scenes(appSource: appSource, screen: screen, poses: poses, events: events, cacheRoot: cacheRoot, platform: platform)
        for scene in scenes { _ = try AppSceneDrawing(graph: scene.frame.graph) }
        if case .still = poses {
            try PNGCodec.write(try render(scenes[0].frame, screen: screen, size: size, background: background, parameters: parameters), to: output)
            return 1
        }
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        for scene in scenes {
            let image = try render(scene.frame, screen: screen, size: size, background: background, parameters: parameters)
            try PNGCodec.write(image, to: (output as NSString).appendingPathComponent(String(format: "frame-%05d.png", scene.index)))
        }
        return scenes.count
    }
}
