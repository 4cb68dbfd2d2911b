import Foundation
import Geometry
import Projection
import Scientific
import Tracking
import Vocabulary

/// Swim: how fast the scene slides against the head's motion — the angular velocity error of the reference
/// points as seen from the true eye, in degrees per second of visual angle.
///
/// Latency is noticed through image *velocity* errors more than through displacement errors (Allison et
/// al., "Tolerance of temporal delay in virtual environments"; HFES 2005, doi 10.1177/154193120504902601).
/// For each pair of consecutive frames (never across a timing gap) and each point, the on-glass error
/// E = A − C (and its parts A − B, B − C; A, B, C as in `ParallaxAccuracy`, all from `OnGlass`) changes by
/// ΔE; the swim is the angle at the frame's true eye between the rays to C and to C + ΔE, divided by Δt.
/// Statistics as the parallax error: rms and max over pair × point, p95 over pairs of the worst point.
///
/// The pipeline's screen model is taken as the physical screen, translate view (the app's projection).
package enum Swim {
    package static func evaluate(
        trace: HeadTrace, screen: ScreenModel, movementScale: Double, points: [Vec3] = ParallaxAccuracy.defaultPoints
    ) throws -> SwimReport {
        guard let truth = trace.truth else {
            throw FieldError("trace", expected: "ground truth (true_x,true_y,true_z columns) for swim", found: "none")
        }
        guard !points.isEmpty else { throw FieldError("points", expected: "at least one reference point", found: "none") }
        if let bad = points.firstIndex(where: { !$0.isFinite }) {
            throw FieldError(FieldPath([.key("point \(bad + 1)")]), expected: "finite x,y,z in meters", found: "\(points[bad])")
        }
        let pipeline = try OffAxisProjection(screen: screen, movementScale: movementScale)
        let window = try OffAxisProjection(screen: screen, movementScale: 1)
        let maxInterval = TraceBreaks(samples: trace.samples).gapThreshold
        // Per frame: the three on-glass positions of every point, and the true eye.
        var previous: Frame?
        var parts = [[Double]](repeating: [], count: 3)  // total, tracking, exaggeration: every pair × point value
        var worst = [[Double]](repeating: [], count: 3)
        for (index, sample) in trace.samples.enumerated() {
            let frame = try Frame(
                pipelineEye: pipeline.eye(head: sample.position), perfectEye: pipeline.eye(head: truth[index]),
                trueEye: window.eye(head: truth[index]), time: sample.t, points: points)
            defer { previous = frame }
            guard let before = previous else { continue }
            let dt = frame.time - before.time
            guard dt > 0, dt <= maxInterval else { continue }
            var pairWorst = [0.0, 0.0, 0.0]
            for j in points.indices {
                let change = [
                    (frame.a[j] - frame.c[j]) - (before.a[j] - before.c[j]),
                    (frame.a[j] - frame.b[j]) - (before.a[j] - before.b[j]),
                    (frame.b[j] - frame.c[j]) - (before.b[j] - before.c[j]),
                ]
                for part in 0..<3 {
                    let rate = Self.rate(errorChange: change[part], glass: frame.c[j], trueEye: frame.trueEye, interval: dt)
                    parts[part].append(rate)
                    pairWorst[part] = max(pairWorst[part], rate)
                }
            }
            for part in 0..<3 { worst[part].append(pairWorst[part]) }
        }
        func summary(_ part: Int) -> ParallaxErrorSummary {
            guard !parts[part].isEmpty else { return ParallaxErrorSummary(rms: 0, p95: 0, max: 0) }
            return ParallaxErrorSummary(rms: Statistics.rms(parts[part]), p95: Statistics.quantile(worst[part], 0.95),
                                        max: Statistics.maximum(parts[part]))
        }
        return SwimReport(framePairs: worst[0].count, total: summary(0), tracking: summary(1), exaggeration: summary(2))
    }

    /// The angle (degrees) at `eye` between the rays to the on-glass point `glass` and to `glass + displacement`.
    package static func angle(at eye: Vec3, to glass: Vec3, displacedBy displacement: Vec3) -> Double {
        let u = glass - eye, w = glass + displacement - eye
        return atan2(u.cross(w).length, u.dot(w)) * 180 / .pi
    }

    private struct Frame {
        var a: [Vec3], b: [Vec3], c: [Vec3]
        var trueEye: Vec3
        var time: Double

        init(pipelineEye: Vec3, perfectEye: Vec3, trueEye: Vec3, time: Double, points: [Vec3]) {
            func glass(_ eye: Vec3) -> [Vec3] {
                points.map { point in
                    let p = OnGlass.position(of: point, from: eye, inverseDepth: OnGlass.inverseDepth(of: point, from: eye))
                    return Vec3(p.x, p.y, 0)
                }
            }
            a = glass(pipelineEye)
            b = glass(perfectEye)
            c = glass(trueEye)
            self.trueEye = trueEye
            self.time = time
        }
    }
}

/// Swim statistics in degrees per second at the true eye: total, tracking + smoothing, exaggeration.
package struct SwimReport: Codable, Equatable, Sendable {
    /// Consecutive frame pairs measured (none across a timing gap).
    package var framePairs: Int
    package var total: ParallaxErrorSummary
    package var tracking: ParallaxErrorSummary
    package var exaggeration: ParallaxErrorSummary

    package init(framePairs: Int, total: ParallaxErrorSummary, tracking: ParallaxErrorSummary, exaggeration: ParallaxErrorSummary) {
        self.framePairs = framePairs
        self.total = total
        self.tracking = tracking
        self.exaggeration = exaggeration
    }
}

extension Swim {
    /// The swim of one point over one frame pair, degrees per second at the true eye: the angle between the rays
    /// from `trueEye` to the true on-glass position `glass` and to `glass + errorChange` (the change of the
    /// on-glass error over the pair), over the pair's `interval` (s). `Swim.evaluate` and the tuning view's
    /// per-frame series both use it, so the two cannot drift apart.
    @inline(__always)
    package static func rate(errorChange: Vec3, glass: Vec3, trueEye: Vec3, interval: Double) -> Double {
        angle(at: trueEye, to: glass, displacedBy: errorChange) / interval
    }
}
