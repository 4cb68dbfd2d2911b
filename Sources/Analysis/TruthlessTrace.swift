import Foundation
import Geometry
import Tracking

/// A recording without ground truth made ready for the metrics that compare against a true path: frozen
/// repeats are marked untracked (a recording without a `tracked` column says "lost" only by repeating the
/// last pose), and `truth` is the RTS reference estimate (`ReferenceEstimate`) of the measurements.
///
/// Every metric computed on it is "against the reference estimate", not against ground truth; `label`
/// says so in the report.
package struct TruthlessTrace: Sendable {
    /// The recording with frozen repeats untracked and `truth` = the reference estimate.
    package var trace: HeadTrace
    package var breaks: TraceBreaks
    package var reference: ReferenceEstimate

    /// The name of the reference in reports (`TraceAnalysisReport.reference`).
    package static let referenceName = "reference estimate"

    /// nil when the trace has ground truth (then nothing needs estimating).
    package init?(_ recording: HeadTrace) {
        guard recording.truth == nil else { return nil }
        breaks = TraceBreaks(samples: recording.samples)
        let marked = recording.markingFrozenRepeatsUntracked(breaks)
        reference = ReferenceEstimate.estimate(marked, breaks: breaks)
        trace = reference.asTruth(of: marked)
    }

    /// Marks an analysis of `trace` as made against the reference estimate: the reference name, no ground
    /// truth, no sensor lag (the estimate is made from the measurements: measured − estimate says nothing
    /// about latency), the step response on the measured positions (the estimate rounds steps off), and notes.
    package func label(_ report: inout TraceAnalysisReport, filtered: [Vec3]) {
        report.reference = Self.referenceName
        report.trace.groundTruth = false
        report.lag.sensor = nil
        report.lag.step = StepResponse.measure(samples: trace.samples, reference: trace.samples.map(\.position), filtered: filtered,
                                               threshold: 0.02, maxInterval: breaks.gapThreshold)
        report.notes.removeAll { $0.hasPrefix("latency model: truth → measured correlation") }
        let q = reference.processNoise
        report.notes.append(String(
            format: "no ground truth: lag, jitter and parallax error are against the reference estimate — an RTS smoother (constant velocity) of the measurements, σ from robust three-point residuals per second, q by maximum likelihood (%.3g, %.3g, %.3g m²/s³); steps are found in the measured positions (20 mm)",
            q.x, q.y, q.z))
        if !breaks.frozen.isEmpty {
            let summary = breaks.summary
            report.notes.append(String(format: "%d frozen stretch(es) (≥ %d identical positions, %.3f s in all): repeats treated as untracked",
                                       summary.frozenStretches, TraceBreaks.minimumFrozenRun, summary.frozenTotal))
        }
    }
}
