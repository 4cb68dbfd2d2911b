import Foundation
import Tracking
import Trajectories

/// The `trajectory` surface: a TUM or EuRoC file as `parallax import` and `evaluate` read it — the format
/// detected from the text (or, when nothing is detected, TUM for an even first byte and EuRoC for an odd one,
/// so both parsers see every input), sorted when the last byte is odd; then the trace it imports into, its TUM
/// text read back, and `evaluate` of the trajectory against itself. The text ends at the first NUL byte; the
/// bytes after one are `evaluate`'s options (any value of each, as a library caller may pass them), and
/// without one the options are the defaults with a Sim(3) alignment.
enum TrajectoryFuzzing {
    static func run(_ bytes: [UInt8], name: String) throws {
        let end = bytes.firstIndex(of: 0)
        let textBytes = Array(bytes[..<(end ?? bytes.endIndex)])
        let text = String(decoding: textBytes, as: UTF8.self)
        let format = TrajectoryFormat.detect(Substring(text)) ?? ((textBytes.first ?? 0) % 2 == 0 ? .tum : .euroc)
        let read = try TrajectoryReader.parse(text, file: name, format: format, sort: (textBytes.last ?? 0) % 2 == 1)
        // The trace as `import` makes it (repeated timestamps reduced to each run's last row).
        let trace = try TrajectoryImporter.parse(textBytes, file: name, format: format, sort: (textBytes.last ?? 0) % 2 == 1).trace
        _ = try TraceCSVReader.parse(Data(TraceCSVWriter.encode(trace)), file: name)
        let again = try TrajectoryReader.parse(TUMWriter.encode(try PoseTrajectory(trace: trace)), file: name, format: .tum)
        var options = TrajectoryEvaluation.Options()
        if let end {
            options = evaluationOptions(Array(bytes[(end + 1)...]))
        } else {
            options.alignment = .sim3
        }
        _ = try TrajectoryEvaluation.run(truth: read.trajectory, estimate: again.trajectory, options: options)
    }

    /// Every field from the bytes, any bit pattern: NaN, ±inf, zero and negative counts, `Int.min` and `Int.max`.
    static func evaluationOptions(_ bytes: [UInt8]) -> TrajectoryEvaluation.Options {
        var input = FuzzBytes(bytes)
        var options = TrajectoryEvaluation.Options()
        options.association = input.flag() ? .interpolate : .nearest
        options.maxDifference = input.double()
        options.offset = input.double()
        options.maxGap = input.double()
        options.alignment = TrajectoryEvaluation.AlignmentKind.allCases[Int(input.byte()) % TrajectoryEvaluation.AlignmentKind.allCases.count]
        options.alignFirst = input.flag() ? input.int() : nil
        options.delta = input.int()
        return options
    }
}
