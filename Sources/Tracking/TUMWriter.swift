import Foundation
import Geometry
import Plumbing

/// Writes a `PoseTrajectory` as a TUM trajectory file (`timestamp tx ty tz qx qy qz qw`, one pose per line,
/// numbers in Swift's shortest round-trip form, so reading the file back gives the same doubles). Poses
/// without orientation are written with the identity quaternion `0 0 0 1` (the caller says so).
public enum TUMWriter {
    public static func encode(_ trajectory: PoseTrajectory, comments: [String] = []) -> String {
        var out = ""
        for comment in comments { out += "# \(comment)\n" }
        out += "# timestamp tx ty tz qx qy qz qw\n"
        for i in 0..<trajectory.count {
            let p = trajectory.positions[i]
            let q = trajectory.orientations?[i] ?? .identity
            out += [trajectory.times[i], p.x, p.y, p.z, q.x, q.y, q.z, q.w].map(text).joined(separator: " ")
            out += "\n"
        }
        return out
    }

    public static func write(_ trajectory: PoseTrajectory, comments: [String] = [], to path: String) throws {
        try AtomicFile.write(Array(encode(trajectory, comments: comments).utf8), to: path)
    }

    static func text(_ value: Double) -> String { (value == 0 ? 0 : value).description }
}
