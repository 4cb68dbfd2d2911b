import AppReplay
import Audit
import Foundation
import Geometry
import Golden
import Imaging
import Plumbing
import Projection
import Rendering
import Reporting
import Scenes
import Smoothing
import Tracking
import Vocabulary

/// Renders a suite's frames, compares each with its golden PNG and writes actual / golden / diff
/// images into the report's frames/ folder. In record mode it writes goldens instead (refused under `CI`).
struct FrameRunner {
    struct Job {
        var name: String
        var spec: FrameSpec
        var specIndex: Int
        var head: Vec3
        /// Seconds since the trace's first sample (video faces); 0 for explicit heads.
        var time: Double = 0
    }

    let loader: SuiteLoader
    let suite: Suite
    let traces: [String: HeadTrace]
    /// The suite's app's code, which a frame with `app: true` draws (nil: the suite's app is the model).
    let appReplay: AppReplay?
    let store: GoldenStore
    let framesDirectory: String
    let record: Bool
    let only: String?
    let environment: [String: String]

    /// The frames to render: one per head, named `NAME` (one head) or `NAME-pK` (K = 1, 2, …).
    func jobs() throws -> [Job] {
        var jobs: [Job] = []
        for (index, spec) in suite.frames.enumerated() {
            var heads = spec.heads
            if let traceName = spec.trace {
                let trace = try traces[traceName] ?? TraceCSVReader.read(contentsOf: loader.resolve(traceName))
                var positions = trace.samples.map(\.position)
                if let smoother = spec.smoother {
                    var filter = smoother.makeSmoother()
                    positions = filter.smooth(trace.samples)
                }
                let start = trace.samples[0].t
                for time in spec.at {
                    guard let sample = trace.samples.firstIndex(where: { $0.t - start >= time }) else {
                        throw loader.error("frames[\(index)].at: \(time) s is past the end of trace '\(traceName)' (\(trace.duration) s)",
                                           at: [.key("frames"), .index(index), .key("at")])
                    }
                    heads.append(positions[sample])
                }
            }
            for (k, head) in heads.enumerated() {
                let name = heads.count == 1 ? spec.name : "\(spec.name)-p\(k + 1)"
                do { try GoldenStore.validate(name: name) } catch {
                    throw loader.error("frames[\(index)].name: \(error)", at: [.key("frames"), .index(index), .key("name")])
                }
                if let only, !name.hasPrefix(only) { continue }
                jobs.append(Job(name: name, spec: spec, specIndex: index, head: head, time: spec.trace != nil ? spec.at[k] : 0))
            }
        }
        return jobs
    }

    func run(_ jobs: [Job], progress: (String) -> Void) throws -> (results: [FrameResult], matrices: [String: CameraSetup]) {
        var results: [FrameResult] = []
        var matrices: [String: CameraSetup] = [:]
        try FileManager.default.createDirectory(atPath: framesDirectory, withIntermediateDirectories: true)
        var rendered: [String: RGBAImage] = [:]
        // The jobs of one frame spec (its heads, or its times along a trace) share the loaded scene.
        var loaded: (specIndex: Int, scene: SceneRenderer)? = nil
        for (n, job) in jobs.enumerated() {
            progress("[frames \(n + 1)/\(jobs.count)] \(job.name)")
            let started = ContinuousClock.now
            let spec = job.spec
            let steps: [SuiteLoader.PathStep] = [.key("frames"), .index(job.specIndex)]
            let screen = spec.screen.value
            let camera: CameraSetup
            do {
                camera = try OffAxisProjection(screen: screen, movementScale: spec.movementScale, view: spec.scene.view.mode).camera(head: job.head)
            } catch {
                throw loader.error("frames[\(job.specIndex)] (\(job.name)): \(error)", at: steps)
            }
            matrices[job.name] = camera
            let size: FrameSize
            let frame: RGBAImage
            do throws(any Error) {
                if let replay = try appCode(spec) {
                    size = try FrameSize(of: screen, scaledBy: spec.scale)
                    frame = try Self.renderAppScene(replay: replay, head: job.head, screen: screen, size: size, parameters: spec.scene.appLook)
                } else {
                if loaded?.specIndex != job.specIndex {
                    loaded = (job.specIndex, try SceneRenderer(spec.scene.source(samples: spec.samples, resolve: loader.resolve), screen: screen))
                }
                size = try FrameSize(of: screen, scaledBy: spec.scale)
                frame = try loaded!.scene.render(camera, size: size, time: job.time)
                }
            } catch where spec.appSource != nil || spec.app {
                let field = spec.app ? "app" : "app_source"
                throw loader.error("\(field): \(error)", at: steps + [.key(field)])
            } catch {
                let field: [SuiteLoader.PathStep] = spec.scene.splat != nil ? [.key("scene"), .key("splat")] : [.key("scene"), .key("textures")]
                throw loader.error("\(spec.scene.splat != nil ? "scene.splat" : "scene.textures"): \(error)", at: steps + field)
            }
            let renderer = spec.appSource != nil || spec.app ? "cube app look of the app's own scene (ray cast, 4× MSAA)"
                : spec.scene.splat != nil ? "splat renderer (\(spec.scene.mode.rawValue))"
                : spec.scene.look == .app ? "cube app look (ray cast, 4× MSAA)" : "cube rasterizer (\(spec.samples)×\(spec.samples) samples)"
            let parameters = GoldenParameters(renderer: renderer, scene: spec.scene.description,
                                              headPose: [job.head.x, job.head.y, job.head.z],
                                              screen: "\(spec.screen.text) \(size.width)x\(size.height), movement scale \(spec.movementScale)",
                                              version: ParallaxVersion.string)
            if record {
                let path = try store.record(image: frame, name: job.name, parameters: parameters, environment: environment)
                progress("recorded \(path)")
            }
            var result = try compare(frame, job: job, camera: camera)
            if let versus = spec.versus {
                guard let other = rendered[versus] else {
                    throw loader.error("frames[\(job.specIndex)].versus: expected the name of a frame rendered earlier in the suite, found '\(versus)'",
                                       at: steps + [.key("versus")])
                }
                do {
                    let difference = try FrameComparator.compare(golden: other, actual: frame)
                    let notCompared: Set = [MetricDescriptor.ssimMin.name, MetricDescriptor.overTolerancePixels.name]
                    result.metrics.merge(difference.metrics.filter { !notCompared.contains($0.key) }
                        .map { (MetricDescriptor.versusPrefix + $0.key, $0.value) }) { $1 }
                } catch {
                    throw loader.error("frames[\(job.specIndex)].versus: \(error)", at: steps + [.key("versus")])
                }
            }
            rendered[job.name] = frame
            result.seconds = started.duration(to: .now).seconds
            try writeParameters(parameters, job: job)
            results.append(result)
        }
        return (results, matrices)
    }

