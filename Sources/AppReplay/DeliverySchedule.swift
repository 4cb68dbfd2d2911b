import Geometry
import TestedApp

/// What the simulated platform does for one replay run, in order: the face anchor's delegate calls, the device-motion
/// samples, the display frames (each stream at its own rate and phase, `SensorRates`), the reads of the app the run
/// returns, and the presses and scene events between them. The one place the platform's entries that concern
/// delivery (`arkit-first-delivery`, `arkit-loss`, `arkit-axes`, `sensor-rates`) take effect; the driver does what
/// it is told.
///
/// The face: a run whose first sample is tracked starts with the face already detected — ARKit's `didAdd` one ARKit
/// frame before the first sample, with its pose, so every sample reaches an app as `didUpdate`; a face first
/// detected later, or back after a removal (`arkit-loss` removed), arrives by `didAdd` at that sample, which an app
/// implementing only `didUpdate` misses (its smoothers start one update later).
///
/// A stream without a rate delivers at each sample's time — anchor, motion, display, then the read — as the
/// simulation always did. With rates a stream's time τ between two samples takes the anchor position linearly
/// interpolated and the attitude slerped between them (the tracked flag, and the pose when either side is lost,
/// from the sample at or before τ; the rotation rate from the later sample; the camera and the anchor's orientation slerped as the attitude), and a sample's read shows the app
/// after every event up to the sample's time. Ties go anchor, motion, display.
package enum DeliverySchedule {
    /// Which `ARSessionDelegate` method an anchor delivery calls.
    package enum AnchorCall: UInt8, Sendable {
        case add = 0, update = 1, remove = 2
    }

    package enum Event: Equatable, Sendable {
        /// The face anchor's call, with the frame ARKit holds then (`session.currentFrame`, its camera's orientation).
        case anchor(t: Double, position: Vec3, tracked: Bool, call: AnchorCall, camera: Quaternion, orientation: Quaternion)
        case motion(t: Double, attitude: Quaternion, rotationRate: Vec3)
        case display(t: Double)
        /// The app's state read and returned as a frame (a `.sample` step's).
        case read(t: Double)
        case pressReset
        case scene(SceneEvent)
    }

    package static func events(_ run: ReplayRun, on platform: SimulatedPlatform) -> [Event] {
        let samples = run.steps.compactMap(\.sample)
        guard let first = samples.first?.t, let last = samples.last?.t else {
            return run.steps.compactMap { step in
                switch step {
                case .pressReset: return .pressReset
                case .scene(let event): return .scene(event)
                case .sample, .feed: return nil
                }
            }
        }
        // Each rated stream's grid; a stream without a rate delivers once per sample step.
        let rated: [SensorRates.Stream?] = [platform.rates?.arkit, platform.rates?.motion, platform.rates?.display]
        var grids = rated.map { $0.map { $0.times(from: first, to: last)[...] } }
        var face = FaceDeliveries(platform: platform)
        var events: [Event] = []
        // A run that starts tracked starts with a face ARKit already detected: its didAdd one ARKit frame before.
        if platform.firstDelivery == .didAdd, let start = samples.first, start.tracked {
            events = face.calls(at: start.t - 1 / (platform.rates?.arkit?.hz ?? 60), start)
        }
        var previous: SensorSample?
        for step in run.steps {
            switch step {
            case .pressReset: events.append(.pressReset)
            case .scene(let event): events.append(.scene(event))
            case .sample(let sample), .feed(let sample):
                var due: [(t: Double, stream: Int)] = []
                // A sample fed again (no later than the one before: recenter-idempotent's presses) is delivered again
                // on every stream, rated or not, as a frame of its own.
                let again = previous.map { sample.t <= $0.t } ?? false
                for stream in 0..<3 {
                    guard grids[stream] != nil, !again else {
                        due.append((sample.t, stream))
                        continue
                    }
                    while let t = grids[stream]!.first, t <= sample.t + 1e-9 {
                        due.append((t, stream))
                        grids[stream]!.removeFirst()
                    }
                }
                // In time order, ties anchor, motion, display (a stable sort of streams listed in that order).
                for (t, stream) in due.enumerated().sorted(by: { ($0.element.t, $0.offset) < ($1.element.t, $1.offset) }).map(\.element) {
                    let value = interpolated(previous, sample, at: t)
                    switch stream {
                    case 0: events += face.calls(at: t, value)
                    case 1: events.append(.motion(t: t, attitude: value.attitude, rotationRate: value.rotationRate))
                    default: events.append(.display(t: t))
                    }
                }
                if case .sample = step { events.append(.read(t: sample.t)) }
                previous = sample
            }
        }
        return events
    }

    /// The sensors at `t` in (before.t, after.t]: `after` itself at its time.
    private static func interpolated(_ before: SensorSample?, _ after: SensorSample, at t: Double) -> SensorSample {
        guard let before, t < after.t - 1e-9, after.t > before.t else { return after }
        let w = max(0, (t - before.t) / (after.t - before.t))
        let bothTracked = before.tracked && after.tracked
        return SensorSample(t: t, anchor: bothTracked ? before.anchor + w * (after.anchor - before.anchor) : before.anchor,
                            tracked: before.tracked, attitude: before.attitude.slerp(to: after.attitude, w),
                            rotationRate: after.rotationRate, camera: before.camera.slerp(to: after.camera, w),
                            anchorOrientation: bothTracked ? before.anchorOrientation.slerp(to: after.anchorOrientation, w) : before.anchorOrientation)
    }

    /// The face anchor's calls under `arkit-first-delivery`, `arkit-loss` and `arkit-axes`.
    private struct FaceDeliveries {
        let platform: SimulatedPlatform
        /// Whether ARKit holds a face anchor (added and not removed).
        var present = false
        var detected = false
        var last = Vec3(0, 0, 0)

        mutating func calls(at t: Double, _ sample: SensorSample) -> [Event] {
            let position = sample.anchor, tracked = sample.tracked
            let p = platform.anchorAxes == .mirrored ? Vec3(-position.x, position.y, position.z) : position
            func call(_ call: AnchorCall, _ p: Vec3, _ tracked: Bool) -> [Event] {
                [.anchor(t: t, position: p, tracked: tracked, call: call, camera: sample.camera, orientation: sample.anchorOrientation)]
            }
            defer { last = p }
            if tracked {
                defer { present = true; detected = true }
                return call(present || platform.firstDelivery == .didUpdate ? .update : .add, p, true)
            }
            if present {
                guard platform.faceLoss == .removed else { return call(.update, p, false) }
                present = false
                return call(.remove, last, false)
            }
            // No anchor: before the first detection the old simulation (didUpdate first) still delivered the pose.
            return !detected && platform.firstDelivery == .didUpdate ? call(.update, p, false) : []
        }
    }
}

extension ReplayRun.Step {
    /// The sample of a `.sample` or `.feed` step.
    var sample: SensorSample? {
        switch self {
        case .sample(let s), .feed(let s): return s
        case .pressReset, .scene: return nil
        }
    }
}
