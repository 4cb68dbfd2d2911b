import Foundation
import Geometry
import Projection
import Tracking
import Vocabulary

/// Parallax accuracy: how far what the viewer sees is from what a real window would show.
///
/// For every frame and every reference point X (content, z ≤ 0) three on-glass positions are computed by
/// projecting X and mapping NDC onto the physical screen (x_glass = x_ndc·W/2, y_glass = y_ndc·H/2):
///
/// - **A** — the pipeline: the eye from the trace's (noisy, smoothed) position through `projection`
///   (its movement scale, screen model and app-parity options);
/// - **B** — the same pipeline fed the true head position (perfect tracking);
/// - **C** — a physically correct window: the true eye, movement scale 1, the physical screen, translate view.
///
/// Reported errors: **total** = A − C, **tracking** (tracking + smoothing) = A − B, **exaggeration** = B − C
/// (everything left with perfect tracking: the movement scale and any app-parity option such as the
/// app's screen table or the splat `lookAt`; with the defaults it is exactly (s − 1)·h·D/(hz + D) for a
/// point at depth D). Each in pixels (physical pixel pitch), millimetres on the glass, and arcminutes
/// (the angle at the true eye between the two on-glass positions).
///
/// Statistics over the trace: **rms** over all frame × point values, **max** over all of them, **p95** the
/// 95th percentile (linear interpolation, as `Statistics.quantile`) over frames of each frame's worst point.
///
/// **Visible jitter**: over consecutive frame pairs in which the true head moved slower than `stillSpeed`
/// (m/s), the frame-to-frame motion of A for each point (rms / max over pair × point, p95 over pairs of the
/// worst point); nil when the trace has no such pair.
///
/// The trace must carry ground truth (`true_x,true_y,true_z`), in the same frame as its positions
/// (`projection.headFrame` applies to both).
package enum ParallaxAccuracy {
    /// The cube room's 8 corners and 12 edge midpoints: opening `width` × `height` at z = 0, back wall at
    /// z = −depth. The default is the app's room (0.30 × 0.30 m opening, depth 0.50 m × zoom 0.6 = 0.30 m).
    package static func cubeRoomPoints(width: Double = 0.30, height: Double = 0.30, depth: Double = 0.30) -> [Vec3] {
        let xs = [-width / 2, 0, width / 2], ys = [-height / 2, 0, height / 2], zs = [0, -depth / 2, -depth]
        var points: [Vec3] = []
        for z in zs {
            for y in ys {
                for x in xs {
                    // A corner or edge midpoint has at most one coordinate at the middle of its range.
                    let middles = (x == 0 ? 1 : 0) + (y == 0 ? 1 : 0) + (z == -depth / 2 ? 1 : 0)
                    if middles <= 1 { points.append(Vec3(x, y, z)) }
                }
            }
        }
        return points
    }

    package static let defaultPoints: [Vec3] = cubeRoomPoints()

    /// Default speed below which the true head counts as still: 5 mm/s (postural sway while holding
    /// still peaks at ≈ 2 mm/s).
    package static let defaultStillSpeed = 0.005

    /// The app's projection (defaults: n = 0.001, f = 10, zMin = 0.1, translate view) on `screen` with
    /// `movementScale`. `physicalScreen` is the real panel when `screen` is a wrong model (e.g. the
    /// app-table size); nil means `screen` is right.
    package static func evaluate(
        trace: HeadTrace, screen: ScreenModel, movementScale: Double, points: [Vec3] = defaultPoints,
        physicalScreen: ScreenModel? = nil, stillSpeed: Double = defaultStillSpeed
    ) throws -> ParallaxAccuracyReport {
        let projection = try OffAxisProjection(screen: screen, movementScale: movementScale)
        return try evaluate(trace: trace, projection: projection, points: points, physicalScreen: physicalScreen, stillSpeed: stillSpeed)
    }

    /// As `evaluate`, plus the worst tracking + smoothing error of each frame over the points, px (the error
    /// over time that suite reports plot).
    package static func evaluateWithTrackingSeries(
        trace: HeadTrace, screen: ScreenModel, movementScale: Double
    ) throws -> (report: ParallaxAccuracyReport, trackingWorstPx: [Double]) {
        let projection = try OffAxisProjection(screen: screen, movementScale: movementScale)
        let kernel = try run(trace: trace, projection: projection, points: defaultPoints, physicalScreen: nil, stillSpeed: defaultStillSpeed)
        let physical = projection.screen
        let report = kernel.report(movementScale: projection.movementScale, screen: projection.screen.name, physicalScreen: physical.name)
        let trackingPx = kernel.worst[(1 * 3) * kernel.frames ..< (1 * 3 + 1) * kernel.frames].map { $0.squareRoot() }
        return (report, trackingPx)
    }

    /// As above with a fully configured pipeline projection (clip convention, head frame, view mode, …).
    package static func evaluate(
        trace: HeadTrace, projection: OffAxisProjection, points: [Vec3] = defaultPoints,
        physicalScreen: ScreenModel? = nil, stillSpeed: Double = defaultStillSpeed
    ) throws -> ParallaxAccuracyReport {
        let physical = physicalScreen ?? projection.screen
        let kernel = try run(trace: trace, projection: projection, points: points, physicalScreen: physicalScreen, stillSpeed: stillSpeed)
        return kernel.report(movementScale: projection.movementScale, screen: projection.screen.name, physicalScreen: physical.name)
    }

    private static func run(
        trace: HeadTrace, projection: OffAxisProjection, points: [Vec3], physicalScreen: ScreenModel?, stillSpeed: Double
    ) throws -> Kernel {
        guard let truth = trace.truth else {
            throw FieldError("trace", expected: "ground truth (true_x,true_y,true_z columns) for parallax accuracy", found: "none")
        }
        guard trace.count > 0 else { throw FieldError("trace", expected: "at least one sample", found: "0") }
        guard !points.isEmpty else { throw FieldError("points", expected: "at least one reference point", found: "none") }
        if let bad = points.firstIndex(where: { !$0.isFinite }) {
            throw FieldError(FieldPath([.key("point \(bad + 1)")]), expected: "finite x,y,z in meters", found: "\(points[bad])")
        }
        guard stillSpeed.isFinite, stillSpeed >= 0 else {
            throw FieldError("still speed", expected: "a finite speed ≥ 0 m/s", found: "\(stillSpeed)")
        }
        let physical = physicalScreen ?? projection.screen
        let reference = try OffAxisProjection(
            screen: physical, movementScale: 1, near: projection.near, far: projection.far, zMin: projection.zMin,
            clip: projection.clip, headFrame: projection.headFrame, view: .translate)
        var kernel = Kernel(frames: trace.count, points: points.count, physical: physical)
        kernel.maxPairInterval = TraceBreaks(samples: trace.samples).gapThreshold  // no jitter across a timing gap
        try trace.samples.withUnsafeBufferPointer { samples in
            try truth.withUnsafeBufferPointer { truth in
                try points.withUnsafeBufferPointer { points in
                    try kernel.run(samples: samples, truth: truth, points: points, pipeline: projection.core, reference: reference.core, stillSpeed: stillSpeed)
                }
            }
        }
        return kernel
    }
}