    /// The code a frame of the app's own scene draws: its `app_source`'s, or the suite's app's (`app: true`); nil for a
    /// frame of a model.
    func appCode(_ spec: FrameSpec) throws -> AppReplay? {
        if let appSource = spec.appSource { return try AppReplay(appSource: loader.resolve(appSource), platform: appReplay?.platform ?? .default) }
        return spec.app ? appReplay : nil
    }

    /// The app's own scene for a face anchor held still at `head` (`AppSceneFrames`, a frame at t = 0).
    static func renderAppScene(replay: AppReplay, head: Vec3, screen: ScreenModel, size: FrameSize, parameters: AppLookParameters) throws -> RGBAImage {
        let scenes = try AppSceneFrames.scenes(replay: replay, screen: screen, poses: .still(head, until: 0), events: SceneEvents())
        return try AppSceneFrames.render(scenes[0].frame, screen: screen, size: size, background: RGBA(0, 0, 0), parameters: parameters)
    }

    /// The golden sidecar's parameters beside the actual frame (`frames/STEM.parameters.json`), so that
    /// `parallax accept` can promote the frame without rendering it again.
    private func writeParameters(_ parameters: GoldenParameters, job: Job) throws {
        try AtomicFile.write(try AcceptedFrame.encode(parameters), to: AcceptedFrame.parametersPath(stem: stem(job)))
    }

    private func stem(_ job: Job) -> String {
        (framesDirectory as NSString).appendingPathComponent(AcceptedFrame.stem(of: job.name))
    }

    /// Verifies the frame against its golden, leaving actual / golden / diff images in frames/ (no strip: the page
    /// shows the three images itself) and the changed regions in the result.
    private func compare(_ frame: RGBAImage, job: Job, camera: CameraSetup) throws -> FrameResult {
        let verification = GoldenVerification(tolerance: job.spec.tolerance ?? Tolerance(),
                                              artifactPaths: GoldenVerification.paths(stem: stem(job)).filter { $0.key != .strip })
        let outcome = try verification.verify(frame, golden: { try store.load(job.name) })
        func reportPath(_ artifact: GoldenVerification.Artifact) -> String? {
            outcome.artifacts[artifact].map { "frames/" + ($0 as NSString).lastPathComponent }
        }
        let checks = outcome.comparison?.checks.map {
            FrameResult.Check(limit: $0.limit, value: $0.value, bound: $0.bound, relation: $0.relation, passed: $0.passed)
        } ?? []
        return FrameResult(status: outcome.verdict, name: job.name, scene: job.spec.scene.description, screen: job.spec.screen.text,
                           head: [job.head.x, job.head.y, job.head.z], eye: [camera.eye.x, camera.eye.y, camera.eye.z],
                           width: frame.width, height: frame.height, golden: (try? store.imagePath(for: job.name)) ?? job.name,
                           actualImage: reportPath(.actual)!, goldenImage: reportPath(.golden), diffImage: reportPath(.diff),
                           stripImage: nil, metrics: outcome.comparison?.metrics ?? [:], checks: checks,
                           message: outcome.message, recordCommand: store.recordCommand(job.name),
                           regions: outcome.comparison?.regions, regionCount: outcome.comparison?.regionCount)
    }
}
