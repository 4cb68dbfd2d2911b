import Foundation
import Geometry

/// A movement of the reference that starts from rest: the head held still, then moved somewhere.
package struct Movement: Equatable, Sendable {
    /// The first sample whose speed reaches the still speed (its central difference spans the start), i.e.
    /// where the movement's clock starts.
    package var onset: Int
    /// One past the last sample moving at ≥ the still speed.
    package var end: Int
    /// One past the last sample the lag is measured on: `end` for a continuous movement; for a jump the
    /// next movement or the end of the run (the response to a jump goes on after the reference stops).
    package var measuredEnd: Int
    /// Unit vector of the chord from the reference at `onset` to the reference at `end − 1`.
    package var direction: Vec3
    /// Length of that chord, m.
    package var displacement: Double
    /// Whether one sample interval carries at least half the chord: the reference has (almost) no values
    /// between its start and its end, as in the `step` model's instant jumps.
    package var isJump: Bool
}

/// Finds movements from rest in a reference path (ground truth or the reference estimate).
///
/// Speed = central difference over a sample's two neighbours. A movement starts at a sample whose speed
/// is ≥ `stillSpeed` after at least `leadIn` seconds of samples below it, and ends before the first sample
/// below it again (or at the end of the run). Movements shorter than `minimumDisplacement` (postural drift,
/// noise of an estimate) are dropped. `runs` are index ranges of uninterrupted, tracked samples: nothing
/// is measured across a timing gap or an untracked stretch.
package enum MovementOnsets {
    /// Fraction of the chord one sample interval must carry for the movement to count as a jump.
    package static let jumpFraction = 0.5

    package static func find(
        times: [Double], reference: [Vec3], runs: [Range<Int>], stillSpeed: Double, leadIn: Double, minimumDisplacement: Double
    ) -> [Movement] {
        precondition(times.count == reference.count, "one reference position per sample")
        var movements: [Movement] = []
        for run in runs where run.count >= 3 {
            // speed[i − run.lowerBound] for the samples that have two neighbours in the run.
            let inner = (run.lowerBound + 1)..<(run.upperBound - 1)
            func speed(_ i: Int) -> Double {
                (reference[i + 1] - reference[i - 1]).length / (times[i + 1] - times[i - 1])
            }
            var stillSince: Int?
            var i = inner.lowerBound
            while i < inner.upperBound {
                guard speed(i) >= stillSpeed else {
                    if stillSince == nil { stillSince = i }
                    i += 1
                    continue
                }
                var end = i
                while end < inner.upperBound && speed(end) >= stillSpeed { end += 1 }
                defer {
                    stillSince = nil
                    i = end
                }
                guard let still = stillSince, times[i - 1] - times[still] >= leadIn else { continue }
                let chord = reference[end - 1] - reference[i]
                let displacement = chord.length
                guard displacement >= minimumDisplacement else { continue }
                let direction = chord / displacement
                var largestStep = 0.0
                for k in (i + 1)..<end { largestStep = max(largestStep, abs((reference[k] - reference[k - 1]).dot(direction))) }
                let isJump = largestStep >= jumpFraction * displacement
                var measuredEnd = end
                if isJump {
                    measuredEnd = run.upperBound
                    for k in end..<inner.upperBound where speed(k) >= stillSpeed {
                        measuredEnd = k
                        break
                    }
                }
                movements.append(Movement(onset: i, end: end, measuredEnd: measuredEnd, direction: direction,
                                          displacement: displacement, isJump: isJump))
            }
        }
        return movements
    }
}
