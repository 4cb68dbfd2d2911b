import Analysis
import AppReplay
import Geometry
import Projection
import TestedApp

/// What the app's own code computed on one audit case under one ARKit hypothesis: the runs each check that measures
/// the app on its code reads (`AuditCheck.modelOnly` nil).
package struct AppCodeEvidence: Sendable {
    /// The straight run and the same with the reset button pressed once (`AuditCase.resetIndex` of `after_reset`).
    package var frames: [AppFrame]
    package var framesAfterReset: [AppFrame]
    /// The eye per sample, before the hand-off delay (the model's `HeadPipeline.update`).
    package var eyes: [Vec3] { frames.map(\.eye) }
    /// world-alignment: the same code fed the anchor relative to the camera, with a camera that never turned (its
    /// transform the sensor's axes alone): what reading it relative to the camera gives, for the app as shipped and for
    /// one that already reads it so (the world-alignment patch).
    package var cameraReading: [AppFrame]
    package var cameraReadingAfterReset: [AppFrame]
    /// gyro-tilt: the same anchors with the phone's attitude held at the first sample's (no tilt to add).
    package var heldAttitude: [AppFrame]
    package var heldAttitudeAfterReset: [AppFrame]
    /// camera-offset: the front camera's position the code adds to the anchor (x, y; `cameraOffsetProbe`), and the same
    /// code fed each anchor moved by what it leaves out, the camera's position less that: the code with the offset right.
    package var cameraOffsetAdded: Vec3
    package var cameraOffsetCorrected: [AppFrame]
    package var cameraOffsetCorrectedAfterReset: [AppFrame]
    /// eye-point: the same code fed each anchor moved to the eye the audit's eye hypothesis places (its orientation's
    /// turn of `EyeModel.offset`), the face's eyes reported relative to it — what reading the eyes gives, for the app
    /// as shipped and for one that already reads them.
    package var eyeAtAnchor: [AppFrame]
    package var eyeAtAnchorAfterReset: [AppFrame]
    /// tracking-loss: a fresh app started at each sample where the face returns, fed the samples from there on (the
    /// same code whose smoothers start anew on the return), by that sample's index.
    package var restarts: [Int: [AppFrame]]
    /// The reset button pressed twice at a sample without moving (recenter-idempotent), without and with that
    /// first press.
    package var recenters: [RecenterPress]
    package var recentersAfterReset: [RecenterPress]
    /// Where the code applied the anchors and the display frames on the straight run (the driver's count): a hop
    /// to the main actor after the anchor's delegate call, and the camera set only after SceneKit's render.
    package var landing: UpdateLanding
    /// The model against these values (`AppCodeConformance`).
    package var conformance: AppCodeConformance.Case
    /// The app's delay on steady motion at the case's rate: its replay of the ramps (`HeadToPhoton.rampRuns`), s — the
    /// latency's filter part, whatever filter the code has.
    package var filterLag: Double
    /// The settings the app held (its movement scale turns a head difference into an eye difference).
    package var settings: AppSettings
    /// The tilt offset's gain and filter the code holds, read back from its response to a held roll (`TiltResponse`).
    package var tilt: TiltResponse

    package func recenters(afterReset: Bool) -> [RecenterPress] { afterReset ? recentersAfterReset : recenters }
    package func straight(afterReset: Bool) -> [AppFrame] { afterReset ? framesAfterReset : frames }
    package func cameraReading(afterReset: Bool) -> [AppFrame] { afterReset ? cameraReadingAfterReset : cameraReading }
    package func heldAttitude(afterReset: Bool) -> [AppFrame] { afterReset ? heldAttitudeAfterReset : heldAttitude }
    package func cameraOffsetCorrected(afterReset: Bool) -> [AppFrame] { afterReset ? cameraOffsetCorrectedAfterReset : cameraOffsetCorrected }
    package func eyeAtAnchor(afterReset: Bool) -> [AppFrame] { afterReset ? eyeAtAnchorAfterReset : eyeAtAnchor }
}

