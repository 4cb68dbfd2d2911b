import AppReplay
import Audit
import Foundation
import Geometry
import Imaging
import Projection
import Rendering
import Scenes
import TestedApp

/// Draws a check's instants: the app's cube room as the app's SceneKit view draws it (`app-cube`, the app look)
/// through the app's camera — its believed screen and the eye the check computed for it — next to the same room
/// through the true window's camera, and the overlay of the probe points' displacement.
package enum AuditFrames {
    /// Each frame's width (px): a pair is 2 frames and a gap, 320 px.
    static let frameWidth = 158
    static let gap = 4

    /// The size of each picture's frame for `screen` (its aspect, `frameWidth` wide).
    package static func pictureSize(of screen: ScreenModel) throws -> FrameSize {
        try FrameSize(width: frameWidth, height: max(1, Int((Double(frameWidth) * Double(screen.pixelHeight) / Double(screen.pixelWidth)).rounded())))
    }

    /// Each check's pictures at its worst instant and at its worst after one Reset (the app's frame beside the true
    /// window's, and the overlay of the probe points' displacement), written into `directory` (`<check>-worst.png`,
    /// `<check>-worst-overlay.png`, `<check>-after-reset…`) and named in `result`.
    package static func draw(_ result: inout AuditResult, options: AuditOptions, cases: [AuditCase], to directory: String) throws {
        let configured = options.pipeline.fixing(options.fixes)
        // The app's frame is the app's own scene where the check's app side is the code's run (a cube case).
        func ownScene(_ pose: FramePose, afterReset: Bool) throws -> RGBAImage? {
            guard let replay = options.appReplay, let index = pose.codeSample, cases[pose.caseIndex].mode == .cube else { return nil }
            return try appScene(cases[pose.caseIndex], sample: index, afterReset: afterReset, arkitFrame: configured.arkitFrame, replay: replay)
        }
        for i in result.checks.indices {
            let check = result.checks[i].id
            guard let registered = options.checks.first(where: { $0.id == check }) else { continue }
            let modes = options.scope.modes(of: registered)
            guard let first = cases.firstIndex(where: { modes.contains($0.mode) }) else { continue }
            let checkResult = result.checks[i]
            let pipelines = pipelines(check, configured: configured, baseline: checkResult.baseline)
            var frames = CheckFrames()
            if check == .latency, let instant = latencyPose(cases[first], configured: configured, latency: checkResult.worst / 1000) {
                frames.worst = try write("\(check.rawValue)-worst", case: cases[first], pose: instant.pose, place: instant.place,
                                         value: checkResult.worst, pipelines: pipelines, to: directory)
            } else if let pose = checkResult.worstFrame {
                frames.worst = try write("\(check.rawValue)-worst", case: cases[pose.caseIndex], pose: pose, place: checkResult.worstAt,
                                         value: checkResult.worst, pipelines: pipelines,
                                         appScene: try ownScene(pose, afterReset: cases[pose.caseIndex].resetTime != nil), to: directory)
            }
            if let reset = checkResult.afterResetWorstFrame {
                frames.afterReset = try write("\(check.rawValue)-after-reset", case: cases[reset.pose.caseIndex], pose: reset.pose,
                                              place: reset.place, value: reset.value, pipelines: pipelines,
                                              appScene: try ownScene(reset.pose, afterReset: true), to: directory)
            }
            if frames.worst != nil || frames.afterReset != nil { result.checks[i].frames = frames }
        }
    }

    /// PNGs kept small: RGB, the strongest deflate, adaptive filters.
    static let pngOptions = PNGWriteOptions(channels: .rgb, compressionLevel: 9, filters: .adaptive)

    /// The pipelines whose cameras draw `check`'s two eyes: the check's own comparison on its baseline
    /// (`IsolatedShift.pipelines`), but tracking-loss compares the app as configured with the same pipeline restarting
    /// its smoother, and latency the true window with itself `latency` earlier.
    static func pipelines(_ check: AuditCheckID, configured: AppPipeline, baseline: AuditBaseline) -> (app: AppPipeline, reference: AppPipeline) {
        switch check {
        case .trackingLoss:
            var restarting = configured
            restarting.keepsSmootherThroughLoss = false
            return (configured, restarting)
        case .latency:
            let reference = IsolatedShift.pipelines(check, configured: configured, baseline: .otherFixesApplied).reference
            return (reference, reference)
        default:
            let pair = IsolatedShift.pipelines(check, configured: configured, baseline: baseline)
            return (pair.variant, pair.reference)
        }
    }

    /// latency's instant, which its values (a modelled distribution, not per instant) do not give: on `audit`, the
    /// instant where the true window's eye moved most over the last `latency` seconds — the eye it shows is where the
    /// head was then (app), against where it is (reference).
    static func latencyPose(_ audit: AuditCase, configured: AppPipeline, latency: Double) -> (pose: FramePose, place: String)? {
        let eyes = audit.trueEyes(IsolatedShift.pipelines(.latency, configured: configured, baseline: .otherFixesApplied).reference), times = audit.times
        let late = times.indices.map { AuditCase.interpolate(eyes, times: times, at: times[$0] - latency) }
        guard let i = times.indices.max(by: { (late[$0] - eyes[$0]).length < (late[$1] - eyes[$1]).length }) else { return nil }
        return (FramePose(appEye: late[i], referenceEye: eyes[i]), audit.place(i))
    }

    /// Writes `<name>.png` (app | true window) and `<name>-overlay.png` into `directory`. The app's frame is
    /// `appScene` when given (the app's own scene), else the model's room from the app's eye.
    static func write(_ name: String, case audit: AuditCase, pose: FramePose, place: String, value: Double,
                      pipelines: (app: AppPipeline, reference: AppPipeline), appScene: RGBAImage? = nil, to directory: String) throws -> InstantFrames {
        let size = try pictureSize(of: audit.screen)
        let appFrame = try appScene ?? render(try audit.camera(pipelines.app, eye: pose.appEye), size: size)
        let trueFrame = render(try audit.camera(pipelines.reference, eye: pose.referenceEye), size: size)
        var pair = RGBAImage(width: 2 * size.width + gap, height: size.height, fill: RGBA(255, 255, 255))
        for y in 0..<size.height {
            for x in 0..<size.width {
                pair[x, y] = appFrame[x, y]
                pair[x + size.width + gap, y] = trueFrame[x, y]
            }
        }
        let appImage = audit.image(pipelines.app), trueImage = audit.image(pipelines.reference)
        func framePixel(_ p: (x: Double, y: Double), _ image: ImageModel) -> (x: Double, y: Double) {
            (Double(size.width) / 2 + p.x * Double(size.width) / image.pixelWidth, Double(size.height) / 2 - p.y * Double(size.height) / image.pixelHeight)
        }
        var moves: [(from: (x: Double, y: Double), to: (x: Double, y: Double))] = []
        for p in ProbePoints.points(screen: audit.screen, mode: audit.mode) {
            let onTrue = trueImage.pixel(of: p, eye: pose.referenceEye)
            guard trueImage.isOnPanel(onTrue) else { continue }
            moves.append((framePixel(onTrue, trueImage), framePixel(appImage.pixel(of: p, eye: pose.appEye), appImage)))
        }
        let overlay = AuditOverlay.draw(on: trueFrame, moves: moves)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try PNGCodec.write(pair, to: (directory as NSString).appendingPathComponent("\(name).png"), options: pngOptions)
        try PNGCodec.write(overlay, to: (directory as NSString).appendingPathComponent("\(name)-overlay.png"), options: pngOptions)
        func mm(_ v: Vec3) -> [Double] { [v.x, v.y, v.z].map { ($0 * 10_000).rounded() / 10 } }
        return InstantFrames(at: place, value: value, pair: "\(name).png", overlay: "\(name)-overlay.png", frameWidth: size.width, frameHeight: size.height, appEyeMm: mm(pose.appEye),
                             trueEyeMm: mm(pose.referenceEye), eyeErrorMm: ((pose.appEye - pose.referenceEye).length * 10_000).rounded() / 10,
                             largestShiftPx: ProbePoints.largestShift(ProbePoints.points(screen: audit.screen, mode: audit.mode),
                                                                      appImage, eye: pose.appEye, trueImage, eye: pose.referenceEye),
                             appFrame: appScene == nil ? .model : .appCode)
    }

    /// The app's own scene at sample `index` of `audit`, as the picture's app frame: its code replayed on the
    /// case's samples under `arkitFrame` up to that sample (the reset pressed where the case presses it when
    /// `afterReset`), the scene graph it then holds drawn by the app look (`AppSceneFrames.render`).
    static func appScene(_ audit: AuditCase, sample index: Int, afterReset: Bool, arkitFrame: ARKitFrame, replay: AppReplay) throws -> RGBAImage {
        let samples = try SensorStream(traceName: audit.traceName, trace: audit.trace, arkitFrame: arkitFrame).samples
        guard samples.indices.contains(index) else {
            throw AppReplayError.malformedOutput(record: "picture at sample \(index) of \(samples.count)")
        }
        let reset = afterReset ? audit.pressingReset().resetIndex : nil
        var run = ReplayRun(device: try SimulatedDevice(screen: audit.screen), steps: AppCodeAudit.steps(Array(samples[...index]), reset: reset))
        // Only the instant's frame is read back (its scene graph); the samples before it are fed.
        let last = run.steps.lastIndex { if case .sample = $0 { return true } else { return false } }
        run.steps = run.steps.enumerated().map { k, step in
            guard k != last, case .sample(let sample) = step else { return step }
            return .feed(sample)
        }
        guard let frame = try replay.replayScene([run]).first?.last else {
            throw AppReplayError.malformedOutput(record: "no scene frame for the picture at sample \(index)")
        }
        let size = try pictureSize(of: audit.screen)
        var drawing = try AppSceneDrawing(graph: frame.graph)
        for f in drawing.world.faces.indices { drawing.world.faces[f].image = orientationImage(of: drawing.world.faces[f]) }
        let parameters = AppLookParameters()
        return AppLookRenderer.render(world: drawing.world, images: CubeRoom.Face.allCases.map { DefaultFaceTextures.texture(for: $0) },
                                      clipFromWorld: drawing.clipFromWorld, eye: drawing.eye, width: size.width, height: size.height,
                                      background: scene.background, f0: parameters.f0, roughness: parameters.roughness)
    }

    /// Which orientation texture a face of the app's room wears in the pictures (as the model's room does, in place of
    /// the user's photo): the wall across from the viewer is the back; the others by the side of the room they are on.
    static func orientationImage(of face: AppLookWorld.Face) -> Int? {
        guard face.corners.count == 4 else { return nil }
        let c = face.corners, centre = (c[0] + c[1] + c[2] + c[3]) / 4
        let u = c[1] - c[0], v = c[3] - c[0]
        let n = SIMD3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x)
        let room: CubeRoom.Face
        if abs(n.z) >= abs(n.x) && abs(n.z) >= abs(n.y) {
            room = .back
        } else if abs(n.x) >= abs(n.y) {
            room = centre.x < 0 ? .left : .right
        } else {
            room = centre.y < 0 ? .bottom : .top
        }
        return CubeRoom.Face.allCases.firstIndex(of: room)
    }

    /// The room the pictures show: the app's cube room as its SceneKit view draws it (the app look: lit faces, edge
    /// cylinders, 4× MSAA) with the reference look's orientation textures (a checker, the face's name and coloured
    /// corners) on its faces in place of the user's photo, so that a shift reads at a glance.
    static let scene = AppLookScene(room: .appCube, faces: Dictionary(uniqueKeysWithValues: CubeRoom.Face.allCases.map { ($0, FaceMedia.still(DefaultFaceTextures.texture(for: $0))) }),
                                    background: RGBA(40, 40, 40))

    /// `camera`'s frame of `scene`.
    package static func render(_ camera: CameraSetup, size: FrameSize) -> RGBAImage {
        scene.render(clipFromWorld: camera.projection * camera.view, eye: camera.eye, width: size.width, height: size.height)
    }
}

extension AppAudit {
    /// The audit (`run(_:)`) with each check's pictures drawn into `framesDirectory` (`AuditFrames.draw`).
    package static func run(_ options: AuditOptions, framesDirectory: String) throws -> AuditResult {
        let cases = try cases(options)
        var result = try aggregate(options, cases: cases, evaluations: try evaluate(options, cases: cases))
        try AuditFrames.draw(&result, options: options, cases: cases, to: framesDirectory)
        return result
    }
}
