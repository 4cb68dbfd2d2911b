import Foundation
import Geometry
import Scientific
import Tracking

/// The response to one step of the reference.
package struct StepEvent: Codable, Equatable, Sendable {
    /// Time of the first sample after the jump, s.
    package var time: Double
    /// Jump length, m.
    package var size: Double
    /// 10–90 % rise time, s (nil when the response never reached 90 % before the next step).
    package var riseTime: Double?
    /// Largest excursion beyond the new level, as a fraction of the jump (0 = none).
    package var overshoot: Double
}

/// Summary over all steps of a trace (medians).
package struct StepResponseSummary: Codable, Equatable, Sendable {
    package var steps: Int
    package var riseTime: Double?
    package var overshoot: Double
    /// Median overshoot in mm.
    package var overshootMm: Double
    package var events: [StepEvent]
}

/// Step response on `step` traces: the reference jumps (≥ `threshold` m between two samples, with the
/// changes into and out of the jump sample below threshold/4, so fast smooth moves are not steps) and
/// its mean level changes by ≥ `threshold` (so a one-sample outlier is not a step);
/// the filtered signal is projected on the jump direction and normalised, y = (f − before)·d̂ / |jump|.
/// Rise time = time from y crossing 0.1 to y crossing 0.9 (linear interpolation between samples, starting
/// at the last sample before the jump); overshoot = max(y) − 1 until the next step (≥ 0). The levels before
/// and after are the reference means over up to 10 samples on each side (exact for ground truth).
package enum StepResponse {
    package static func measure(
        samples: [HeadSample], reference: [Vec3], filtered: [Vec3], threshold: Double, maxInterval: Double = .infinity
    ) -> StepResponseSummary? {
        let n = samples.count
        guard n >= 3 else { return nil }
        var jumps: [Int] = []
        func change(_ i: Int) -> Double { i >= 1 && i < n ? (reference[i] - reference[i - 1]).length : 0 }
        // A jump across a timing gap is the tracker's hole, not a step.
        for i in 1..<n where samples[i].tracked && samples[i - 1].tracked && samples[i].t - samples[i - 1].t <= maxInterval && change(i) >= threshold
            && change(i - 1) < threshold / 4 && change(i + 1) < threshold / 4 {
            jumps.append(i)
        }
        guard !jumps.isEmpty else { return nil }
        var events: [StepEvent] = []
        for (index, i) in jumps.enumerated() {
            let end = index + 1 < jumps.count ? jumps[index + 1] : n
            let previousJump = index > 0 ? jumps[index - 1] : 0
            let beforeRange = max(previousJump, i - 10)..<i
            let afterRange = i..<min(end, i + 10)
            guard !beforeRange.isEmpty, !afterRange.isEmpty else { continue }
            let before = beforeRange.reduce(Vec3.zero) { $0 + reference[$1] } / Double(beforeRange.count)
            let after = afterRange.reduce(Vec3.zero) { $0 + reference[$1] } / Double(afterRange.count)
            let jump = after - before
            let size = jump.length
            guard size >= threshold else { continue }  // a spike, not a step: the level did not change
            let direction = jump / size
            func y(_ k: Int) -> Double { (filtered[k] - before).dot(direction) / size }
            var t10: Double?, t90: Double?
            var peak = -Double.infinity
            for k in i..<end {
                let yk = y(k), yPrevious = y(k - 1)
                let tk = samples[k].t, tPrevious = samples[k - 1].t
                if t10 == nil && yk >= 0.1 {
                    t10 = yPrevious >= 0.1 ? tPrevious : tPrevious + (0.1 - yPrevious) / (yk - yPrevious) * (tk - tPrevious)
                }
                if t90 == nil && yk >= 0.9 {
                    t90 = yPrevious >= 0.9 ? tPrevious : tPrevious + (0.9 - yPrevious) / (yk - yPrevious) * (tk - tPrevious)
                }
                if samples[k].tracked { peak = max(peak, yk) }
            }
            let rise = (t10 != nil && t90 != nil) ? t90! - t10! : nil
            events.append(StepEvent(time: samples[i].t, size: size, riseTime: rise, overshoot: max(0, peak - 1)))
        }
        guard !events.isEmpty else { return nil }
        let rises = events.compactMap(\.riseTime)
        let overshoot = Statistics.median(events.map(\.overshoot))
        let overshootMm = Statistics.median(events.map { $0.overshoot * $0.size * 1000 })
        return StepResponseSummary(steps: events.count, riseTime: rises.isEmpty ? nil : Statistics.median(rises),
                                   overshoot: overshoot, overshootMm: overshootMm, events: events)
    }
}
