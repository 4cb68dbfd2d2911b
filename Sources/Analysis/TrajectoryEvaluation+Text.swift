import Foundation

extension TrajectoryEvaluation.Result {
    /// The text form: pairs, alignment, then one line of statistics per error, meters.
    package var text: String {
        func f(_ v: Double) -> String { String(format: "%.6f", v) }
        func line(_ name: String, _ s: ErrorStatistics) -> String {
            "\(name) rmse \(f(s.rmse))  mean \(f(s.mean))  median \(f(s.median))  std \(f(s.std))  min \(f(s.min))  max \(f(s.max))  sse \(f(s.sse))"
        }
        var lines = ["pairs: \(pairs) (\(association.rawValue), time offset \(timeOffset) s)"]
        if let alignment {
            let t = alignment.transform.translation
            lines.append("alignment: \(alignment.kind.rawValue) on \(alignment.poses) pair(s): rotation \(String(format: "%.4f", alignment.transform.rotationAngle * 180 / .pi))°, translation (\(f(t.x)), \(f(t.y)), \(f(t.z))) m, scale \(String(format: "%.6f", alignment.transform.scale))")
        } else {
            lines.append("alignment: none")
        }
        lines.append(line("APE (m):", ape))
        if let rpe { lines.append(line("RPE (m, Δ \(rpe.deltaFrames) frame(s), \(rpe.pairs) pairs):", rpe.statistics)) }
        lines += notes.map { "note: \($0)" }
        return lines.joined(separator: "\n")
    }
}
