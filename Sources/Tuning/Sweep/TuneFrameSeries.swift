import Analysis
import Geometry
import Projection
import Smoothing
import Vocabulary

/// The on-screen error and swim of one smoother point at one movement scale on one prepared trace, frame by
/// frame — what the tuning view plots (the tuner itself keeps only their sums).
///
/// Per frame, over the reference points, the worst total error A − C (as `ParallaxAccuracy`: A the filtered eye
/// at scale s, C the reference eye at scale 1, both through `OnGlass`), px at the screen's pixel pitch. Per
/// consecutive frame pair (never across a timing gap), the worst point's swim (`Swim.rate`, °/s at the true eye).
struct TuneFrameSeries: Equatable {
    /// Head positions after the smoother, m.
    var filtered: [Vec3]
    /// Per frame: the worst point's total error, px.
    var errorPx: [Double]
    /// Per frame i: the worst point's swim over the pair (i − 1, i), °/s; nil for frame 0 and across a gap.
    var swimDegPerSecond: [Double?]

    /// Runs `spec` over the whole trace (a filter's state depends on everything before) and measures every frame.
    init(spec: SmootherSpec, trace: PreparedTrace, scale s: Double, core: OffAxisCore, points: [Vec3],
         ppm: (x: Double, y: Double)) throws {
        var smoother = spec.makeSmoother()
        try self.init(filtered: smoother.smooth(trace.samples), trace: trace, scale: s, core: core, points: points, ppm: ppm)
    }

    init(filtered: [Vec3], trace: PreparedTrace, scale s: Double, core: OffAxisCore, points: [Vec3],
         ppm: (x: Double, y: Double)) throws {
        self.filtered = filtered
        let n = filtered.count
        errorPx = [Double](repeating: 0, count: n)
        swimDegPerSecond = [Double?](repeating: nil, count: n)
        var previousError = [Vec3](repeating: .zero, count: points.count)
        for i in 0..<n {
            let eyeA: Vec3
            do { eyeA = try core.eye(head: filtered[i]) } catch let error as FieldError {
                throw error.at("frame \(i + 1) of the filtered trace").located(file: trace.name)
            }
            let eyeT = trace.trueEyes[i]
            let pairCounts = trace.swimPair[i]  // Δt > 0, not across a timing gap
            let dt = pairCounts ? trace.samples[i].t - trace.samples[i - 1].t : 0
            var worstError = 0.0, worstSwim = 0.0
            for (j, p) in points.enumerated() {
                let a = OnGlass.affine(of: p, head: eyeA, inverseDepth: OnGlass.inverseDepth(of: p, from: eyeA))
                let c = OnGlass.position(of: p, from: eyeT, inverseDepth: OnGlass.inverseDepth(of: p, from: eyeT))
                let error = Vec3(a.offset.x + s * a.slope.x - c.x, a.offset.y + s * a.slope.y - c.y, 0)
                let px = ((error.x * ppm.x) * (error.x * ppm.x) + (error.y * ppm.y) * (error.y * ppm.y)).squareRoot()
                worstError = max(worstError, px)
                if pairCounts {
                    let rate = Swim.rate(errorChange: error - previousError[j], glass: Vec3(c.x, c.y, 0), trueEye: eyeT, interval: dt)
                    worstSwim = max(worstSwim, rate)
                }
                previousError[j] = error
            }
            errorPx[i] = worstError
            if pairCounts { swimDegPerSecond[i] = worstSwim }
        }
    }
}
