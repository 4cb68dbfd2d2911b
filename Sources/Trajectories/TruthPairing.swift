import Analysis
import Foundation
import Geometry
import Scientific
import Tracking

/// `parallax import REC --truth TRUTH`: a recording and its ground truth (motion capture, another tracker)
/// recorded on two clocks in two coordinate frames, made into one trace whose `true_x,true_y,true_z` columns
/// (and `true_head_q*` when the truth has orientations) are the truth at each recorded sample.
///
/// 1. **Time offset** o (truth time = recording time + o): given, or estimated — the cross-correlation of the
///    two speed signals (|velocity|: the same in any frame and up to a scale) on a uniform grid at the
///    recording's median rate, over every lag that overlaps at least half the shorter signal (the products of
///    all lags by FFT, the overlaps' means and variances from prefix sums); then refined to
///    sub-sample by minimizing the alignment residual below over o in [peak − 1, peak + 1] grid steps
///    (golden-section search).
/// 2. **Interpolation**: the truth at each recording time + o, linear for positions and SLERP for orientations,
///    never between truth samples further apart than `maxGap` (`TimeAssociation.interpolated`); recording
///    samples without truth are left out and counted.
/// 3. **Frame alignment**: Umeyama SE(3) or Sim(3) from the truth's frame onto the recording's
///    (`UmeyamaAlignment`), applied to the truth's positions and orientations.
/// The offset, the alignment and the residual (RMS of |recorded − aligned truth|) are returned and written as
/// the trace's metadata.
package enum TruthPairing {
    package struct Options: Sendable {
        /// nil: estimated.
        package var offset: Double?
        /// `none` keeps the truth's frame (it must already be the recording's).
        package var alignment: TrajectoryEvaluation.AlignmentKind = .se3
        /// nil: 3 × the truth's median sample interval.
        package var maxGap: Double?

        package init(offset: Double? = nil, alignment: TrajectoryEvaluation.AlignmentKind = .se3, maxGap: Double? = nil) {
            self.offset = offset
            self.alignment = alignment
            self.maxGap = maxGap
        }
    }

    package struct Result: Sendable {
        package var trace: HeadTrace
        package var offset: Double
        package var offsetEstimated: Bool
        package var alignment: UmeyamaAlignment
        package var residualRMS: Double
        /// Recording samples left out for lack of truth (outside its span or in one of its gaps).
        package var droppedSamples: Int

        /// One line: the offset, the alignment and the residual.
        package var summary: String {
            let t = alignment.translation
            return String(format: "truth offset %+.4f s (%@), alignment rotation %.3f° translation (%.4f, %.4f, %.4f) m scale %.6f, residual RMS %.2f mm over %d samples",
                          offset, offsetEstimated ? "estimated" : "given", alignment.rotationAngle * 180 / .pi, t.x, t.y, t.z, alignment.scale,
                          residualRMS * 1000, trace.count) + (droppedSamples > 0 ? ", \(droppedSamples) sample(s) without truth left out" : "")
        }
    }

    package struct Failure: Error, CustomStringConvertible, Equatable {
        package var message: String
        package var description: String { message }
    }

    package static func pair(recording: HeadTrace, truth: PoseTrajectory, truthName: String, options: Options = Options()) throws -> Result {
        guard recording.count >= 3, truth.count >= 3 else {
            throw Failure(message: "truth pairing: \(recording.count) recorded and \(truth.count) truth samples; expected at least 3 of each")
        }
        let recorded = PoseTrajectory(times: recording.samples.map(\.t), positions: recording.samples.map(\.position))
        let maxGap = options.maxGap ?? 3 * median(zip(truth.times.dropFirst(), truth.times).map { $0 - $1 })
        let fit = { (offset: Double) throws -> (TimeAssociation, UmeyamaAlignment, Double) in
            let paired = TimeAssociation.interpolated(truth: truth, estimate: recorded, offset: offset, maxGap: maxGap)
            guard paired.truth.count >= 3 else {
                throw Failure(message: "truth pairing: with time offset \(offset) s only \(paired.truth.count) recorded sample(s) fall inside the truth; expected overlapping recordings")
            }
            let transform = options.alignment == .none ? UmeyamaAlignment.identity
                : try UmeyamaAlignment(from: paired.truth.positions, to: paired.estimate.positions, withScale: options.alignment == .sim3)
            let residual = (zip(paired.truth.positions, paired.estimate.positions).reduce(0.0) { $0 + (transform.apply($1.0) - $1.1).dot(transform.apply($1.0) - $1.1) }
                            / Double(paired.truth.count)).squareRoot()
            return (paired, transform, residual)
        }

        var offset: Double
        if let given = options.offset {
            offset = given
        } else {
            let (coarse, step) = try correlationPeak(recorded: recording, truth: truth)
            // Golden-section search of the residual on [coarse − step, coarse + step].
            var a = coarse - step, b = coarse + step
            let ratio = (5.0.squareRoot() - 1) / 2
            var c = b - ratio * (b - a), d = a + ratio * (b - a)
            var fc = (try? fit(c).2) ?? .infinity, fd = (try? fit(d).2) ?? .infinity
            while b - a > 1e-5 {
                if fc < fd { b = d; d = c; fd = fc; c = b - ratio * (b - a); fc = (try? fit(c).2) ?? .infinity }
                else { a = c; c = d; fc = fd; d = a + ratio * (b - a); fd = (try? fit(d).2) ?? .infinity }
            }
            offset = (a + b) / 2
        }
        let (paired, transform, residual) = try fit(offset)

        // The recorded samples kept, in order, with the aligned truth beside them.
        let keptTimes = Set(paired.estimate.times)
        var kept: [Int] = []
        for (i, sample) in recording.samples.enumerated() where keptTimes.contains(sample.t) { kept.append(i) }
        var trace = HeadTrace(samples: kept.map { recording.samples[$0] }, truth: paired.truth.positions.map(transform.apply),
                              metadata: recording.metadata,
                              extraColumns: recording.extraColumns.map { column in ExtraColumn(name: column.name, values: kept.map { column.values[$0] }) })
        if let orientations = paired.truth.orientations {
            let q = Quaternion(matrixRows: transform.rotation)
            let aligned = orientations.map { q * $0 }
            let components: [(Quaternion) -> Double] = [{ $0.w }, { $0.x }, { $0.y }, { $0.z }]
            for (name, component) in zip(["w", "x", "y", "z"], components) {
                trace.extraColumns.removeAll { $0.name == "true_head_q\(name)" }
                trace.extraColumns.append(ExtraColumn(name: "true_head_q\(name)", values: aligned.map { "\(component($0))" }))
            }
        }
        let r = transform.rotation, t = transform.translation
        trace.setMetadata("truth_source", truthName)
        trace.setMetadata("truth_offset_s", "\(offset)")
        trace.setMetadata("truth_offset", options.offset == nil ? "estimated (speed cross-correlation, refined by the alignment residual)" : "given")
        trace.setMetadata("truth_alignment", "\(options.alignment.rawValue) rotation_rows [[\(r.0.x), \(r.0.y), \(r.0.z)], [\(r.1.x), \(r.1.y), \(r.1.z)], [\(r.2.x), \(r.2.y), \(r.2.z)]] translation [\(t.x), \(t.y), \(t.z)] scale \(transform.scale)")
        trace.setMetadata("truth_residual_rms_m", "\(residual)")
        return Result(trace: trace, offset: offset, offsetEstimated: options.offset == nil, alignment: transform, residualRMS: residual,
                      droppedSamples: recording.count - kept.count)
    }

    /// The offset at the peak of the normalized cross-correlation of the two speed signals, and the grid step.
    static func correlationPeak(recorded: HeadTrace, truth: PoseTrajectory) throws -> (offset: Double, step: Double) {
        let interval = median(zip(recorded.samples.dropFirst(), recorded.samples).map { $0.t - $1.t })
        guard interval > 0 else { throw Failure(message: "truth pairing: the recording has no positive sample interval") }
        let rate = 1 / interval
        let truthSamples = zip(truth.times, truth.positions).map { HeadSample(t: $0, position: $1) }
        let a = speed(UniformSeries(samples: recorded.samples.map { HeadSample(t: $0.t, position: $0.position) }, signals: [recorded.samples.map(\.position)], rate: rate), rate: rate)
        let b = speed(UniformSeries(samples: truthSamples, signals: [truth.positions], rate: rate), rate: rate)
        let minimumOverlap = max(3, min(a.count, b.count) / 2)
        guard a.count >= minimumOverlap, b.count >= minimumOverlap else {
            throw Failure(message: "truth pairing: \(a.count) recorded and \(b.count) truth speed samples; expected at least 3 of each")
        }
        // Σᵢ a[i]·b[i+lag] for every lag at once (GSL FFTs, both zero-padded to one length); the overlap's sums
        // and sums of squares from prefix sums: the Pearson correlation of every lag in O(n log n).
        let length = max(a.count, b.count)
        let padded = { (x: [Double]) in x + [Double](repeating: 0, count: length - x.count) }
        let products = FFT.crossCorrelation([(padded(a), padded(b))], maxLag: length - 1)
        func prefix(_ x: [Double], _ f: (Double) -> Double) -> [Double] {
            var out = [0.0]
            out.reserveCapacity(x.count + 1)
            for v in x { out.append(out[out.count - 1] + f(v)) }
            return out
        }
        let sa = prefix(a) { $0 }, saa = prefix(a) { $0 * $0 }, sb = prefix(b) { $0 }, sbb = prefix(b) { $0 * $0 }
        var best: (lag: Int, score: Double)?
        // truth index = recording index + lag.
        for lag in (-(a.count - minimumOverlap))...(b.count - minimumOverlap) {
            let lo = max(0, -lag), hi = min(a.count, b.count - lag)
            guard hi - lo >= minimumOverlap else { continue }
            let n = Double(hi - lo)
            let sumA = sa[hi] - sa[lo], sumB = sb[hi + lag] - sb[lo + lag]
            let covariance = products[length - 1 + lag] - sumA * sumB / n
            let varianceA = saa[hi] - saa[lo] - sumA * sumA / n, varianceB = sbb[hi + lag] - sbb[lo + lag] - sumB * sumB / n
            guard varianceA > 0, varianceB > 0 else { continue }
            let score = covariance / (varianceA * varianceB).squareRoot()
            if best == nil || score > best!.score { best = (lag, score) }
        }
        guard let best, best.score.isFinite else {
            throw Failure(message: "truth pairing: the speed signals do not overlap by half the shorter one; expected a truth covering the recording (or a given offset)")
        }
        let start = (truth.times.first ?? 0) - (recorded.samples.first?.t ?? 0)
        return (start + Double(best.lag) * interval, interval)
    }

    static func speed(_ series: UniformSeries, rate: Double) -> [Double] {
        let p = series.signals[0]
        return zip(p.dropFirst(), p).map { ($0 - $1).length * rate }
    }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
