import Analysis
import Foundation
import Geometry
import Projection
import TestedApp
import Tracking
import Vocabulary

/// Where a case's device attitude came from.
package enum AttitudeSource: String, Codable, Sendable {
    /// The `device_q*` columns.
    case quaternion
    /// The legacy `pitch,roll` columns (CoreMotion angles, yaw 0).
    case pitchRoll = "pitch-roll"
    /// None: the phone is taken as upright and still.
    case none
}

/// One trace on one screen in one mode: what every check evaluates.
package struct AuditCase: Sendable {
    package var traceName: String
    package var trace: HeadTrace
    /// The true screen (display table: its active area and camera position).
    package var screen: ScreenModel
    package var mode: AppMode
    /// The phone's attitude per sample (screen → gravity frame), from `device_q*` or `pitch,roll`.
    package var attitude: [Quaternion]?
    package var attitudeSource: AttitudeSource
    /// The head's orientation per sample (face → screen), from `head_q*`.
    package var headOrientation: [Quaternion]?
    /// What ARKit reports under the gravity hypothesis (`GravityFrameReport`), per sample.
    package var gravityReport: [Vec3]
    /// The true face-anchor positions (screen frame): the trace's truth columns, else the reference estimate.
    package var truth: [Vec3]
    package var truthIsEstimated: Bool
    /// The app's own code on this case's samples, per ARKit hypothesis (`parallax audit --app-source`, cube cases):
    /// the shipped side of the checks that run the whole shipped pipeline.
    package var appCode: [ARKitFrame: AppCodeEvidence] = [:]

    /// The app's own code's values for `pipeline`, when it is the app as shipped (no fix) and they were replayed.
    package func appCode(for pipeline: AppPipeline) -> AppCodeEvidence? {
        pipeline.isAsShipped ? appCode[pipeline.arkitFrame] : nil
    }

    /// The code's values for a check measured on the code: the app as shipped, on the as-shipped baseline (the code
    /// holds every behaviour at once, so it cannot give the leave-one-out side).
    package func codeEvidence(for pipeline: AppPipeline) -> AppCodeEvidence? {
        baseline == .asShipped ? appCode(for: pipeline) : nil
    }

    /// When set, the app's reset button is pressed once, this many seconds after the trace's first sample, with
    /// the head where the trace has it (recenter and gyro reference, `HeadPipeline.recenter`); only the samples
    /// from the press on are measured (`measures`).
    package var resetTime: Double?

    /// What each check is measured against (`AuditBaseline`; the audit's option).
    package var baseline = AuditBaseline.asShipped

    /// The time from which a user presses Reset (`after_reset`): the first second.
    package static let resetPressTime = 1.0

    package init(traceName: String, trace: HeadTrace, screen: ScreenModel, mode: AppMode) throws {
        self.traceName = traceName
        self.trace = trace
        self.screen = screen
        self.mode = mode
        do {
            headOrientation = try trace.orientations(.head)
            if let device = try trace.orientations(.device) {
                attitude = device
                attitudeSource = .quaternion
            } else if let angles = try SensorStream.pitchAndRoll(of: trace) {
                attitude = angles.map { CoreMotionTilt.attitude(pitch: $0.pitch, roll: $0.roll) }
                attitudeSource = .pitchRoll
            } else {
                attitude = nil
                attitudeSource = .none
            }
        } catch let error as FieldError {
            throw FieldError(FieldPath([.key("trace \(traceName)")]).appending(error.path), expected: error.expected, found: error.found)
        }
        let measured = trace.samples.map(\.position)
        gravityReport = attitude.map { GravityFrameReport.reported(measured, attitude: $0) } ?? measured
        if let truth = trace.truth {
            self.truth = truth
            truthIsEstimated = false
        } else {
            self.truth = ReferenceEstimate.estimate(trace).positions
            truthIsEstimated = true
        }
    }

    /// What `pipeline`'s head pipeline receives per sample: ARKit's report under the pipeline's hypothesis
    /// (the camera-relative measurement when the world-alignment fix is on), the head's orientation, and the
    /// attitude (`attitude` replaces the trace's, e.g. a scripted tilt).
    package func inputs(_ pipeline: AppPipeline, attitude override: [Quaternion]? = nil) -> [HeadInput] {
        let gravity = pipeline.arkitFrame == .gravity && pipeline.readsWorldAnchor
        let angles = override ?? attitude
        return trace.samples.indices.map { i in
            let p = gravity ? gravityReport[i] : trace.samples[i].position
            return HeadInput(position: Vec3(p.x, p.y, abs(p.z)), tracked: trace.samples[i].tracked,
                             headOrientation: headOrientation?[i] ?? .identity, attitude: angles?[i])
        }
    }

    /// The true eyes for `pipeline` (its eye model and movement scale).
    package func trueEyes(_ pipeline: AppPipeline, exaggerated: Bool = true) -> [Vec3] {
        TruthPipeline(pipeline, screen: screen, exaggerated: exaggerated).eyes(truth, headOrientation: headOrientation)
    }

    package var times: [Double] { trace.samples.map(\.t) }

    /// This case measured on `baseline`.
    package func on(_ baseline: AuditBaseline) -> AuditCase {
        var measured = self
        measured.baseline = baseline
        return measured
    }

    /// This case with the reset button pressed once at `AuditCase.resetPressTime`.
    package func pressingReset() -> AuditCase {
        var pressed = self
        pressed.resetTime = Self.resetPressTime
        return pressed
    }

    /// The sample before whose update the reset button is pressed (nil: never, or the trace ends first).
    package var resetIndex: Int? {
        guard let resetTime, let t0 = trace.samples.first?.t else { return nil }
        return trace.samples.firstIndex { $0.t - t0 >= resetTime - 1e-9 }
    }

    /// Whether sample `i` is measured: every sample, or with a reset, those from the press on.
    package func measures(_ i: Int) -> Bool {
        guard resetTime != nil else { return true }
        guard let resetIndex else { return false }
        return i >= resetIndex
    }

    /// The eye the model of `pipeline` hands the renderer for each sample, after its hand-off delay (the reset
    /// button pressed at `resetIndex` when set). The one place the model's eyes are computed: what every check
    /// compares unless it measures the app's code (`codeEvidence(for:)`).
    package func eyes(_ pipeline: AppPipeline, attitude override: [Quaternion]? = nil) -> [Vec3] {
        var head = HeadPipeline(pipeline, cameraOffset: screen.cameraOffset, mode: mode)
        let press = resetIndex
        let raw = inputs(pipeline, attitude: override).enumerated().map { i, input in
            if i == press { head.recenter() }
            return head.update(input)
        }
        return handedOff(raw, pipeline)
    }

    /// The eyes `pipeline` draws with: `raw` (one per sample) after its hand-off delay.
    package func handedOff(_ raw: [Vec3], _ pipeline: AppPipeline) -> [Vec3] {
        guard pipeline.delaysHandOff else { return raw }
        let t = times
        return t.indices.map { i in Self.interpolate(raw, times: t, at: t[i] - HandOff.delay(mode: mode, frame: i)) }
    }

    /// Linear interpolation of `values` at `time` (held at the ends).
    package static func interpolate(_ values: [Vec3], times: [Double], at time: Double) -> Vec3 {
        guard let first = times.first, time > first else { return values[0] }
        var hi = times.partitionPoint { $0 < time }
        if hi >= times.count { return values[values.count - 1] }
        hi = max(hi, 1)
        let lo = hi - 1
        let w = (time - times[lo]) / (times[hi] - times[lo])
        return values[lo] + w * (values[hi] - values[lo])
    }

    /// The image model of `pipeline` on this screen and mode.
    package func image(_ pipeline: AppPipeline) -> ImageModel { ImageModel(pipeline, screen: screen, mode: mode) }
}

extension Array {
    /// The first index whose element fails `belongs` (elements that satisfy it come first).
    func partitionPoint(_ belongs: (Element) -> Bool) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if belongs(self[mid]) { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
