import Foundation
import Geometry

/// Two apps under test — typically the model and the code — on the same runs, frame by frame, stage by stage in the
/// pipeline's order: the smoother's output (`head`), the tilt offset, the eye, the projection. The code computes in
/// Float, the model in Double, so "the same" is to Float's precision: positions within `positionTolerance`, each
/// projection element within `projectionTolerance`·max(1, |element|) (the audit's conformance uses the same bounds).
package struct AppComparison: Codable, Equatable, Sendable {
    /// 1 µm: a Float's spacing at 0.5 m is 60 nm; the EMA, the tilt's trigonometry and the projection's divisions add
    /// a few spacings.
    package static let positionTolerance = 1e-6
    /// Relative, per projection element: Float's ε is 1.2e-7, and 2n/(r − l) amplifies the eye's rounding.
    package static let projectionTolerance = 1e-5

    package enum Stage: String, Codable, CaseIterable, Sendable {
        case head = "smoother output", tilt = "tilt offset", eye, projection
    }

    /// Where two apps first part: the earliest stage of the earliest frame that differs, in the first run that does.
    package struct Difference: Codable, Equatable, Sendable {
        package var stage: Stage
        package var run: String
        /// 1-based.
        package var frame: Int
        package var t: Double
        /// |Δ| in metres (head, tilt, eye) or relative (projection).
        package var delta: Double

        package init(stage: Stage, run: String, frame: Int, t: Double, delta: Double) {
            (self.stage, self.run, self.frame, self.t, self.delta) = (stage, run, frame, t, delta)
        }
    }

    /// The reference's and the candidate's names ("model", "code").
    package var reference: String
    package var candidate: String
    package var runs: Int
    package var differingRuns: Int
    package var first: Difference?

    package var agree: Bool { differingRuns == 0 }

    /// Compares `candidate` with `reference`, run by run (`names` name the runs).
    package static func compare(_ candidate: [[AppFrame]], with reference: [[AppFrame]], names: [String],
                                candidateName: String = "code", referenceName: String = "model") -> AppComparison {
        precondition(candidate.count == reference.count && names.count == reference.count, "one name and one frame list per run")
        var result = AppComparison(reference: referenceName, candidate: candidateName, runs: reference.count, differingRuns: 0)
        for (run, (a, b)) in zip(candidate, reference).enumerated() {
            guard let difference = firstDifference(a, b, run: names[run]) else { continue }
            result.differingRuns += 1
            if result.first == nil { result.first = difference }
        }
        return result
    }

    /// Comparisons of separate runs as one comparison of all of them, in the order given (a suite compares each trace
    /// in its own unit, which may run in another shard): the runs add up, and the first difference is the first
    /// comparison's that has one. nil for none.
    package static func combining(_ parts: [AppComparison]) -> AppComparison? {
        guard let head = parts.first else { return nil }
        return AppComparison(reference: head.reference, candidate: head.candidate, runs: parts.reduce(0) { $0 + $1.runs },
                             differingRuns: parts.reduce(0) { $0 + $1.differingRuns }, first: parts.lazy.compactMap(\.first).first)
    }

    /// The first difference of `a` from `b` (frame by frame, stage by stage), nil when they agree.
    package static func firstDifference(_ a: [AppFrame], _ b: [AppFrame], run: String) -> Difference? {
        for (k, (x, y)) in zip(a, b).enumerated() {
            let deltas: [(Stage, Double, Double)] = [
                (.head, (x.head - y.head).length, positionTolerance),
                (.tilt, hypot(x.tiltOffset.x - y.tiltOffset.x, x.tiltOffset.y - y.tiltOffset.y), positionTolerance),
                (.eye, (x.eye - y.eye).length, positionTolerance),
                (.projection, zip(x.projection.elements, y.projection.elements).map { abs($0 - $1) / max(1, abs($1)) }.max() ?? 0,
                 projectionTolerance),
            ]
            if let (stage, delta, _) = deltas.first(where: { !($0.1 <= $0.2) }) {
                return Difference(stage: stage, run: run, frame: k + 1, t: x.t, delta: delta)
            }
        }
        guard a.count != b.count else { return nil }
        let k = min(a.count, b.count)
        return Difference(stage: .head, run: run, frame: k + 1, t: (a.count > k ? a[k] : b[k]).t, delta: .infinity)
    }

    /// "model = code (4 runs)", or "model ≠ code (3 of 4 runs): first at the smoother output, frame 2 (t = 0.017 s) of
    /// sway, |Δ| 1.25 mm".
    package var statement: String {
        guard let first else { return "\(reference) = \(candidate) (\(runs) run\(runs == 1 ? "" : "s"))" }
        let delta: String
        switch first.stage {
        case _ where !first.delta.isFinite: delta = "frames missing on one side"
        case .projection: delta = String(format: "|Δ| %.2g (relative)", first.delta)
        default: delta = first.delta >= 1e-3 ? String(format: "|Δ| %.2f mm", first.delta * 1000) : String(format: "|Δ| %.3g µm", first.delta * 1e6)
        }
        return "\(reference) ≠ \(candidate) (\(differingRuns) of \(runs) run\(runs == 1 ? "" : "s")): first at the \(first.stage.rawValue), frame \(first.frame) "
            + String(format: "(t = %.3f s)", first.t) + " of \(first.run), \(delta)"
    }
}
