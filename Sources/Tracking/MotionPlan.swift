import Foundation
import Geometry
import Scientific

/// A `TraceSpec`'s motion turned into a deterministic function of time: every random choice (glance
/// targets, sway phases) is drawn once when the plan is made, so the true head position can be evaluated
/// at any instant — at jittered sample times and at times shifted by sensor latency alike.
public struct MotionPlan: Sendable {
    struct Move: Sendable {
        var start: Double
        var duration: Double
        var from: Vec3
        var to: Vec3
    }

    enum Shape: Sendable {
        case drift(amplitudes: [Vec3], frequencies: [Vec3], phases: [Vec3])
        case sinusoid(amplitude: Vec3, frequency: Vec3)
        case moves([Move])
        case step(amplitude: Vec3, interval: Double)
        case chirp(amplitude: Vec3, startFrequency: Double, endFrequency: Double, duration: Double)
        case walkBy(exitDistance: Double, speed: Double, away: Double, trackingRange: Double)
    }

    struct Segment: Sendable {
        var start: Double
        var duration: Double
        var origin: Vec3
        var shape: Shape
    }

    let segments: [Segment]
    public let duration: Double

    package init(spec: TraceSpec, random: RandomSource) {
        var segments: [Segment] = []
        var time = 0.0
        var origin = spec.start
        for segment in spec.motion {
            let shape = Self.shape(for: segment, origin: origin, random: random)
            let planned = Segment(start: time, duration: segment.duration, origin: origin, shape: shape)
            origin = Self.position(in: planned, at: segment.duration)
            segments.append(planned)
            time += segment.duration
        }
        self.segments = segments
        self.duration = time
    }

    /// True head position at time t (clamped to the plan's time span).
    public func position(at t: Double) -> Vec3 {
        let index = segmentIndex(at: t)
        return segments.withUnsafeBufferPointer { all in
            Self.position(in: all[index], at: min(max(t - all[index].start, 0), all[index].duration))
        }
    }

    /// Whether the tracker can see the head at time t (false while a walk-by is outside its range).
    public func isInTrackingRange(at t: Double) -> Bool {
        if case .walkBy(_, _, _, let range) = segments[segmentIndex(at: t)].shape {
            return abs(position(at: t).x) <= range
        }
        return true
    }

    private func segmentIndex(at t: Double) -> Int {
        var low = 0, high = segments.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if segments[mid].start <= t { low = mid } else { high = mid - 1 }
        }
        return low
    }

    private static func shape(for segment: MotionSegment, origin: Vec3, random: RandomSource) -> Shape {
        switch segment.model {
        case .still:
            // Three random sinusoids per axis in the postural-sway band 0.05–0.3 Hz.
            let perComponent = segment.resolvedAmplitude / 3.0.squareRoot()
            var frequencies: [Vec3] = [], phases: [Vec3] = []
            for _ in 0..<3 {
                frequencies.append(Vec3(random.uniform(in: 0.05...0.3), random.uniform(in: 0.05...0.3), random.uniform(in: 0.05...0.3)))
                phases.append(Vec3(random.uniform(in: 0..<(2 * .pi)), random.uniform(in: 0..<(2 * .pi)), random.uniform(in: 0..<(2 * .pi))))
            }
            return .drift(amplitudes: Array(repeating: perComponent, count: 3), frequencies: frequencies, phases: phases)
        case .sway:
            return .sinusoid(amplitude: segment.resolvedAmplitude, frequency: segment.resolvedFrequency)
        case .glance:
            let extent = segment.resolvedExtent
            return .moves(plannedMoves(segment, origin: origin, random: random) { current, _ in
                origin + Vec3(random.uniform(in: -extent.x...extent.x), random.uniform(in: -extent.y...extent.y),
                              random.uniform(in: -extent.z...extent.z))
            })
        case .lean:
            return .moves(plannedMoves(segment, origin: origin, random: random) { current, index in
                Vec3(current.x, current.y, index % 2 == 0 ? segment.resolvedFar : segment.resolvedNear)
            })
        case .step:
            return .step(amplitude: segment.resolvedAmplitude, interval: segment.resolvedInterval)
        case .chirp:
            return .chirp(amplitude: segment.resolvedAmplitude, startFrequency: segment.resolvedStartFrequency,
                          endFrequency: segment.resolvedEndFrequency, duration: segment.duration)
        case .walkBy:
            return .walkBy(exitDistance: segment.resolvedExitDistance, speed: segment.resolvedSpeed,
                           away: segment.resolvedAway, trackingRange: segment.resolvedTrackingRange)
        }
    }

    /// Dwell, move, dwell, move… until the segment ends; `target` picks the n-th move's destination.
    private static func plannedMoves(
        _ segment: MotionSegment, origin: Vec3, random: RandomSource, target: (Vec3, Int) -> Vec3
    ) -> [Move] {
        var moves: [Move] = []
        var time = 0.0
        var current = origin
        while true {
            let dwell = random.uniform(in: segment.resolvedDwell.lower...segment.resolvedDwell.upper)
            let moveTime = random.uniform(in: segment.resolvedMoveTime.lower...segment.resolvedMoveTime.upper)
            let destination = target(current, moves.count)
            if time + dwell >= segment.duration { break }
            moves.append(Move(start: time + dwell, duration: moveTime, from: current, to: destination))
            current = destination
            time += dwell + moveTime
        }
        return moves
    }

    private static func position(in segment: borrowing Segment, at tau: Double) -> Vec3 {
        let origin = segment.origin
        switch segment.shape {
        case .drift(let amplitudes, let frequencies, let phases):
            var offset = Vec3.zero
            for i in 0..<amplitudes.count {
                for axis in 0..<3 {
                    let angle = 2 * Double.pi * frequencies[i][axis] * tau + phases[i][axis]
                    offset[axis] += amplitudes[i][axis] * (sin(angle) - sin(phases[i][axis]))
                }
            }
            return origin + offset
        case .sinusoid(let amplitude, let frequency):
            return origin + Vec3(amplitude.x * sin(2 * .pi * frequency.x * tau),
                                 amplitude.y * sin(2 * .pi * frequency.y * tau),
                                 amplitude.z * sin(2 * .pi * frequency.z * tau))
        case .moves(let moves):
            // The last move that has started (binary search: long segments hold thousands of moves).
            var low = 0, high = moves.count
            while low < high {
                let mid = (low + high) / 2
                if moves[mid].start <= tau { low = mid + 1 } else { high = mid }
            }
            guard low > 0 else { return origin }
            let move = moves[low - 1]
            return MinimumJerk.position(from: move.from, to: move.to, duration: move.duration, at: tau - move.start)
        case .step(let amplitude, let interval):
            return Int((tau / interval).rounded(.down)) % 2 == 1 ? origin + amplitude : origin
        case .chirp(let amplitude, let f0, let f1, let duration):
            // Instantaneous frequency f0 + (f1 − f0)·t/T: phase 2π(f0·t + (f1 − f0)·t²/(2T)).
            let phase = 2 * Double.pi * (f0 * tau + (f1 - f0) * tau * tau / (2 * duration))
            return origin + amplitude * sin(phase)
        case .walkBy(let exitDistance, let speed, let away, _):
            let travel = abs(exitDistance) / speed
            let out: Double
            if tau < travel {
                out = tau / travel
            } else if tau < travel + away {
                out = 1
            } else {
                out = max(0, 1 - (tau - travel - away) / travel)
            }
            return origin + Vec3(exitDistance * out, 0, 0)
        }
    }
}
