import Foundation
import Geometry

extension PoseTrajectory {
    /// The poses of a trace: its times and measured positions, and its `head_q*` columns as written (nil
    /// when it has none; `HeadTrace.orientations` checks them first, so a bad column is a `FieldError`).
    public init(trace: HeadTrace) throws {
        var orientations: [Quaternion]?
        if try trace.orientations(.head) != nil {
            let columns = OrientationColumns.head.names.map { name in trace.extraColumns.first { $0.name == name }!.values }
            orientations = trace.samples.indices.map { i in
                Quaternion(w: Double(columns[0][i])!, x: Double(columns[1][i])!, y: Double(columns[2][i])!, z: Double(columns[3][i])!)
            }
        }
        self.init(times: trace.samples.map(\.t), positions: trace.samples.map(\.position), orientations: orientations)
    }

    /// These poses as a trace: every sample tracked, orientations in the `head_q*` columns — as written when
    /// within `OrientationColumns.unitTolerance` of unit length, else normalized (counted in the notes) —,
    /// then `extraColumns`. A position beyond `TraceCSVReader.maximumAbsolutePosition` is an error naming
    /// `file` and the pose's line (`lines`, one per pose).
    public func headTrace(metadata: [MetadataEntry], extraColumns: [ExtraColumn] = [], file: String, lines: [Int]) throws -> (trace: HeadTrace, notes: [String]) {
        let limit = TraceCSVReader.maximumAbsolutePosition
        for (i, p) in positions.enumerated() where !(max(abs(p.x), abs(p.y), abs(p.z)) <= limit) {
            throw TraceError(file: file, line: lines[i], message: "position (\(p.x), \(p.y), \(p.z)) m is beyond ±\(limit) m; expected head positions (a trace holds positions within ±\(limit) m)")
        }
        var trace = HeadTrace(samples: zip(times, positions).map { HeadSample(t: $0, position: $1) }, metadata: metadata)
        var notes: [String] = []
        if let orientations {
            var normalized = 0
            let written = orientations.map { q -> Quaternion in
                if abs(q.norm - 1) <= OrientationColumns.unitTolerance { return q }
                normalized += 1
                return q.normalized
            }
            trace.setOrientations(written, .head)
            if normalized > 0 { notes.append("\(normalized) quaternion(s) further than \(OrientationColumns.unitTolerance) from unit length normalized") }
        }
        trace.extraColumns += extraColumns
        return (trace, notes)
    }
}
