import Geometry
import Tracking

/// How `parallax evaluate` pairs the poses of a truth and an estimate recorded on (nearly) the same clock.
package enum AssociationMethod: String, CaseIterable, Sendable, Codable {
    /// evo's association (evo/core/sync.py `associate_trajectories`): each pose of the shorter trajectory is
    /// paired with the nearest-in-time pose of the longer one (first of equals) when they are at most the
    /// maximum difference apart, after the offset is added to the estimate's timestamps.
    case nearest
    /// The truth is interpolated at each estimate timestamp + offset: linearly for positions, SLERP for
    /// orientations, only between truth samples at most the maximum gap apart (nothing invented across a gap).
    case interpolate
}

/// Pairs of poses of a truth and an estimate, index for index.
package struct TimeAssociation: Sendable {
    package var truth: PoseTrajectory
    package var estimate: PoseTrajectory

    /// evo 1.38.1's `associate_trajectories(truth, estimate, max_diff, offset_2)` exactly: the shorter
    /// trajectory's stamps are searched in the longer one's stamps shifted by the offset (+offset when the
    /// estimate is the longer one, −offset otherwise) by `sync.matching_time_indices`, ties and repeated
    /// timestamps included (`evoMatch`).
    package static func nearest(truth: PoseTrajectory, estimate: PoseTrajectory, maxDifference: Double, offset: Double) -> TimeAssociation {
        let estimateLonger = estimate.count > truth.count
        let short = estimateLonger ? truth.times : estimate.times
        let long = estimateLonger ? estimate.times : truth.times
        let shift = estimateLonger ? offset : -offset
        let shifted = long.map { $0 + shift }
        let sorted = zip(shifted.dropFirst(), shifted).allSatisfy { $0 >= $1 }
        var shortIndices: [Int] = [], longIndices: [Int] = []
        for (i, stamp) in short.enumerated() {
            if let j = sorted ? evoMatch(stamp, inSorted: shifted, maxDifference: maxDifference) : firstNearest(stamp, in: shifted, maxDifference: maxDifference) {
                shortIndices.append(i)
                longIndices.append(j)
            }
        }
        let (truthIndices, estimateIndices) = estimateLonger ? (shortIndices, longIndices) : (longIndices, shortIndices)
        return TimeAssociation(truth: truth.selecting(truthIndices), estimate: estimate.selecting(estimateIndices))
    }

    /// evo 1.38.1's match on non-decreasing stamps (`matching_time_indices`' binary search): stamps beyond the
    /// ends ± max_diff are skipped; j = `searchsorted(stamps, stamp, side="right")` clamped to the last index;
    /// the upper neighbour wins only when strictly nearer (`diff_ub < diff_lb`), else the lower one `j − 1` —
    /// so a stamp equal to a run of repeated timestamps gets the run's last row, and an equidistant stamp the
    /// lower neighbour.
    package static func evoMatch(_ stamp: Double, inSorted stamps: [Double], maxDifference: Double) -> Int? {
        guard let first = stamps.first, let last = stamps.last, stamp >= first - maxDifference, stamp <= last + maxDifference else { return nil }
        var low = 0, high = stamps.count  // first index with stamps[j] > stamp
        while low < high {
            let mid = (low + high) / 2
            if stamps[mid] > stamp { high = mid } else { low = mid + 1 }
        }
        let j = min(low, stamps.count - 1)
        let upper = stamps[j] - stamp
        let lower = j > 0 ? stamp - stamps[j - 1] : Double.infinity
        if upper <= maxDifference, upper < lower { return j }
        if lower <= maxDifference, lower <= upper { return j - 1 }
        return nil
    }

    /// evo's linear fallback for stamps that are not sorted: `argmin |stamps − stamp|` (first minimum), kept
    /// when ≤ max_diff.
    package static func firstNearest(_ stamp: Double, in stamps: [Double], maxDifference: Double) -> Int? {
        var best = 0
        for (j, value) in stamps.enumerated() where abs(value - stamp) < abs(stamps[best] - stamp) { best = j }
        return abs(stamps[best] - stamp) <= maxDifference ? best : nil
    }

    /// The truth interpolated at each estimate timestamp + `offset` (positions linearly, orientations by
    /// SLERP when the truth has them); an estimate pose outside the truth's time span, or between truth
    /// samples more than `maxGap` apart, is left out. The paired truth carries the shifted timestamps.
    package static func interpolated(truth: PoseTrajectory, estimate: PoseTrajectory, offset: Double, maxGap: Double) -> TimeAssociation {
        var times: [Double] = [], positions: [Vec3] = [], orientations: [Quaternion] = [], kept: [Int] = []
        let normalized = truth.orientations?.map(\.normalized)
        var j = 0
        for (i, te) in estimate.times.enumerated() {
            let t = te + offset
            guard let first = truth.times.first, let last = truth.times.last, t >= first, t <= last else { continue }
            while j + 1 < truth.count, truth.times[j + 1] <= t { j += 1 }
            while j > 0, truth.times[j] > t { j -= 1 }
            let (a, b) = j + 1 < truth.count ? (j, j + 1) : (j, j)
            let span = truth.times[b] - truth.times[a]
            if a != b, truth.times[a] != t, span > maxGap { continue }
            let u = a == b || span == 0 ? 0 : (t - truth.times[a]) / span
            times.append(t)
            positions.append(truth.positions[a] + (truth.positions[b] - truth.positions[a]) * u)
            if let normalized { orientations.append(u == 0 ? normalized[a] : normalized[a].slerp(to: normalized[b], u)) }
            kept.append(i)
        }
        let pairedTruth = PoseTrajectory(times: times, positions: positions, orientations: truth.orientations == nil ? nil : orientations)
        return TimeAssociation(truth: pairedTruth, estimate: estimate.selecting(kept))
    }
}
