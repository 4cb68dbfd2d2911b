import AppReplay
import Foundation
import Geometry
import Projection
import TestedApp
import Tracking
import Vocabulary

/// The model of the app (`PipelineApp` of `AppPipeline.shipped`) against the app's own code replayed on the same
/// sensor samples (`AppReplay`), frame by frame: the smoothed head (`currentPosition`), the eye and the projection
/// matrix, within `AppComparison`'s tolerances (the app computes in Float, the model in Double; 0.1 µm and 5.6e-7
/// relative seen on the canonical traces) — the audit's summary of it per case, with the largest differences.
package struct AppCodeConformance: Sendable, Codable {
    package static let positionTolerance = AppComparison.positionTolerance
    package static let projectionTolerance = AppComparison.projectionTolerance

    package struct Case: Sendable, Codable {
        package var trace: String
        package var screen: String
        package var arkitFrame: ARKitFrame
        package var frames: Int
        /// Largest |Δ| of the smoothed head, of the eye (m), and of a projection element relative to max(1, |element|).
        package var maxHeadDelta: Double
        package var maxEyeDelta: Double
        package var maxProjectionDelta: Double
        /// Frames one side has and the other not (0 unless the app's code skipped or added display frames).
        package var missingFrames = 0
        /// Where the code first parts from the model: the earliest stage (smoother output, tilt offset, eye,
        /// projection) of the earliest frame beyond the tolerances; nil when they agree.
        package var firstDifference: AppComparison.Difference?
        package var passed: Bool {
            missingFrames == 0 && maxHeadDelta <= AppCodeConformance.positionTolerance && maxEyeDelta <= AppCodeConformance.positionTolerance
                && maxProjectionDelta <= AppCodeConformance.projectionTolerance
        }

        enum CodingKeys: String, CodingKey {
            case trace, screen, frames, passed
            case arkitFrame = "arkit_frame", maxHeadDelta = "max_head_delta_m", maxEyeDelta = "max_eye_delta_m"
            case maxProjectionDelta = "max_projection_delta", missingFrames = "missing_frames", firstDifference = "first_difference"
        }

        package init(trace: String, screen: String, arkitFrame: ARKitFrame, frames: Int, maxHeadDelta: Double, maxEyeDelta: Double,
                     maxProjectionDelta: Double) {
            self.trace = trace
            self.screen = screen
            self.arkitFrame = arkitFrame
            self.frames = frames
            self.maxHeadDelta = maxHeadDelta
            self.maxEyeDelta = maxEyeDelta
            self.maxProjectionDelta = maxProjectionDelta
        }

        package init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            self.init(trace: try c.decode(String.self, forKey: .trace), screen: try c.decode(String.self, forKey: .screen),
                      arkitFrame: try c.decode(ARKitFrame.self, forKey: .arkitFrame), frames: try c.decode(Int.self, forKey: .frames),
                      maxHeadDelta: try c.decode(Double.self, forKey: .maxHeadDelta), maxEyeDelta: try c.decode(Double.self, forKey: .maxEyeDelta),
                      maxProjectionDelta: try c.decode(Double.self, forKey: .maxProjectionDelta))
            missingFrames = try c.decode(Int.self, forKey: .missingFrames)
            firstDifference = try c.decodeIfPresent(AppComparison.Difference.self, forKey: .firstDifference)
        }

        package func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(trace, forKey: .trace)
            try c.encode(screen, forKey: .screen)
            try c.encode(arkitFrame, forKey: .arkitFrame)
            try c.encode(frames, forKey: .frames)
            try c.encode(maxHeadDelta, forKey: .maxHeadDelta)
            try c.encode(maxEyeDelta, forKey: .maxEyeDelta)
            try c.encode(maxProjectionDelta, forKey: .maxProjectionDelta)
            try c.encode(missingFrames, forKey: .missingFrames)
            try c.encodeIfPresent(firstDifference, forKey: .firstDifference)
            try c.encode(passed, forKey: .passed)
        }
    }

    package var appSourcePath: String
    package var appSourceHash: String
    package var cases: [Case]

    package var frames: Int { cases.reduce(0) { $0 + $1.frames } }
    package var passed: Bool { cases.allSatisfy(\.passed) }

    /// Replays every trace × screen × ARKit frame through the app's code (one driver process) and compares
    /// each frame with the model; the reset button is pressed at `presses` (seconds) in both.
    package static func check(_ replay: AppReplay, traces: [(name: String, trace: HeadTrace)], screens: [ScreenModel],
                              arkitFrames: [ARKitFrame] = ARKitFrame.allCases, presses: [Double] = []) throws -> AppCodeConformance {
        var plan: [(name: String, screen: ScreenModel, frame: ARKitFrame, inputs: SensorStream)] = []
        for (name, trace) in traces {
            for screen in screens {
                for frame in arkitFrames {
                    plan.append((name, screen, frame, try SensorStream(traceName: name, trace: trace, arkitFrame: frame)))
                }
            }
        }
        let runs = try plan.map { ReplayRun(device: try SimulatedDevice(screen: $0.screen), samples: $0.inputs.samples, presses: presses) }
        let replayed = try replay.replay(runs)
        let cases = try zip(plan, replayed).map { entry, frames in
            try compare(frames, with: entry.inputs, screen: entry.screen, arkitFrame: entry.frame, presses: presses)
        }
        return AppCodeConformance(appSourcePath: replay.app.path, appSourceHash: replay.app.hash, cases: cases)
    }

    static func compare(_ frames: [AppFrame], with inputs: SensorStream, screen: ScreenModel, arkitFrame: ARKitFrame,
                        presses: [Double]) throws -> Case {
        var pipeline = AppPipeline.shipped
        pipeline.arkitFrame = arkitFrame
        let model = try PipelineApp(pipeline).run([AppRun(screen: screen, samples: inputs.samples, presses: presses)])[0]
        var result = Case(trace: inputs.traceName, screen: screen.name, arkitFrame: arkitFrame, frames: frames.count,
                          maxHeadDelta: 0, maxEyeDelta: 0, maxProjectionDelta: 0)
        result.missingFrames = abs(model.count - frames.count)
        result.firstDifference = AppComparison.firstDifference(frames, model, run: "\(inputs.traceName) on \(screen.name), \(arkitFrame.rawValue)")
        for (frame, expected) in zip(frames, model) {
            result.maxHeadDelta = max(result.maxHeadDelta, (frame.head - expected.head).length)
            result.maxEyeDelta = max(result.maxEyeDelta, (frame.eye - expected.eye).length)
            for (a, b) in zip(frame.projection.elements, expected.projection.elements) {
                result.maxProjectionDelta = max(result.maxProjectionDelta, abs(a - b) / max(1, abs(b)))
            }
        }
        return result
    }

    /// "model = app code (DIR @ hash): N frames … agree, max |Δ| …", or "model ≠ app code (…): … differ in N of M cases — first
    /// at the eye, frame 1 of sway on iPhone 15 Pro, gravity; …" — the audit's and the suite's line.
    package var line: String {
        let head = cases.map(\.maxHeadDelta).max() ?? 0, eye = cases.map(\.maxEyeDelta).max() ?? 0
        let projection = cases.map(\.maxProjectionDelta).max() ?? 0
        let missing = cases.reduce(0) { $0 + $1.missingFrames }
        let onOneSide = missing > 0 ? ", \(missing) frames on one side only" : ""
        let first = cases.lazy.compactMap(\.firstDifference).first.map { " — first at the \($0.stage.rawValue), frame \($0.frame) of \($0.run)" } ?? ""
        let verdict = passed ? "\(frames) frames in \(cases.count) cases agree\(onOneSide)"
            : "\(cases.filter { !$0.passed }.count) of \(cases.count) cases differ (\(frames) frames\(onOneSide))\(first)"
        return "model \(passed ? "=" : "≠") app code (\(appSourcePath) @ \(appSourceHash)): \(verdict); "
            + "max |Δ| head \(Self.micrometres(head)), eye \(Self.micrometres(eye)), projection \(String(format: "%.2g", projection)) (relative); "
            + "tolerance \(Self.micrometres(Self.positionTolerance)), \(String(format: "%.0g", Self.projectionTolerance))"
    }

    static func micrometres(_ metres: Double) -> String { String(format: "%.3g µm", metres * 1e6) }

    enum CodingKeys: String, CodingKey {
        case appSource = "app_source", frames, passed, cases, tolerance
    }

    package init(appSourcePath: String, appSourceHash: String, cases: [Case]) {
        self.appSourcePath = appSourcePath
        self.appSourceHash = appSourceHash
        self.cases = cases
    }

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let source = try c.decode([String: String].self, forKey: .appSource)
        guard let path = source["path"], let hash = source["hash"] else {
            throw DecodingError.dataCorruptedError(forKey: .appSource, in: c, debugDescription: "expected path and hash")
        }
        self.init(appSourcePath: path, appSourceHash: hash, cases: try c.decode([Case].self, forKey: .cases))
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(["path": appSourcePath, "hash": appSourceHash], forKey: .appSource)
        try c.encode(frames, forKey: .frames)
        try c.encode(passed, forKey: .passed)
        try c.encode(["position_m": Self.positionTolerance, "projection_relative": Self.projectionTolerance], forKey: .tolerance)
        try c.encode(cases, forKey: .cases)
    }
}
