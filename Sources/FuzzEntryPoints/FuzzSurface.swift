import Audit
import DeviceFacts
import Foundation
import Golden
import Harness
import Imaging
import Plumbing
import Projection
import Smoothing
import Splatting
import TestedApp
import Tracking
import Tuning

/// Every input surface ParallaxLab reads from outside, each run through the library entry point the CLI uses.
/// The fuzz executable (`Fuzz/ParallaxFuzz SURFACE`) feeds it the fuzzer's bytes; `FuzzCorpusTests` replays the committed
/// corpora (`Tests/Fixtures/fuzz/<target>/`) through the same function, without sanitizers.
///
/// An input is either accepted or rejected with an error; anything else — a trap, a hang, an error with an
/// empty message, or a multi-line message for a one-line input — is a bug.
package enum FuzzSurface: String, CaseIterable, Sendable {
    case traceCSV = "trace-csv"
    case ply
    case splat
    case spz
    case png
    case suite
    case smootherSpec = "smoother-spec"
    case toleranceSpec = "tolerance-spec"
    case range
    case screenSpec = "screen-spec"
    case splatRenderer = "splat-renderer"
    case cubeRenderer = "cube-renderer"
    case cameraFile = "camera-file"
    case trajectory
    case deviceRecording = "device-recording"
    case deviceProbe = "device-probe"

    package enum Outcome: Equatable, Sendable {
        case accepted
        case rejected(String)
    }

    /// Runs one input. Rejections come back as `.rejected(message)`; a message that is empty, or that spans
    /// lines although the input has none, stops the process (the fuzzer keeps the input).
    @discardableResult
    package func run(_ bytes: [UInt8]) -> Outcome {
        let outcome: Outcome
        do {
            try accept(bytes)
            outcome = .accepted
        } catch {
            let message = String(describing: error)
            precondition(!message.isEmpty, "\(rawValue): an error with an empty message")
            precondition(!message.contains("\n") || bytes.contains(10), "\(rawValue): a multi-line message: \(message)")
            outcome = .rejected(message)
        }
        return outcome
    }

    private func accept(_ bytes: [UInt8]) throws {
        let name = "fuzz.\(fileExtension)"
        switch self {
        case .traceCSV:
            // With the synthesis spec of its header, as `tune --seeds` reads it.
            _ = try TraceSpec.embedded(in: try TraceCSVReader.parse(Data(bytes), file: name), file: name)
        case .ply:
            _ = try PLYReader.decode(bytes, name: name)
        case .splat:
            _ = try SplatFormat.decode(bytes, name: name)
        case .spz:
            _ = try SPZReader.decode(bytes, name: name)
        case .png:
            _ = try PNGCodec.decode(bytes, name: name)
        case .suite:
            try SuiteFuzzing.load(bytes)
        case .smootherSpec:
            try SmootherFuzzing.run(String(decoding: bytes, as: UTF8.self))
        case .toleranceSpec:
            _ = try Tolerance(parsing: String(decoding: bytes, as: UTF8.self))
        case .range:
            try RangeFuzzing.run(String(decoding: bytes, as: UTF8.self))
        case .screenSpec:
            _ = try ScreenModel(parsing: String(decoding: bytes, as: UTF8.self))
        case .splatRenderer:
            try SplatRendererFuzzing.run(bytes)
        case .cubeRenderer:
            try CubeRendererFuzzing.run(bytes)
        case .cameraFile:
            _ = try CameraFile.decode(Data(bytes), name: name)
        case .trajectory:
            try TrajectoryFuzzing.run(bytes, name: name)
        case .deviceRecording:
            // As `arkit-frame` and `import` read it: the decision, then (when decided) the trace in the decided frame.
            let recording = try DeviceRecording.parse(String(decoding: bytes, as: UTF8.self), file: name)
            let decision = ARKitFrameDecision(recording: recording)
            _ = try JSONEncoder.deterministic().encode(decision)
            if decision.frame != nil, decision.screenAxes != nil {
                _ = try TraceCSVWriter.encode(RecordedTrace(recording: recording, file: name).trace)
            }
        case .deviceProbe:
            // As `device-check` reads it: the probe, the decisions, their JSON and text.
            let check = DeviceCheck(probe: try DeviceProbe.decode(bytes, file: name))
            _ = try JSONEncoder.deterministic().encode(check)
            _ = check.text
        }
    }

    /// The extension of the file name errors mention (and of corpus files).
    package var fileExtension: String {
        switch self {
        case .traceCSV: return "csv"
        case .ply: return "ply"
        case .splat: return "splat"
        case .spz: return "spz"
        case .png: return "png"
        case .suite: return "yml"
        case .cameraFile, .deviceProbe: return "json"
        case .deviceRecording: return "csv"
        case .smootherSpec, .toleranceSpec, .range, .screenSpec, .trajectory: return "txt"
        case .splatRenderer, .cubeRenderer: return "bin"
        }
    }
}
