import Analysis
import Foundation
import Tracking

/// The `trajectory` surface: a TUM or EuRoC file as `parallax import` and `evaluate` read it — the format
/// detected from the text (or, when nothing is detected, TUM for an even first byte and EuRoC for an odd one,
/// so both parsers see every input), sorted when the last byte is odd; then the trace it imports into, its TUM
/// text read back, and `evaluate` of the trajectory against itself with a Sim(3) alignment.
enum TrajectoryFuzzing {
    static func run(_ bytes: [UInt8], name: String) throws {
        let text = String(decoding: bytes, as: UTF8.self)
        let format = TrajectoryFormat.detect(Substring(text)) ?? ((bytes.first ?? 0) % 2 == 0 ? .tum : .euroc)
        let read = try TrajectoryReader.parse(text, file: name, format: format, sort: (bytes.last ?? 0) % 2 == 1)
        let (trace, _) = try read.trajectory.headTrace(metadata: [], extraColumns: read.extraColumns, file: name, lines: read.lines)
        _ = try TraceCSVReader.parse(Data(TraceCSVWriter.encode(trace)), file: name)
        let again = try TrajectoryReader.parse(TUMWriter.encode(try PoseTrajectory(trace: trace)), file: name, format: .tum)
        var options = TrajectoryEvaluation.Options()
        options.alignment = .sim3
        _ = try TrajectoryEvaluation.run(truth: read.trajectory, estimate: again.trajectory, options: options)
    }
}
