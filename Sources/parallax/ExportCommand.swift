import ArgumentParser
import Foundation
import Tracking

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a trace (or a TUM/EuRoC trajectory) as a TUM trajectory file 'timestamp tx ty tz qx qy qz qw'.",
        discussion: """
            Times and the measured positions are written as they are in the trace, orientations from its
            head_qw,head_qx,head_qy,head_qz columns (w last in TUM); a trace without them is written with the identity
            quaternion 0 0 0 1, and the command says so. Numbers are printed in their shortest round-trip form, so
            TUM → import → export gives the same numbers.

            Examples:
              parallax export rec.csv --format tum -o rec.tum
              parallax export Traces/recordings/tum/freiburg1_xyz-groundtruth.csv --format tum -o gt.txt
            """
    )

    @Argument(help: "Trace CSV (or a TUM / EuRoC trajectory).")
    var input: String

    @Option(name: .long, help: "Output format: tum (default tum).", transform: TrajectoryFormat.init(parsing:))
    var format = TrajectoryFormat.tum

    @Option(name: .shortAndLong, help: "Output file.")
    var output: String

    func validate() throws {
        guard format == .tum else { throw ValidationError("--format: only tum is written, found '\(format)'") }
    }

    func run() throws {
        let trajectory = try TrajectoryFile.read(contentsOf: input)
        try TUMWriter.write(trajectory, comments: ["parallax export from \(URL(fileURLWithPath: input).lastPathComponent)"], to: output)
        print("\(input): \(trajectory.count) poses → \(output)" + (trajectory.orientations == nil ? " (no orientation columns: identity quaternions written)" : ""))
    }
}
