import Foundation
import Geometry
import Projection
import Tracking

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
public enum ParallaxAccuracy {
    /// The cube room's 8 corners and 12 edge midpoints: opening `width` × `height` at z = 0, back wall at
    /// z = −depth. The default is the app's room (0.30 × 0.30 m opening, depth 0.50 m × zoom 0.6 = 0.30 m).
    public static func cubeRoomPoints(width: Double = 0.30, height: Double = 0.30, depth: Double = 0.30) -> [Vec3] {
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

    public static let defaultPoints: [Vec3] = cubeRoomPoints()

    /// Default speed below which the true head counts as still: 5 mm/s (postural sway while holding
    /// still peaks at ≈ 2 mm/s).
    public static let defaultStillSpeed = 0.005

    /// The app's projection (defaults: n = 0.001, f = 10, zMin = 0.1, translate view) on `screen` with
    /// `movementScale`. `physicalScreen` is the real panel when `screen` is a wrong model (e.g. the
    /// app-table size); nil means `screen` is right.
    public static func evaluate(
        trace: HeadTrace, screen: ScreenModel, movementScale: Double, points: [Vec3] = defaultPoints,
        physicalScreen: ScreenModel? = nil, stillSpeed: Double = defaultStillSpeed
    ) throws -> ParallaxAccuracyReport {
        let projection = try OffAxisProjection(screen: screen, movementScale: movementScale)
        return try evaluate(trace: trace, projection: projection, points: points, physicalScreen: physicalScreen, stillSpeed: stillSpeed)
    }

    /// As above with a fully configured pipeline projection (clip convention, head frame, view mode, …).
    public static func evaluate(
        trace: HeadTrace, projection: OffAxisProjection, points: [Vec3] = defaultPoints,
        physicalScreen: ScreenModel? = nil, stillSpeed: Double = defaultStillSpeed
    ) throws -> ParallaxAccuracyReport {
        guard let truth = trace.truth else {
            throw ParallaxAccuracyError("trace: expected ground truth (true_x,true_y,true_z columns) for parallax accuracy, found none")
        }
        guard trace.count > 0 else { throw ParallaxAccuracyError("trace: expected at least one sample, found 0") }
        guard !points.isEmpty else { throw ParallaxAccuracyError("points: expected at least one reference point, found none") }
        if let bad = points.firstIndex(where: { !$0.isFinite }) {
            throw ParallaxAccuracyError("point \(bad + 1): expected finite x,y,z in meters, found \(points[bad])")
        }
        guard stillSpeed.isFinite, stillSpeed >= 0 else {
            throw ParallaxAccuracyError("still speed: expected a finite speed ≥ 0 m/s, found \(stillSpeed)")
        }
        let physical = physicalScreen ?? projection.screen
        let reference = try OffAxisProjection(
            screen: physical, movementScale: 1, near: projection.near, far: projection.far, zMin: projection.zMin,
            clip: projection.clip, headFrame: projection.headFrame, view: .translate)
        var kernel = Kernel(frames: trace.count, points: points.count, physical: physical)
        try trace.samples.withUnsafeBufferPointer { samples in
            try truth.withUnsafeBufferPointer { truth in
                try points.withUnsafeBufferPointer { points in
                    try kernel.run(samples: samples, truth: truth, points: points, pipeline: projection, reference: reference, stillSpeed: stillSpeed)
                }
            }
        }
        return kernel.report(movementScale: projection.movementScale, screen: projection.screen.name, physicalScreen: physical.name)
    }

    /// Per-frame projection kernel: preallocated buffers, no allocation or existential call per frame.
    struct Kernel {
        static let arcminutesPerRadian = 180 * 60 / Double.pi
        let frames: Int
        let points: Int
        let halfW: Double, halfH: Double
        let ppmX: Double, ppmY: Double
        /// Running sums and maxima: part (total, tracking, exaggeration, jitter) × unit (px, mm, arcmin).
        var sumSquares = [Double](repeating: 0, count: 12)
        var maxima = [Double](repeating: 0, count: 12)
        /// Worst point per frame (per still pair for jitter): [part × unit][frame].
        var worst: [Double]
        var stillPairs = 0

        init(frames: Int, points: Int, physical: ScreenModel) {
            self.frames = frames
            self.points = points
            halfW = physical.width / 2
            halfH = physical.height / 2
            (ppmX, ppmY) = physical.pixelsPerMeter
            worst = [Double](repeating: 0, count: 12 * frames)
        }

        @inline(__always)
        static func viewProjection(_ projection: OffAxisProjection, head: Vec3) throws -> (Mat4, Vec3) {
            let eye = try projection.eye(head: head)
            return (projection.projectionMatrix(eye: eye) * (try projection.viewMatrix(eye: eye)), eye)
        }

        /// Where `p` lands on the physical glass (meters), for view-projection `m`.
        @inline(__always)
        func glass(_ m: Mat4, _ p: Vec3, frame: Int, point: Int) throws -> (Double, Double) {
            let w = m.rows.3.x * p.x + m.rows.3.y * p.y + m.rows.3.z * p.z + m.rows.3.w
            guard w > 0 else {
                throw ParallaxAccuracyError("frame \(frame + 1), point \(point + 1) \(p): expected a point in front of the eye, found clip w = \(w)")
            }
            let x = m.rows.0.x * p.x + m.rows.0.y * p.y + m.rows.0.z * p.z + m.rows.0.w
            let y = m.rows.1.x * p.x + m.rows.1.y * p.y + m.rows.1.z * p.z + m.rows.1.w
            return (x / w * halfW, y / w * halfH)
        }

        /// Error between two on-glass positions: (px, mm, arcmin at `eye`).
        @inline(__always)
        func error(_ a: (Double, Double), _ b: (Double, Double), eye: Vec3) -> (Double, Double, Double) {
            let dx = a.0 - b.0, dy = a.1 - b.1
            let px = ((dx * ppmX) * (dx * ppmX) + (dy * ppmY) * (dy * ppmY)).squareRoot()
            let mm = (dx * dx + dy * dy).squareRoot() * 1000
            // u = a − eye, v = b − eye (both on z = 0); angle = atan2(|u × v|, u · v).
            let ux = a.0 - eye.x, uy = a.1 - eye.y, vx = b.0 - eye.x, vy = b.1 - eye.y, z = -eye.z
            let cx = uy * z - z * vy, cy = z * vx - ux * z, cz = ux * vy - uy * vx
            let cross = (cx * cx + cy * cy + cz * cz).squareRoot()
            let dot = ux * vx + uy * vy + z * z
            return (px, mm, atan2(cross, dot) * Kernel.arcminutesPerRadian)
        }

        @inline(__always)
        mutating func add(part: Int, frame: Int, _ e: (Double, Double, Double)) {
            let base = part * 3
            sumSquares[base] += e.0 * e.0
            sumSquares[base + 1] += e.1 * e.1
            sumSquares[base + 2] += e.2 * e.2
            maxima[base] = max(maxima[base], e.0)
            maxima[base + 1] = max(maxima[base + 1], e.1)
            maxima[base + 2] = max(maxima[base + 2], e.2)
            worst[base * frames + frame] = max(worst[base * frames + frame], e.0)
            worst[(base + 1) * frames + frame] = max(worst[(base + 1) * frames + frame], e.1)
            worst[(base + 2) * frames + frame] = max(worst[(base + 2) * frames + frame], e.2)
        }

        mutating func run(
            samples: UnsafeBufferPointer<HeadSample>, truth: UnsafeBufferPointer<Vec3>, points: UnsafeBufferPointer<Vec3>,
            pipeline: OffAxisProjection, reference: OffAxisProjection, stillSpeed: Double
        ) throws {
            var previous = [(Double, Double)](repeating: (0, 0), count: points.count)
            try previous.withUnsafeMutableBufferPointer { previous in
                for i in 0..<frames {
                    let (a, _) = try Kernel.viewProjection(pipeline, head: samples[i].position)
                    let (b, _) = try Kernel.viewProjection(pipeline, head: truth[i])
                    let (c, trueEye) = try Kernel.viewProjection(reference, head: truth[i])
                    var still = false
                    if i > 0 {
                        let dt = samples[i].t - samples[i - 1].t
                        still = (truth[i] - truth[i - 1]).length <= stillSpeed * dt
                    }
                    let pair = stillPairs
                    if still { stillPairs += 1 }
                    for j in 0..<points.count {
                        let p = points[j]
                        let pa = try glass(a, p, frame: i, point: j)
                        let pb = try glass(b, p, frame: i, point: j)
                        let pc = try glass(c, p, frame: i, point: j)
                        add(part: 0, frame: i, error(pa, pc, eye: trueEye))
                        add(part: 1, frame: i, error(pa, pb, eye: trueEye))
                        add(part: 2, frame: i, error(pb, pc, eye: trueEye))
                        if still { add(part: 3, frame: pair, error(pa, previous[j], eye: trueEye)) }
                        previous[j] = pa
                    }
                }
            }
        }

        func report(movementScale: Double, screen: String, physicalScreen: String) -> ParallaxAccuracyReport {
            var scratch = [Double](repeating: 0, count: frames)
            func stats(_ part: Int, count: Int) -> ParallaxErrorStats {
                func summary(_ unit: Int) -> ParallaxErrorSummary {
                    let index = part * 3 + unit
                    let rms = (sumSquares[index] / Double(count * points)).squareRoot()
                    let p95 = scratch.withUnsafeMutableBufferPointer { buffer -> Double in
                        let slice = UnsafeMutableBufferPointer(rebasing: buffer[0..<count])
                        for k in 0..<count { slice[k] = worst[index * frames + k] }
                        return ParallaxAccuracy.quantile(slice, 0.95)
                    }
                    return ParallaxErrorSummary(rms: rms, p95: p95, max: maxima[index])
                }
                return ParallaxErrorStats(pixels: summary(0), millimeters: summary(1), arcminutes: summary(2))
            }
            return ParallaxAccuracyReport(
                frames: frames, points: points, movementScale: movementScale, screen: screen, physicalScreen: physicalScreen,
                total: stats(0, count: frames), tracking: stats(1, count: frames), exaggeration: stats(2, count: frames),
                stillFramePairs: stillPairs, visibleJitter: stillPairs > 0 ? stats(3, count: stillPairs) : nil)
        }
    }

    /// Quantile `q` ∈ [0, 1] with linear interpolation between order statistics (GSL / R type 7, the same
    /// definition as `Statistics.quantile`), by quickselect in O(n); reorders `values`.
    public static func quantile(_ values: UnsafeMutableBufferPointer<Double>, _ q: Double) -> Double {
        let n = values.count
        precondition(n > 0 && (0...1).contains(q), "quantile needs values and q in [0, 1]")
        let h = Double(n - 1) * q
        let k = Int(h.rounded(.down))
        let fraction = h - Double(k)
        let low = select(values, k)
        guard fraction > 0, k + 1 < n else { return low }
        var next = values[k + 1]
        for i in (k + 2)..<n where values[i] < next { next = values[i] }
        return low + fraction * (next - low)
    }

    /// The k-th smallest value (0-based); afterwards every element after index k is ≥ it.
    static func select(_ a: UnsafeMutableBufferPointer<Double>, _ k: Int) -> Double {
        var left = 0, right = a.count - 1
        while right > left {
            let mid = left + (right - left) / 2
            let x = a[left], y = a[mid], z = a[right]
            let pivot = max(min(x, y), min(max(x, y), z))
            var i = left, j = right
            while i <= j {
                while a[i] < pivot { i += 1 }
                while a[j] > pivot { j -= 1 }
                if i <= j {
                    a.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j {
                right = j
            } else if k >= i {
                left = i
            } else {
                break
            }
        }
        return a[k]
    }
}
