import Foundation
import Plumbing
import Vocabulary

/// The one reader of "a trajectory" for `parallax evaluate` and `export`: a TUM or EuRoC file (the format
/// given, or detected from its text: `TrajectoryFormat.detect`), or else a trace CSV (its measured positions
/// and `head_q*` orientations).
public enum TrajectoryFile {
    public static func read(contentsOf path: String, format: TrajectoryFormat? = nil, sort: Bool = false) throws -> PoseTrajectory {
        try readWithNotes(contentsOf: path, format: format, sort: sort).trajectory
    }

    /// `read`, with the reader's notes (sorting, repeated timestamps; none for a trace CSV).
    public static func readWithNotes(contentsOf path: String, format: TrajectoryFormat? = nil, sort: Bool = false) throws -> (trajectory: PoseTrajectory, notes: [String]) {
        let bytes = try FileContents.read(path)
        let text = String(decoding: bytes, as: UTF8.self)
        if let format = format ?? TrajectoryFormat.detect(Substring(text)) {
            let result = try TrajectoryReader.parse(text, file: path, format: format, sort: sort)
            return (result.trajectory, result.notes)
        }
        let trace = try TraceCSVReader.parse(Data(bytes), file: path)
        do {
            return (try PoseTrajectory(trace: trace), [])
        } catch var error as FieldError {
            error.file = path
            throw error
        }
    }
}
