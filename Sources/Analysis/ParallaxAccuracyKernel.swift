import Foundation
import Geometry
import Plumbing
import Projection
import Scientific
import Tracking
import Vocabulary

extension ParallaxAccuracy {
    /// The per-frame work, split over fixed tiles of frames (`Parallel.forEach`); each tile has its own
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
                results.withUnsafeMutableBufferPointer { results in
                    active.withUnsafeBufferPointer { points in
                        Parallel.forEach(tiles) { tile in
                            let range = (tile * Kernel.tileFrames)..<min(frames, (tile + 1) * Kernel.tileFrames)
                            results[tile] = Kernel.runTile(
                                range, samples: samples, truth: truth, points: points, pipeline: pipeline, pipelineScale: pipelineScale,
                                reference: reference, referenceScale: referenceScale, glass: glass, stillSpeed: stillSpeed,
                                maxPairInterval: maxPairInterval, worst: worst)
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
                // P·V·(X, Y, Z, 1) reduces to `OnGlass` on the model's screen.
                for j in 0..<points.count {
                    let p = points[j]
                    let glass = OnGlass.position(of: p, from: eye, inverseDepth: OnGlass.inverseDepth(of: p, from: eye))
                    xs[j] = glass.x * scale.0
                    ys[j] = glass.y * scale.1
                    minW = min(minW, eye.z - p.z)
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
                let inverse = OnGlass.inverseDepth(of: p, from: e)
                let first = OnGlass.position(of: p, from: e, inverseDepth: inverse)
                let second = OnGlass.position(of: p, from: e2, inverseDepth: inverse)
                xs[j] = first.x * scales.0.0
                ys[j] = first.y * scales.0.1
                xs2[j] = second.x * scales.1.0
                ys2[j] = second.y * scales.1.1
                minW = min(minW, e.z - p.z)
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
                        throw FieldError(FieldPath([.key("frame \(i + 1)")]), expected: "every reference point in front of the eye", found: "clip w = \(minW)")
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
            } catch let error as FieldError {
                result.error = error.at("frame \(frame + 1) (t = \(samples[frame].t) s)")
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
                        return Statistics.quantile(selectingIn: UnsafeMutableBufferPointer(rebasing: buffer[0..<count]), 0.95, squareRoots: true)
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
}
