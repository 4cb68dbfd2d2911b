import Foundation
import Geometry
import Golden
import Imaging
import Projection
import Reporting
import Rendering
import Smoothing
import Splatting
import Tracking

/// Renders a suite's frames, compares each with its golden PNG and writes actual / golden / diff / strip
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
                    let parsed: SmootherSpec
                    do { parsed = try SmootherSpec(smoother) } catch {
                        throw loader.error("frames[\(index)].smoother: \(error)", at: [.key("frames"), .index(index), .key("smoother")])
                    }
                    var filter = parsed.makeSmoother()
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
        for job in jobs {
            progress("frame \(job.name)")
            let spec = job.spec
            let steps: [SuiteLoader.PathStep] = [.key("frames"), .index(job.specIndex)]
            let screen: ScreenModel
            do { screen = try ScreenModel.parse(spec.screen) } catch {
                throw loader.error("frames[\(job.specIndex)].screen: \(error)", at: steps + [.key("screen")])
            }
            let camera: CameraSetup
            do {
                let view: OffAxisProjection.ViewMode = spec.scene.view == "splat" ? .splat : .translate
                camera = try OffAxisProjection(screen: screen, movementScale: spec.movementScale, view: view).camera(head: job.head)
            } catch {
                throw loader.error("frames[\(job.specIndex)] (\(job.name)): \(error)", at: steps)
            }
            matrices[job.name] = camera
            let width = max(1, Int((Double(screen.pixelWidth) * spec.scale).rounded()))
            let height = max(1, Int((Double(screen.pixelHeight) * spec.scale).rounded()))
            let frame: RGBAImage
            if let splatPath = spec.scene.splat {
                frame = try renderSplats(path: splatPath, spec: spec, screen: screen, camera: camera, width: width, height: height, steps: steps)
            } else if spec.scene.look == .app {
                frame = try appLookScene(spec, screen: screen, steps: steps)
                    .render(clipFromWorld: camera.viewProjection, eye: camera.eye, width: width, height: height, time: job.time)
            } else {
                frame = try cubeScene(spec, screen: screen, steps: steps).render(
                    clipFromWorld: camera.viewProjection, width: width, height: height,
                    options: RasterOptions(samples: spec.samples, depthRange: camera.clip == .metal ? .zeroToOne : .negativeOneToOne))
            }
            let flatName = job.name.replacingOccurrences(of: "/", with: "__")
            let actualFile = "\(flatName).actual.png"
            try PNGCodec.write(frame, to: (framesDirectory as NSString).appendingPathComponent(actualFile))
            let renderer = spec.scene.splat != nil ? "splat renderer (\(spec.scene.mode))"
                : spec.scene.look == .app ? "cube app look (ray cast, 4× MSAA)" : "cube rasterizer (\(spec.samples)×\(spec.samples) samples)"
            let parameters = GoldenParameters(renderer: renderer, scene: spec.scene.description,
                                              headPose: [job.head.x, job.head.y, job.head.z],
                                              screen: "\(spec.screen) \(width)x\(height), movement scale \(spec.movementScale)",
                                              version: ParallaxVersion.string)
            if record {
                let path = try store.record(image: frame, name: job.name, parameters: parameters, environment: environment)
                progress("recorded \(path)")
            }
            var result = try compare(frame, job: job, screen: screen, camera: camera, actualFile: actualFile, flatName: flatName)
            if let versus = spec.versus {
                guard let other = rendered[versus] else {
                    throw loader.error("frames[\(job.specIndex)].versus: expected the name of a frame rendered earlier in the suite, found '\(versus)'",
                                       at: steps + [.key("versus")])
                }
                result.metrics.merge(try versusMetrics(frame, other, steps: steps)) { $1 }
            }
            rendered[job.name] = frame
            results.append(result)
        }
        return (results, matrices)
    }

    private func compare(_ frame: RGBAImage, job: Job, screen: ScreenModel, camera: CameraSetup, actualFile: String, flatName: String) throws -> FrameResult {
        let tolerance: Tolerance
        do { tolerance = try job.spec.tolerance.map { try Tolerance(parsing: $0) } ?? Tolerance() } catch {
            throw loader.error("frames[\(job.specIndex)].tolerance: \(error)", at: [.key("frames"), .index(job.specIndex), .key("tolerance")])
        }
        func result(_ status: String, golden: String?, diff: String?, strip: String?, metrics: [String: Double], checks: [FrameResult.Check], message: String?) -> FrameResult {
            FrameResult(status: status, name: job.name, scene: job.spec.scene.description, screen: job.spec.screen,
                        head: [job.head.x, job.head.y, job.head.z], eye: [camera.eye.x, camera.eye.y, camera.eye.z],
                        width: frame.width, height: frame.height, golden: (try? store.imagePath(for: job.name)) ?? job.name,
                        actualImage: "frames/\(actualFile)", goldenImage: golden, diffImage: diff, stripImage: strip,
                        metrics: metrics, checks: checks, message: message, recordCommand: store.recordCommand(job.name))
        }
        let golden: RGBAImage
        do {
            golden = try store.load(job.name)
        } catch let error as GoldenError {
            if case .missing = error { return result("missing", golden: nil, diff: nil, strip: nil, metrics: [:], checks: [], message: "\(error)") }
            return result("error", golden: nil, diff: nil, strip: nil, metrics: [:], checks: [], message: "\(error)")
        }
        let goldenFile = "\(flatName).golden.png"
        try PNGCodec.write(golden, to: (framesDirectory as NSString).appendingPathComponent(goldenFile))
        let comparison: FrameComparison
        do {
            comparison = try FrameComparator.compare(golden: golden, actual: frame, tolerance: tolerance)
        } catch {
            return result("error", golden: "frames/\(goldenFile)", diff: nil, strip: nil, metrics: [:], checks: [], message: "\(error)")
        }
        var metrics: [String: Double] = [
            "max_channel_diff": Double(comparison.maxChannelDiff),
            "over_tolerance_pixels": Double(comparison.overTolerancePixels),
            "over_tolerance_fraction": comparison.overToleranceFraction,
            "mean_absolute_error": comparison.meanAbsoluteError,
        ]
        if let psnr = comparison.psnr { metrics["psnr_db"] = psnr }
        if let ssim = comparison.ssim {
            metrics["ssim_mean"] = ssim.mean
            metrics["ssim_min"] = ssim.minimum
        }
        let checks = comparison.checks.map { FrameResult.Check(limit: $0.limit, value: $0.value, bound: $0.bound, relation: $0.relation, passed: $0.passed) }
        var diffFile: String?, stripFile: String?
        // Diff and strip images for every frame: the report shows them side by side, as a slider and a toggle.
        let diff = DiffImage.make(golden: golden, actual: frame, threshold: tolerance.maxChannelDiff)
        diffFile = "\(flatName).diff.png"
        stripFile = "\(flatName).strip.png"
        try PNGCodec.write(diff, to: (framesDirectory as NSString).appendingPathComponent(diffFile!))
        try PNGCodec.write(DiffImage.strip(golden: golden, actual: frame, diff: diff), to: (framesDirectory as NSString).appendingPathComponent(stripFile!))
        return result(comparison.passed ? "pass" : "fail", golden: "frames/\(goldenFile)", diff: diffFile.map { "frames/\($0)" },
                      strip: stripFile.map { "frames/\($0)" }, metrics: metrics, checks: checks, message: nil)
    }

    private func renderSplats(path: String, spec: FrameSpec, screen: ScreenModel, camera: CameraSetup, width: Int, height: Int,
                              steps: [SuiteLoader.PathStep]) throws -> RGBAImage {
        do {
            let scene = try SceneFile.load(loader.resolve(path))
            let placement = ScenePlacement(fit: spec.scene.fit, scale: spec.scene.scale, flipY: spec.scene.flipY)
            let model = try placement.modelMatrix(for: scene, screenWidth: screen.width, screenHeight: screen.height)
            let splatCamera = try SplatCamera(camera, width: width, height: height)
            return SplatRenderer.render(scene, model: model, camera: splatCamera,
                                        options: SplatRenderOptions(mode: spec.scene.mode == "metalsplatter" ? .metalsplatter : .inria))
        } catch let error as SuiteError {
            throw error
        } catch {
            throw loader.error("scene.splat: \(error)", at: steps + [.key("scene"), .key("splat")])
        }
    }

    /// How far this frame is from the `versus` frame: `versus_*` copies of the comparison metrics.
    private func versusMetrics(_ frame: RGBAImage, _ other: RGBAImage, steps: [SuiteLoader.PathStep]) throws -> [String: Double] {
        let comparison: FrameComparison
        do { comparison = try FrameComparator.compare(golden: other, actual: frame, tolerance: Tolerance()) } catch {
            throw loader.error("frames: versus: \(error)", at: steps + [.key("versus")])
        }
        var metrics = ["versus_max_channel_diff": Double(comparison.maxChannelDiff), "versus_mean_absolute_error": comparison.meanAbsoluteError,
                       "versus_over_tolerance_fraction": comparison.overToleranceFraction]
        if let psnr = comparison.psnr { metrics["versus_psnr_db"] = psnr }
        if let ssim = comparison.ssim { metrics["versus_ssim_mean"] = ssim.mean }
        return metrics
    }

    /// `look: app`: the room and face media (a PNG or a folder of PNG frames) as the app draws them.
    private func appLookScene(_ spec: FrameSpec, screen: ScreenModel, steps: [SuiteLoader.PathStep]) throws -> AppLookScene {
        let room = try cubeRoom(spec, screen: screen, steps: steps)
        var faces: [CubeRoom.Face: FaceMedia] = [:]
        for (faceName, path) in spec.scene.textures {
            guard let face = CubeRoom.Face(rawValue: faceName) else {
                throw loader.error("scene.textures: unknown face '\(faceName)'; expected \(CubeRoom.Face.allCases.map(\.rawValue).joined(separator: ", "))",
                                   at: steps + [.key("scene"), .key("textures")])
            }
            do { faces[face] = try FaceMedia.load(loader.resolve(path), fps: spec.scene.appLook.faceFPS) } catch {
                throw loader.error("scene.textures.\(faceName): \(error)", at: steps + [.key("scene"), .key("textures")])
            }
        }
        return AppLookScene(room: room, faces: faces, parameters: spec.scene.appLook)
    }

    /// The app presets' depth follows the app look's pinch zoom (0.6 unless `app_look` sets it).
    private func cubeRoom(_ spec: FrameSpec, screen: ScreenModel, steps: [SuiteLoader.PathStep]) throws -> CubeRoom {
        switch spec.scene.cube ?? "screen" {
        case "screen": return .screen(width: screen.width, height: screen.height)
        case "app-cube": return .appCube(zoom: spec.scene.appLook.zoom)
        case "app-portrait": return .appPortrait(zoom: spec.scene.appLook.zoom)
        default:
            let parts = (spec.scene.cube ?? "").split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 3, let w = parts[0], let h = parts[1], let d = parts[2], w > 0, h > 0, d > 0 else {
                throw loader.error("scene.cube: expected screen, app-cube, app-portrait or \"W,H,D\" in meters, found '\(spec.scene.cube ?? "")'",
                                   at: steps + [.key("scene"), .key("cube")])
            }
            return CubeRoom(width: w, height: h, depth: d)
        }
    }

    private func cubeScene(_ spec: FrameSpec, screen: ScreenModel, steps: [SuiteLoader.PathStep]) throws -> CubeScene {
        let room = try cubeRoom(spec, screen: screen, steps: steps)
        var images: [CubeRoom.Face: RGBAImage] = [:]
        for (faceName, path) in spec.scene.textures {
            guard let face = CubeRoom.Face(rawValue: faceName) else {
                throw loader.error("scene.textures: unknown face '\(faceName)'; expected \(CubeRoom.Face.allCases.map(\.rawValue).joined(separator: ", "))",
                                   at: steps + [.key("scene"), .key("textures")])
            }
            images[face] = try PNGCodec.read(contentsOf: loader.resolve(path))
        }
        return CubeScene(room: room, images: images)
    }
}

