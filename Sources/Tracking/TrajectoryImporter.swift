import Foundation
import Plumbing

/// `parallax import` of a TUM or EuRoC trajectory: the poses become a trace (`PoseTrajectory.headTrace`),
/// timestamps kept absolute (seconds, not re-based: a truth and an estimate imported apart still share
/// their clock), positions in meters in the file's frame, orientations in the `head_q*` columns, EuRoC's
/// further columns carried as extra columns. The `# source:` line names the file, the format and every note.
public enum TrajectoryImporter {
    public struct Result: Sendable {
        public var trace: HeadTrace
        public var format: TrajectoryFormat
        public var notes: [String]
    }

    public static func read(contentsOf path: String, format: TrajectoryFormat?, sort: Bool) throws -> Result {
        try importing(TrajectoryReader.read(contentsOf: path, format: format, sort: sort), from: path)
    }

    /// A trajectory file's bytes as read (`FileContents`), imported as `read(contentsOf:format:sort:)` does.
    public static func parse(_ bytes: [UInt8], file: String, format: TrajectoryFormat?, sort: Bool) throws -> Result {
        try importing(TrajectoryReader.parse(bytes, file: file, format: format, sort: sort), from: file)
    }

    private static func importing(_ file: TrajectoryReader.Result, from path: String) throws -> Result {
        let name = URL(fileURLWithPath: path).lastPathComponent
        // A trace's times strictly increase: a run of repeated timestamps keeps its last row (evo's pick on a tie).
        let (poses, kept, dropped) = file.trajectory.lastOfRepeatedTimes()
        let extraColumns = file.extraColumns.map { column in ExtraColumn(name: column.name, values: kept.map { column.values[$0] }) }
        var (trace, notes) = try poses.headTrace(metadata: [], extraColumns: extraColumns, file: path, lines: kept.map { file.lines[$0] })
        notes = file.notes + (dropped > 0 ? ["a trace's times strictly increase: of each run of repeated timestamps the last row kept (evo's pick on a tie), \(dropped) row(s) left out"] : []) + notes
        let conversions = ["\(file.format == .tum ? "TUM" : "EuRoC") trajectory",
                           "time in absolute seconds (not re-based)",
                           "positions in m in the file's frame",
                           "orientation (w first) in \(OrientationColumns.head.names.joined(separator: ","))"] + notes
        trace.metadata = [MetadataEntry(key: "source", value: "parallax import \(ParallaxVersion.string) from \(name): \(conversions.joined(separator: "; "))"),
                          MetadataEntry(key: "trajectory_format", value: file.format.rawValue)]
        return Result(trace: trace, format: file.format, notes: notes)
    }

    /// Reads `input` and writes the trace CSV at `output` (atomically; nothing written when refused).
    @discardableResult
    public static func convert(contentsOf input: String, to output: String, format: TrajectoryFormat?, sort: Bool) throws -> Result {
        let result = try read(contentsOf: input, format: format, sort: sort)
        try TraceCSVWriter.write(result.trace, to: output)
        return result
    }
}