/// What the code's tilt offset (`AppFrame.tiltOffset`, the app's `DeviceMotionService.tiltOffset`) does when the phone,
/// upright at the first sample, is held rolled by `TiltResponse.roll` from then on, the face still: it settles at
/// roll · g, so g is read back; an EMA of weight α closes the remaining gap by the factor (1 − α) each sample, so α is
/// read back from two successive samples of the approach (nil: the offset jumps at once, or never moves).
package struct TiltResponse: Sendable, Equatable {
    /// The roll the probe holds, rad.
    package static let roll = 0.1
    /// Samples held: an EMA of α ≥ 0.1 is within 0.9²³⁹ ≈ 10⁻¹¹ of where it settles.
    package static let samples = 240

    /// m/rad.
    package var gain: Double
    package var alpha: Double?

    /// The probe: the anchor (0, 0, 0.35) m, the phone upright at the first sample and rolled from the second.
    static let probe: [SensorSample] = (0..<samples).map { i in
        SensorSample(t: Double(i) / 60, anchor: Vec3(0, 0, 0.35), tracked: true,
                     attitude: i == 0 ? .identity : CoreMotionTilt.attitude(pitch: 0, roll: roll), rotationRate: Vec3(0, 0, 0))
    }

    /// Reads the gain and the filter from the code's frames on `probe`.
    init(_ frames: [AppFrame]) {
        let offsets = frames.map(\.tiltOffset.x)
        let settled = offsets.last ?? 0
        gain = settled / Self.roll
        // The first two samples of the approach still short of the settled value by a measurable gap.
        let gaps = offsets.map { settled - $0 }
        if let k = gaps.indices.dropLast().first(where: { offsets[$0] != 0 && abs(gaps[$0]) > 1e-4 * abs(settled) }), abs(gaps[k + 1]) <= abs(gaps[k]) {
            alpha = 1 - gaps[k + 1] / gaps[k]
        } else {
            alpha = settled == 0 ? nil : 1
        }
    }
}

/// The eyes around two presses of the reset button at sample `index`: that sample's frame, then the same sample
/// fed again after one press and after a second.
package struct RecenterPress: Sendable {
    package var index: Int
    package var before: Vec3
    package var once: Vec3
    package var twice: Vec3
}

