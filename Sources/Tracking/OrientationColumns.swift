import Foundation
import Geometry
import Vocabulary

/// The optional 6-DoF columns of a trace CSV: a quaternion per sample (Hamilton, w first), four columns
/// `<prefix>_qw,<prefix>_qx,<prefix>_qy,<prefix>_qz`, carried as extra columns so that every older tool keeps
/// them through a round trip. The reader checks that all four come together and that each is unit length.
///
/// Frames (ARCHITECTURE "Conventions"): the screen frame is x right, y up along the long edge in portrait,
/// z out of the screen toward the viewer.
public enum OrientationColumns: String, CaseIterable, Sendable {
    /// The head's orientation: face frame → screen frame.
    case head
    /// The phone's attitude: screen frame → a gravity-aligned world frame (y up). Identity: upright, screen
    /// vertical, facing the viewer; a phone tilted back by θ is a rotation about x by −θ.
    case device

    /// The four column names, w first.
    public var names: [String] { ["w", "x", "y", "z"].map { "\(rawValue)_q\($0)" } }

    /// How far |q| may be from 1: printed quaternions (TUM files carry 4 decimals) are not exactly unit.
    public static let unitTolerance = 1e-3

    /// The unit-length check of one row's values, as a one-line complaint, or nil when they are a rotation.
    static func complaint(_ q: Quaternion) -> String? {
        guard q.isFinite else { return "expected a finite quaternion, found \(q)" }
        let norm = q.norm
        guard abs(norm - 1) <= unitTolerance else {
            return "expected a unit quaternion (|q| = 1 ± \(unitTolerance)), found |q| = \(String(format: "%.6f", norm))"
        }
        return nil
    }
}

extension HeadTrace {
    /// The quaternions of `columns`, normalized, or nil when the trace does not carry them.
    public func orientations(_ columns: OrientationColumns) throws -> [Quaternion]? {
        let found = columns.names.map { name in extraColumns.first { $0.name == name } }
        guard found.contains(where: { $0 != nil }) else { return nil }
        guard found.allSatisfy({ $0 != nil }) else {
            throw FieldError(FieldPath([.key(columns.names.joined(separator: ","))]), expected: "all four columns together", found: "only \(zip(columns.names, found).filter { $0.1 != nil }.map(\.0).joined(separator: ","))")
        }
        let values = found.map { $0!.values }
        return try samples.indices.map { i in
            let parts = values.map { Double($0[i]) }
            guard let w = parts[0], let x = parts[1], let y = parts[2], let z = parts[3] else {
                throw FieldError(FieldPath([.key(columns.names.joined(separator: ","))]), expected: "numbers", found: "'\(values.map { $0[i] }.joined(separator: ","))' at sample \(i + 1)")
            }
            let q = Quaternion(w: w, x: x, y: y, z: z)
            if let complaint = OrientationColumns.complaint(q) {
                throw FieldError(FieldPath([.key(columns.names.joined(separator: ","))]), expected: complaint, found: "sample \(i + 1)")
            }
            return q.normalized
        }
    }

    /// Sets (replacing) the four columns of `columns` from one quaternion per sample.
    public mutating func setOrientations(_ quaternions: [Quaternion], _ columns: OrientationColumns) {
        precondition(quaternions.count == samples.count, "one quaternion per sample")
        let components: [(Quaternion) -> Double] = [{ $0.w }, { $0.x }, { $0.y }, { $0.z }]
        for (name, component) in zip(columns.names, components) {
            let column = ExtraColumn(name: name, values: quaternions.map { "\(component($0))" })
            if let index = extraColumns.firstIndex(where: { $0.name == name }) { extraColumns[index] = column } else { extraColumns.append(column) }
        }
    }
}
