import Foundation
import Reporting

extension TrajectoryEvaluation.Result {
    /// The page of `parallax evaluate --html`: the paired trajectories, the APE over time and the summary rows
    /// (the files as given, pairs, alignment, APE and RPE statistics, notes).
    package func page(truthFile: String, estimateFile: String) -> TrajectoryComparisonPage {
        let origin = truth.times.first ?? 0
        func f(_ v: Double) -> String { String(format: "%.6f", v) }
        var summary: [(String, String)] = [("truth", truthFile), ("estimate", estimateFile),
                                           ("pairs", "\(pairs) (\(association.rawValue), offset \(timeOffset) s)")]
        if let alignment {
            summary.append(("alignment", String(format: "%@ on %d pairs: rotation %.4f°, scale %.6f", alignment.kind.rawValue, alignment.poses,
                                                alignment.transform.rotationAngle * 180 / .pi, alignment.transform.scale)))
        } else {
            summary.append(("alignment", "none"))
        }
        let a = ape
        summary.append(("APE (m)", "rmse \(f(a.rmse)), mean \(f(a.mean)), median \(f(a.median)), std \(f(a.std)), min \(f(a.min)), max \(f(a.max)), sse \(f(a.sse))"))
        if let rpe {
            let r = rpe.statistics
            summary.append(("RPE (m, Δ \(rpe.deltaFrames))", "rmse \(f(r.rmse)), mean \(f(r.mean)), median \(f(r.median)), std \(f(r.std)), min \(f(r.min)), max \(f(r.max)), sse \(f(r.sse))"))
        }
        summary += notes.map { ("note", $0) }
        return TrajectoryComparisonPage(title: "parallax evaluate", subtitle: "\(URL(fileURLWithPath: estimateFile).lastPathComponent) against \(URL(fileURLWithPath: truthFile).lastPathComponent)",
                                        truth: truth.positions.map { ($0.x, $0.y, $0.z) }, estimate: estimate.positions.map { ($0.x, $0.y, $0.z) },
                                        times: truth.times.map { $0 - origin }, errors: apeErrors, summary: summary)
    }
}