/// `parallax audit --app-source`: the app's own code replayed on every cube case (the code path the replay drives)
/// under each hypothesis — straight through, and once per recenter instant without and with the Reset of
/// `after_reset`; the model checked against the straight runs (`AppCodeConformance`). The checks that run the whole
/// shipped pipeline then read the app's values (`AuditCase.appCode(for:)`); the checks that isolate one behaviour
/// stay models (the app's code has all of them at once), and so do fixes.
package enum AppCodeAudit {
    /// The samples where recenter-idempotent presses the button with the app's code: the first at or after 1 s,
    /// 2 s, 4 s, 8 s, … — early (an origin just set) and later, each press a replay of the trace up to it.
    package static func pressIndices(_ times: [Double]) -> [Int] {
        guard let start = times.first else { return [] }
        var indices: [Int] = [], offset = 1.0
        while let i = times.firstIndex(where: { $0 - start >= offset }) {
            if indices.last != i { indices.append(i) }
            offset *= 2
        }
        return indices
    }

    /// The steps of a run: every sample (the frames of `returned` given back, the others only fed), the reset button
    /// pressed before the sample at `reset`, and two presses after sample `pair` with that sample fed again after each.
    package static func steps(_ samples: [SensorSample], reset: Int?, pair: Int? = nil) -> [ReplayRun.Step] {
        var steps: [ReplayRun.Step] = []
        for (i, sample) in samples.enumerated() {
            if let pair, i > pair { break }
            if i == reset { steps.append(.pressReset) }
            steps.append(pair == nil || i == pair ? .sample(sample) : .feed(sample))
        }
        if let pair {
            steps += [.pressReset, .sample(samples[pair]), .pressReset, .sample(samples[pair])]
        }
        return steps
    }

    /// The offset the code adds to the face anchor, found where it lands, the tracker's head: an app fed the anchor
    /// (0, 0, 0.35) m, its eyes at its origin, held still a second with the phone upright, holds (0, 0) unless it adds
    /// an offset, then that
    /// (its smoothers settled: 0.75⁶⁰ ≈ 3·10⁻⁸ of the start left at α = 0.25). x and y; z is the distance.
    static let cameraOffsetProbe: [SensorSample] = (0..<60).map { i in
        SensorSample(t: Double(i) / 60, anchor: Vec3(0, 0, 0.35), tracked: true, attitude: .identity, rotationRate: Vec3(0, 0, 0))
    }

    /// The samples where the face returns after a loss (tracked, the one before not).
    package static func returnIndices(_ samples: [SensorSample]) -> [Int] {
        samples.indices.dropFirst().filter { samples[$0].tracked && !samples[$0 - 1].tracked }
    }

    /// The runs of one case under one hypothesis, in the order `evidence` reads them.
    private struct CaseRuns {
        var inputs: SensorStream
        var presses: [Int], afterReset: [Int], returns: [Int]
        var rate: Double
        var cameraOffsetAdded: Vec3
        var runs: [ReplayRun]

        init(_ audit: AuditCase, frame: ARKitFrame, cameraOffsetAdded: Vec3, eyes eyeModel: EyeModel) throws {
            let device = try SimulatedDevice(screen: audit.screen)
            let reset = audit.pressingReset().resetIndex
            inputs = try SensorStream(traceName: audit.traceName, trace: audit.trace, arkitFrame: frame)
            let samples = inputs.samples
            // The camera reading: the anchor relative to the camera in a world that is the camera's (its transform
            // the sensor's axes alone), what an app that reads it relative to the camera computes under either hypothesis.
            let camera = try SensorStream(traceName: audit.traceName, trace: audit.trace, arkitFrame: .camera).samples.map { sample in
                var read = sample
                read.camera = GravityFrameReport.sensorToScreen
                return read
            }
            let held = samples.map { sample in
                var still = sample
                still.attitude = samples[0].attitude
                still.rotationRate = Vec3(0, 0, 0)
                return still
            }
            // The anchor moved by the camera's position the code leaves out, in the frame the code reads it in.
            let missing = audit.screen.cameraOffset - cameraOffsetAdded
            let offsetRight = samples.map { sample in
                var moved = sample
                moved.anchor = moved.anchor + Vec3(missing.x, missing.y, 0)
                return moved
            }
            self.cameraOffsetAdded = cameraOffsetAdded
            // The anchor moved to the eye, in the frame it is reported in; the eyes then sit that much nearer it.
            let eyeAtAnchor = samples.map { sample in
                var moved = sample
                moved.anchor = moved.anchor + sample.anchorOrientation.rotate(eyeModel.offset)
                return moved
            }
            let presses = pressIndices(samples.map(\.t))
            self.presses = presses
            afterReset = reset.map { r in presses.filter { $0 >= r } } ?? []
            returns = returnIndices(samples)
            rate = HeadToPhoton.rate(times: audit.times)
            let ramps = HeadToPhoton.rampRuns(screen: audit.screen, settings: nil, rate: rate)
            let eyes = eyeModel.faceEyes
            func run(_ steps: [ReplayRun.Step], eyes: FaceEyes = eyes) -> ReplayRun {
                var run = ReplayRun(device: device, steps: steps)
                run.eyes = eyes
                return run
            }
            let straight = { (samples: [SensorSample], reset: Int?) in run(steps(samples, reset: reset)) }
            let atEye = eyes.relative(to: eyeModel.offset)
            runs = [straight(samples, nil), straight(samples, reset), straight(camera, nil), straight(camera, reset),
                    straight(held, nil), straight(held, reset), straight(offsetRight, nil), straight(offsetRight, reset),
                    run(steps(eyeAtAnchor, reset: nil), eyes: atEye), run(steps(eyeAtAnchor, reset: reset), eyes: atEye)]
            runs += presses.map { run(steps(samples, reset: nil, pair: $0)) }
            let afterReset = self.afterReset, returns = self.returns
            runs += afterReset.map { run(steps(samples, reset: reset, pair: $0)) }
            runs += returns.map { run(steps(Array(samples[$0...]), reset: nil)) }
            runs += ramps.map { ramp in
                var run = ReplayRun(device: device, samples: ramp.samples, firstReturned: ramp.firstReturned)
                run.eyes = eyes
                return run
            }
        }

        func evidence(_ results: ArraySlice<ReplayResult>, screen: ScreenModel, frame: ARKitFrame, tilt: TiltResponse) throws -> AppCodeEvidence {
            let r = Array(results)
            var next = 10
            func take(_ count: Int) -> [ReplayResult] {
                defer { next += count }
                return Array(r[next..<(next + count)])
            }
            func pressed(_ indices: [Int], _ runs: [ReplayResult]) -> [RecenterPress] {
                zip(indices, runs).map { i, run in RecenterPress(index: i, before: run.frames[0].eye, once: run.frames[1].eye, twice: run.frames[2].eye) }
            }
            let recenters = pressed(presses, take(presses.count)), recentersAfterReset = pressed(afterReset, take(afterReset.count))
            let restarts = Dictionary(uniqueKeysWithValues: zip(returns, take(returns.count).map(\.frames)))
            let ramps = take(2).map(\.frames)
            return AppCodeEvidence(
                frames: r[0].frames, framesAfterReset: r[1].frames, cameraReading: r[2].frames, cameraReadingAfterReset: r[3].frames,
                heldAttitude: r[4].frames, heldAttitudeAfterReset: r[5].frames,
                cameraOffsetAdded: cameraOffsetAdded, cameraOffsetCorrected: r[6].frames, cameraOffsetCorrectedAfterReset: r[7].frames,
                eyeAtAnchor: r[8].frames, eyeAtAnchorAfterReset: r[9].frames, restarts: restarts,
                recenters: recenters, recentersAfterReset: recentersAfterReset, landing: r[0].landing,
                conformance: try AppCodeConformance.compare(r[0].frames, with: inputs, screen: screen, arkitFrame: frame, presses: []),
                filterLag: HeadToPhoton.filterLag(ramps: ramps, rate: rate), settings: r[0].settings, tilt: tilt)
        }
    }

    /// Replays the app's code on every cube case under each hypothesis and attaches what it computed.
    package static func attach(_ replay: AppReplay, to cases: inout [AuditCase], hypotheses: [ARKitFrame], eyes: EyeModel) throws {
        // First the offset the code adds, per simulated device (the app may look its model up).
        var devices: [SimulatedDevice] = []
        for audit in cases where audit.mode == .cube {
            let device = try SimulatedDevice(screen: audit.screen)
            if !devices.contains(device) { devices.append(device) }
        }
        // The probe's face has its eyes at the anchor's origin, so that an app reading the eyes adds nothing for them.
        // The tilt probe too: the gain and filter of the offset the code adds for a held roll.
        let probes = try replay.run(devices.flatMap { device in
            var probe = ReplayRun(device: device, samples: cameraOffsetProbe)
            probe.eyes = FaceEyes(left: Vec3(0, 0, 0), right: Vec3(0, 0, 0))
            return [probe, ReplayRun(device: device, samples: TiltResponse.probe)]
        })
        let added = Dictionary(uniqueKeysWithValues: devices.indices.map { k in
            (devices[k], probes[2 * k].frames.last.map { Vec3($0.head.x, $0.head.y, 0) } ?? Vec3(0, 0, 0))
        })
        let tilts = Dictionary(uniqueKeysWithValues: devices.indices.map { k in (devices[k], TiltResponse(probes[2 * k + 1].frames)) })
        var planned: [(caseIndex: Int, frame: ARKitFrame, runs: CaseRuns, first: Int)] = [], runs: [ReplayRun] = []
        for (k, audit) in cases.enumerated() where audit.mode == .cube {
            for frame in hypotheses {
                let caseRuns = try CaseRuns(audit, frame: frame, cameraOffsetAdded: added[try SimulatedDevice(screen: audit.screen)] ?? Vec3(0, 0, 0), eyes: eyes)
                planned.append((k, frame, caseRuns, runs.count))
                runs += caseRuns.runs
            }
        }
        let results = try replay.run(runs)
        for plan in planned {
            let slice = results[plan.first..<(plan.first + plan.runs.runs.count)]
            let tilt = tilts[try SimulatedDevice(screen: cases[plan.caseIndex].screen)] ?? TiltResponse([])
            cases[plan.caseIndex].appCode[plan.frame] = try plan.runs.evidence(slice, screen: cases[plan.caseIndex].screen, frame: plan.frame, tilt: tilt)
        }
    }

    /// The conformance over every replayed case and hypothesis, in case order.
    package static func conformance(_ replay: AppReplay, cases: [AuditCase]) -> AppCodeConformance {
        let checked = cases.flatMap { audit in ARKitFrame.allCases.compactMap { audit.appCode[$0]?.conformance } }
        return AppCodeConformance(appSourcePath: replay.app.path, appSourceHash: replay.app.hash, cases: checked)
    }
}
