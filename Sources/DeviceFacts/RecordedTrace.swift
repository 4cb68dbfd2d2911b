import Foundation
import Geometry
import Plumbing
import TestedApp
import Tracking

/// A ParallaxRecorder recording made into a head trace in the frame it decided (`ARKitFrameDecision`), for
/// `parallax import` and `parallax audit --recording`:
/// - t: the ARFrame timestamps re-based to the first frame (s);
/// - position: the face anchor's translation in the screen's axes (x right, y up, z toward the viewer; the
///   recording's `screen_axes`), relative to the front camera as ARKit reports it (the audit's input). Under
///   **camera** that is the recorded vector mapped; under **gravity** the recorded world vector is mapped into the
///   device's axes at the head segment (where the axes were measured) and turned back by the phone's rotation
///   since, from the attitude: R_k⁻¹·S·f_k with R_k = A_head⁻¹·A_k (the phone's translation is not modelled);
/// - tracked: ARFaceAnchor.isTracked; frames not tracked keep the pose ARKit repeated (`TraceBreaks` finds the
///   gaps and frozen stretches as for any trace);
/// - device_q: the attitude taken from CoreMotion's z-up reference frame to the trace's y-up world (−90° about x).
package struct RecordedTrace: Sendable {
    /// A ParallaxRecorder recording of a simulated session (its `# synthetic:` header line) starts its source so.
    package static let syntheticSource = "synthetic recording"

    package var decision: ARKitFrameDecision
    package var trace: HeadTrace

    /// A recording that does not settle the frame and axes the trace needs.
    package struct Undecided: Error, CustomStringConvertible {
        package var file: String
        package var reason: String
        package var description: String { "\(file): \(reason); `parallax arkit-frame \(file)` says why (the protocol: `parallax arkit-frame --protocol`)" }
    }

    /// CoreMotion's `.xArbitraryZVertical` reference (z up) → the trace's world (y up).
    static let zUpToYUp = Quaternion(axis: Vec3(1, 0, 0), angle: -.pi / 2)

    /// Whether the file at `path` is a ParallaxRecorder recording (its first line).
    package static func isRecording(contentsOf path: String) throws -> Bool {
        DeviceRecording.isRecording(Substring(String(decoding: try FileContents.read(path).prefix(64), as: UTF8.self)))
    }

    package static func read(contentsOf path: String) throws -> RecordedTrace {
        try RecordedTrace(recording: DeviceRecording.read(contentsOf: path), file: path)
    }

    package init(recording: DeviceRecording, file: String) throws {
        let decision = ARKitFrameDecision(recording: recording)
        guard let frame = decision.frame else { throw Undecided(file: file, reason: "the recording leaves the ARKit frame undecided") }
        guard let axes = decision.screenAxes else { throw Undecided(file: file, reason: "the recording leaves the screen's axes undecided") }
        let frames = recording.frames
        let headAttitude = decision.headSegment.flatMap { segment in frames.first { $0.t >= segment.start }?.attitude } ?? frames[0].attitude
        let t0 = frames[0].t
        let samples = frames.map { f -> HeadSample in
            let mapped = axes.screen(f.face)
            let position = frame == .camera ? mapped : (headAttitude.conjugate * f.attitude).conjugate.rotate(mapped)
            return HeadSample(t: f.t - t0, position: position, tracked: f.tracked)
        }
        var trace = HeadTrace(samples: samples, metadata: [])
        trace.setOrientations(frames.map { Self.zUpToYUp * $0.attitude }, .device)
        let name = URL(fileURLWithPath: file).lastPathComponent
        let device = [recording[header: "device_model"], recording[header: "system_version"].map { "iOS \($0)" }].compactMap { $0 }.joined(separator: ", ")
        // A recording made on a simulated session says so first (its `# synthetic:` line), wherever it is shown.
        let synthetic = recording[header: "synthetic"].map { "\(Self.syntheticSource) (\($0)); " } ?? ""
        trace.metadata = [
            MetadataEntry(key: "source", value: synthetic + "parallax import \(ParallaxVersion.string) from \(name) (ParallaxRecorder\(device.isEmpty ? "" : ", \(device)")): "
                + "ARKit frame \(frame.rawValue) and screen axes right \(axes.right.rawValue), up \(axes.up.rawValue) measured by this recording; "
                + "positions relative to the front camera in the screen's axes; t re-based to the first frame (ARFrame.timestamp \(String(format: "%.6f", t0)) s); "
                + "device_q from the CoreMotion attitude"),
            MetadataEntry(key: "arkit_frame", value: "\(frame.rawValue) (measured: \(name))"),
        ]
        self.decision = decision
        self.trace = trace
    }

    /// `parallax import` of a recording: the trace written at `output` (atomically), and what was decided reported.
    package static func convert(contentsOf path: String, to output: String, report: (String) -> Void) throws {
        let recorded = try read(contentsOf: path)
        try TraceCSVWriter.write(recorded.trace, to: output)
        report("\(path): ParallaxRecorder recording, \(recorded.trace.count) frames, \(String(format: "%.2f", recorded.trace.duration)) s")
        report("ARKit frame: \(recorded.decision.verdict.rawValue) (phone turned \(String(format: "%.1f", recorded.decision.phoneRotationDeg))°), screen axes right \(recorded.decision.screenAxes!.right.rawValue), up \(recorded.decision.screenAxes!.up.rawValue)")
        report("→ \(output): \(recorded.trace.count) samples")
    }
}
