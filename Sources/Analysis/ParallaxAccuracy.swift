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
        kernel.maxPairInterval = TraceBreaks(samples: trace.samples).gapThreshold  // no jitter across a timing gap
        try trace.samples.withUnsafeBufferPointer { samples in
            try truth.withUnsafeBufferPointer { truth in
                try points.withUnsafeBufferPointer { points in
                    try kernel.run(samples: samples, truth: truth, points: points, pipeline: projection.core, reference: reference.core, stillSpeed: stillSpeed)
                }
            }
        }
        return kernel.report(movementScale: projection.movementScale, screen: projection.screen.name, physicalScreen: physical.name)
    }

    /// The per-frame work, split over fixed tiles of frames (`concurrentPerform`); each tile has its own
    /// accumulators, combined in tile order, so results do not depend on the number of threads.
    /// Buffers are allocated once per tile; the per-frame loop allocates nothing and calls no existential.
    struct Kernel {
        static let tileFrames = 8192
        let frames: Int
        let points: Int
        let glass: Glass
        /// Parts: total, tracking, exaggeration, jitter.
        var parts = [PartAccumulator](repeating: PartAccumulator(), count: 4)
        /// Worst point per frame (squared): [(part × 3 + unit) × frames + frame]; for jitter, −1 marks a
        /// frame that does not end a still pair.
        var worst: [Double]
        var stillPairs = 0
        /// Consecutive frames further apart than this (a timing gap) are never a still pair.
        var maxPairInterval = Double.infinity

        init(frames: Int, points: Int, physical: ScreenModel) {
            self.frames = frames
            self.points = points
            let ppm = physical.pixelsPerMeter
            glass = Glass(halfW: physical.width / 2, halfH: physical.height / 2, ppmX: ppm.x, ppmY: ppm.y)
            worst = [Double](repeating: 0, count: 12 * frames)
        }

        mutating func run(
            samples: UnsafeBufferPointer<HeadSample>, truth: UnsafeBufferPointer<Vec3>, points: UnsafeBufferPointer<Vec3>,
            pipeline: OffAxisCore, reference: OffAxisCore, stillSpeed: Double
        ) throws {
            let frames = self.frames
            let glass = self.glass
            let maxPairInterval = self.maxPairInterval
            let tiles = (frames + Kernel.tileFrames - 1) / Kernel.tileFrames
            var results = [TileResult](repeating: TileResult(), count: tiles)
            // Glass positions: the pipeline's screen model maps to the physical glass by this scale.
            let pipelineScale = (glass.halfW / pipeline.halfWidth, glass.halfH / pipeline.halfHeight)
            let referenceScale = (glass.halfW / reference.halfWidth, glass.halfH / reference.halfHeight)
            // Points on the screen plane are pinned to the glass by every translate-view projection whose
            // screen model is the physical one: all their errors are exactly zero, so they are counted (in
            // the RMS denominator) but not projected.
            let pinnedExactly = pipeline.view == .translate && pipelineScale == (1, 1) && referenceScale == (1, 1)
            let active = pinnedExactly ? points.filter { $0.z != 0 } : Array(points)
            worst.withUnsafeMutableBufferPointer { worst in
                let worst = UncheckedSendable(worst)
                results.withUnsafeMutableBufferPointer { results in
                    let results = UncheckedSendable(results)
                    let inputs = UncheckedSendable((samples, truth, active))
                    DispatchQueue.concurrentPerform(iterations: tiles) { tile in
                        let range = (tile * Kernel.tileFrames)..<min(frames, (tile + 1) * Kernel.tileFrames)
                        let (samples, truth, active) = inputs.value
                        results.value[tile] = active.withUnsafeBufferPointer { points in
                            Kernel.runTile(
                            range, samples: samples, truth: truth, points: points, pipeline: pipeline, pipelineScale: pipelineScale,
                            reference: reference, referenceScale: referenceScale, glass: glass, stillSpeed: stillSpeed,
                            maxPairInterval: maxPairInterval, worst: worst.value)
                        }
                    }
                }
            }
            var combined = [PartAccumulator](repeating: PartAccumulator(), count: 4)
            var pairs = 0
            for result in results {
                if let error = result.error { throw error }
                for part in 0..<4 { combined[part].merge(result.parts[part]) }
                pairs += result.stillPairs
            }
            parts = combined
            stillPairs = pairs
        }

        struct TileResult {
            var parts = [PartAccumulator](repeating: PartAccumulator(), count: 4)
            var stillPairs = 0
            var error: Error?
        }

        /// On-glass positions of every point for one eye into xs, ys; returns the smallest clip w.
        @inline(__always)
        static func fill(
            _ xs: UnsafeMutablePointer<Double>, _ ys: UnsafeMutablePointer<Double>, points: UnsafeBufferPointer<Vec3>,
            projection: OffAxisCore, eye: Vec3, scale: (Double, Double)
        ) throws -> Double {
            var minW = Double.infinity
            switch projection.view {
            case .translate:
                // P·V·(X, Y, Z, 1) reduces to x_glass = (ez·X − ex·Z)/(ez − Z) on the model's screen.
                for j in 0..<points.count {
                    let p = points[j]
                    let w = eye.z - p.z
                    let inverse = 1 / w
                    xs[j] = (eye.z * p.x - eye.x * p.z) * inverse * scale.0
                    ys[j] = (eye.z * p.y - eye.y * p.z) * inverse * scale.1
                    minW = min(minW, w)
                }
            case .lookAt:
                let m = projection.projectionMatrix(eye: eye) * (try projection.viewMatrix(eye: eye))
                let rx = m.rows.0, ry = m.rows.1, rw = m.rows.3
                let sx = projection.halfWidth * scale.0, sy = projection.halfHeight * scale.1
                for j in 0..<points.count {
                    let p = points[j]
                    let w = rw.x * p.x + rw.y * p.y + rw.z * p.z + rw.w
                    let inverse = 1 / w
                    xs[j] = (rx.x * p.x + rx.y * p.y + rx.z * p.z + rx.w) * inverse * sx
                    ys[j] = (ry.x * p.x + ry.y * p.y + ry.z * p.z + ry.w) * inverse * sy
                    minW = min(minW, w)
                }
            }
            return minW
        }

        /// `fill` for two translate-view eyes at the same z.
        @inline(__always)
        static func fillTranslatePair(
            _ xs: UnsafeMutablePointer<Double>, _ ys: UnsafeMutablePointer<Double>,
            _ xs2: UnsafeMutablePointer<Double>, _ ys2: UnsafeMutablePointer<Double>, points: UnsafeBufferPointer<Vec3>,
            eyes: (Vec3, Vec3), scales: ((Double, Double), (Double, Double))
        ) -> Double {
            var minW = Double.infinity
            let (e, e2) = eyes
            for j in 0..<points.count {
                let p = points[j]
                let w = e.z - p.z
                let inverse = 1 / w
                xs[j] = (e.z * p.x - e.x * p.z) * inverse * scales.0.0
                ys[j] = (e.z * p.y - e.y * p.z) * inverse * scales.0.1
                xs2[j] = (e.z * p.x - e2.x * p.z) * inverse * scales.1.0
                ys2[j] = (e.z * p.y - e2.y * p.z) * inverse * scales.1.1
                minW = min(minW, w)
            }
            return minW
        }

        static func runTile(
            _ range: Range<Int>, samples: UnsafeBufferPointer<HeadSample>, truth: UnsafeBufferPointer<Vec3>,
            points: UnsafeBufferPointer<Vec3>, pipeline: OffAxisCore, pipelineScale: (Double, Double),
            reference: OffAxisCore, referenceScale: (Double, Double), glass: Glass, stillSpeed: Double,
            maxPairInterval: Double = .infinity, worst: UnsafeMutableBufferPointer<Double>
        ) -> TileResult {
            let m = points.count
            let frames = samples.count
            var result = TileResult()
            var total = PartAccumulator(), tracking = PartAccumulator(), exaggeration = PartAccumulator(), jitter = PartAccumulator()
            let buffer = UnsafeMutablePointer<Double>.allocate(capacity: max(1, 8 * m))
            defer { buffer.deallocate() }
            let ax = buffer, ay = buffer + m, bx = buffer + 2 * m, by = buffer + 3 * m
            let cx = buffer + 4 * m, cy = buffer + 5 * m, qx = buffer + 6 * m, qy = buffer + 7 * m
            var frame = range.lowerBound
            do {
                if frame > 0 {
                    // The previous frame's pipeline positions, for the jitter of this tile's first frame.
                    let e = try pipeline.eye(head: samples[frame - 1].position)
                    _ = try fill(qx, qy, points: points, projection: pipeline, eye: e, scale: pipelineScale)
                }
                while frame < range.upperBound {
                    let i = frame
                    let eyeA = try pipeline.eye(head: samples[i].position)
                    let eyeB = try pipeline.eye(head: truth[i])
                    let eye = try reference.eye(head: truth[i])
                    var minW = try fill(ax, ay, points: points, projection: pipeline, eye: eyeA, scale: pipelineScale)
                    if pipeline.view == .translate && eyeB.z == eye.z {
                        // B and C see every point at the same depth ez − Z: one division serves both.
                        minW = min(minW, fillTranslatePair(
                            bx, by, cx, cy, points: points, eyes: (eyeB, eye), scales: (pipelineScale, referenceScale)))
                    } else {
                        minW = min(minW, try fill(bx, by, points: points, projection: pipeline, eye: eyeB, scale: pipelineScale))
                        minW = min(minW, try fill(cx, cy, points: points, projection: reference, eye: eye, scale: referenceScale))
                    }
                    guard minW > 0 else {
                        throw ParallaxAccuracyError("frame \(i + 1): expected every reference point in front of the eye, found clip w = \(minW)")
                    }
                    var still = false
                    if i > 0 {
                        let dt = samples[i].t - samples[i - 1].t
                        let moved = truth[i] - truth[i - 1]
                        still = dt <= maxPairInterval && moved.dot(moved) <= (stillSpeed * dt) * (stillSpeed * dt)
                    }
                    glass.accumulate(&total, ax, ay, cx, cy, count: m, eye: eye)
                    glass.accumulate(&tracking, ax, ay, bx, by, count: m, eye: eye)
                    glass.accumulate(&exaggeration, bx, by, cx, cy, count: m, eye: eye)
                    total.endFrame(worst, 0, frames, i)
                    tracking.endFrame(worst, 1, frames, i)
                    exaggeration.endFrame(worst, 2, frames, i)
                    if still {
                        glass.accumulate(&jitter, ax, ay, qx, qy, count: m, eye: eye)
                        jitter.endFrame(worst, 3, frames, i)
                        result.stillPairs += 1
                    } else {
                        for unit in 0..<3 { worst[(9 + unit) * frames + i] = -1 }
                    }
                    qx.update(from: ax, count: m)
                    qy.update(from: ay, count: m)
                    frame += 1
                }
            } catch let error as ProjectionError {
                result.error = ParallaxAccuracyError("frame \(frame + 1) (t = \(samples[frame].t) s): \(error)")
            } catch {
                result.error = error
            }
            result.parts = [total, tracking, exaggeration, jitter]
            return result
        }

        func report(movementScale: Double, screen: String, physicalScreen: String) -> ParallaxAccuracyReport {
            var scratch = [Double](repeating: 0, count: frames)
            func stats(_ part: Int) -> ParallaxErrorStats {
                let acc = parts[part]
                func summary(_ unit: Int, _ sum: Double, _ maximum: Double) -> ParallaxErrorSummary {
                    let index = part * 3 + unit
                    var count = 0
                    let p95 = scratch.withUnsafeMutableBufferPointer { buffer -> Double in
                        for k in 0..<frames {
                            let value = worst[index * frames + k]
                            if value >= 0 {
                                buffer[count] = value
                                count += 1
                            }
                        }
                        // Order statistics of squares are squares of order statistics: select on the squares,
                        // root the two that are interpolated.
                        return ParallaxAccuracy.quantile(UnsafeMutableBufferPointer(rebasing: buffer[0..<count]), 0.95, squareRoots: true)
                    }
                    let rms = (sum / Double(count * points)).squareRoot()
                    return ParallaxErrorSummary(rms: rms, p95: p95, max: maximum.squareRoot())
                }
                return ParallaxErrorStats(pixels: summary(0, acc.sumPx, acc.maxPx), millimeters: summary(1, acc.sumMm, acc.maxMm),
                                          arcminutes: summary(2, acc.sumArc, acc.maxArc))
            }
            return ParallaxAccuracyReport(
                frames: frames, points: points, movementScale: movementScale, screen: screen, physicalScreen: physicalScreen,
                total: stats(0), tracking: stats(1), exaggeration: stats(2),
                stillFramePairs: stillPairs, visibleJitter: stillPairs > 0 ? stats(3) : nil)
        }
    }

    /// Measures errors between on-glass positions (numbers only: copying it costs nothing in hot loops).
    struct Glass {
        let halfW: Double, halfH: Double
        let ppmX: Double, ppmY: Double

        /// The square of atan2(√c², d) for c² ≥ 0, from the squares (no square root on the common path):
        /// the Taylor series atan(x) = x·(1 − x²/3 + x⁴/5 − x⁶/7 + x⁸/9) in x² = c²/d² when x ≤ 0.05
        /// (truncation error < 1e-12 relative), the library atan2 otherwise.
        @inline(__always)
        static func squaredAngle(crossSquared c2: Double, dot d: Double) -> Double {
            if d > 0 && c2 <= 0.0025 * (d * d) {
                let t = c2 / (d * d)
                let series = 1 - t * (1.0 / 3 - t * (1.0 / 5 - t * (1.0 / 7 - t * (1.0 / 9))))
                return t * series * series
            }
            let angle = atan2(c2.squareRoot(), d)
            return angle * angle
        }

        /// Errors between on-glass positions P (px, py) and Q (qx, qy) of `count` points seen from `eye`:
        /// adds the squares of (pixels, mm, arcmin) to `acc`. Squares keep the loop free of square roots
        /// (RMS needs them; maxima are taken on squares and rooted once at the end).
        /// With u = P − eye and d = P − Q (d_z = 0): |u × (Q − eye)|² = ez²·|d|² + (ux·dy − uy·dx)² and
        /// u · (Q − eye) = |u|² − u·d.
        @inline(__always)
        func accumulate(
            _ acc: inout PartAccumulator, _ px: UnsafeMutablePointer<Double>, _ py: UnsafeMutablePointer<Double>,
            _ qx: UnsafeMutablePointer<Double>, _ qy: UnsafeMutablePointer<Double>, count: Int, eye: Vec3
        ) {
            let arcminutes2 = (10_800 / Double.pi) * (10_800 / Double.pi)
            let ez2 = eye.z * eye.z
            let ppmX2 = ppmX * ppmX, ppmY2 = ppmY * ppmY
            acc.startFrame()
            for j in 0..<count {
                let dx = px[j] - qx[j], dy = py[j] - qy[j]
                let dx2 = dx * dx, dy2 = dy * dy
                let r2 = dx2 + dy2
                let px2 = dx2 * ppmX2 + dy2 * ppmY2
                let ux = px[j] - eye.x, uy = py[j] - eye.y
                let k = ux * dy - uy * dx
                let c2 = ez2 * r2 + k * k
                let dot = (ux * ux + uy * uy + ez2) - (ux * dx + uy * dy)
                acc.add(px2, r2 * 1_000_000, Glass.squaredAngle(crossSquared: c2, dot: dot) * arcminutes2)
            }
        }
    }

    /// Sums of squares and maxima of one error part, plus the current frame's worst point — all of squared
    /// values (px², mm², arcmin²).
    struct PartAccumulator {
        var sumPx = 0.0, sumMm = 0.0, sumArc = 0.0
        var maxPx = 0.0, maxMm = 0.0, maxArc = 0.0
        var framePx = 0.0, frameMm = 0.0, frameArc = 0.0

        @inline(__always) mutating func startFrame() {
            framePx = 0
            frameMm = 0
            frameArc = 0
        }

        @inline(__always) mutating func add(_ px: Double, _ mm: Double, _ arc: Double) {
            sumPx += px
            sumMm += mm
            sumArc += arc
            framePx = max(framePx, px)
            frameMm = max(frameMm, mm)
            frameArc = max(frameArc, arc)
        }

        @inline(__always) mutating func endFrame(_ worst: UnsafeMutableBufferPointer<Double>, _ part: Int, _ frames: Int, _ slot: Int) {
            worst[(part * 3) * frames + slot] = framePx
            worst[(part * 3 + 1) * frames + slot] = frameMm
            worst[(part * 3 + 2) * frames + slot] = frameArc
            maxPx = max(maxPx, framePx)
            maxMm = max(maxMm, frameMm)
            maxArc = max(maxArc, frameArc)
        }

        mutating func merge(_ other: PartAccumulator) {
            sumPx += other.sumPx
            sumMm += other.sumMm
            sumArc += other.sumArc
            maxPx = max(maxPx, other.maxPx)
            maxMm = max(maxMm, other.maxMm)
            maxArc = max(maxArc, other.maxArc)
        }
    }

    /// Hands a buffer to `concurrentPerform`'s workers, which write disjoint slots.
    struct UncheckedSendable<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// Quantile `q` ∈ [0, 1] with linear interpolation between order statistics (GSL / R type 7, the same
    /// definition as `Statistics.quantile`), by quickselect in O(n); reorders `values`.
    public static func quantile(_ values: UnsafeMutableBufferPointer<Double>, _ q: Double) -> Double {
        quantile(values, q, squareRoots: false)
    }

    /// With `squareRoots`, the quantile of √values (values ≥ 0), selecting on the values themselves.
    static func quantile(_ values: UnsafeMutableBufferPointer<Double>, _ q: Double, squareRoots: Bool) -> Double {
        let n = values.count
        precondition(n > 0 && (0...1).contains(q), "quantile needs values and q in [0, 1]")
        let h = Double(n - 1) * q
        let k = Int(h.rounded(.down))
        let fraction = h - Double(k)
        var low = select(values, k)
        if squareRoots { low = low.squareRoot() }
        guard fraction > 0, k + 1 < n else { return low }
        var next = values[k + 1]
        for i in (k + 2)..<n where values[i] < next { next = values[i] }
        if squareRoots { next = next.squareRoot() }
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
