import Foundation
import Geometry
import Plumbing
import Scientific
import Tracking
import Vocabulary

/// A fitted value with its 95 % confidence interval, when the estimator gives one.
package struct FittedValue: Codable, Equatable, Sendable {
    package var value: Double
    package var low: Double?
    package var high: Double?

    package init(_ value: Double, low: Double? = nil, high: Double? = nil) {
        self.value = value
        self.low = low
        self.high = high
    }

    /// value ± 1.96 standard errors.
    static func normal(_ value: Double, standardError: Double) -> FittedValue {
        FittedValue(value, low: value - 1.96 * standardError, high: value + 1.96 * standardError)
    }
}

/// The sensor model (`NoiseSpec`) fitted to one recording without ground truth. Estimators:
///
/// - **rate**: 1 / median interval. **timing jitter**: intervals up to 1.5 median intervals (no dropped
///   frame) have variance 2σ² for independent timestamp jitter σ; σ = 1.4826·MAD(intervals)/√2, standard
///   error 1.166·σ/√n (the MAD scale's asymptotic efficiency). **dropped frames**: intervals between 1.5
///   median intervals with up to `maximumDroppedRun` missing frames count round(Δt/median) − 1 dropped
///   frames each (longer holes are dropouts).
/// - **σ per axis**: the three-point residuals of `ReferenceEstimate` (zero on straight lines, so motion
///   barely enters at 60 Hz), sorted by measured distance into bins of 200; robust scale 1.4826·median|r|
///   per bin; log σ_b = log σ₀ + p·log(z_b / z_ref) by least squares over bins, z_ref = the median
///   distance. The exponent p is fitted only when the bins' distances span a factor ≥ 1.3; otherwise it
///   stays at the given one (default [1, 1, 2]) and only σ₀ is fitted. Intervals from the regression's
///   standard errors. (Not the residual about the reference estimate in still stretches: that one needs
///   a correction for the estimate's own error, and still stretches are rare in some recordings.)
/// - **outliers**: measurements whose residual r about the reference estimate has a 3D z-score
///   √Σ(r_a/σ_a(z))² above 6 against the robust σ(z) fitted above (noise alone: p ≈ 10⁻⁷); rate = count / measured samples, size = median |r|
///   (interval: Wilson score for the rate).
/// - **dropouts**: runs of untracked samples and frozen repeats, and timing gaps, each lasting m samples
///   (a gap: round(Δt/median) − 1); length L = m / rate, detected only when longer than c (one sample with a
///   `tracked` column, two frozen repeats without), so — lengths being exponential — the mean length is
///   mean(L) − c and the burst rate is count / (time outside dropouts) × e^{c/mean} (interval: Poisson).
/// - **latency** and **depth scale error** are not observable without ground truth: kept as given.
package struct NoiseFit: Codable, Equatable, Sendable {
    package var samples: Int
    package var duration: Double
    package var rate: Double
    package var timingJitter: FittedValue
    package var droppedFrameProbability: FittedValue
    /// σ per axis at `referenceDistance`, m.
    package var sigma: [FittedValue]
    package var referenceDistance: Double
    /// Fitted exponent per axis, nil where the depth span was too small (the given one was kept).
    package var distanceExponent: [FittedValue?]
    package var depthSpan: Double
    package var outlierProbability: FittedValue
    package var outlierMagnitude: Double
    package var dropouts: Int
    package var dropoutRate: FittedValue
    package var dropoutDuration: FittedValue
    package var notes: [String]

    /// Smallest ratio of far to near block distance for fitting the distance exponent.
    package static let minimumDepthSpan = 1.3
    static let outlierScore = 6.0
    /// Holes in the timestamps of up to this many frames are dropped frames; longer ones are dropouts.
    package static let maximumDroppedRun = 3

    package static func fit(_ recording: HeadTrace, given: NoiseSpec = NoiseSpec()) throws -> NoiseFit {
        guard recording.count >= 100 else {
            throw FieldError(FieldPath(), expected: "at least 100 samples to fit a noise model", found: "\(recording.count)")
        }
        var notes: [String] = []
        let breaks = TraceBreaks(samples: recording.samples)
        let hadTrackedFlags = recording.samples.contains { !$0.tracked }
        let truthless = recording.truth == nil ? recording : { var t = recording; t.truth = nil; return t }()
        let trace = truthless.markingFrozenRepeatsUntracked(breaks)
        let estimate = ReferenceEstimate.estimate(trace, breaks: breaks)
        let times = trace.samples.map(\.t)
        let intervals = zip(times, times.dropFirst()).map { $1 - $0 }
        let median = Statistics.median(intervals)
        let rate = 1 / median

        // Timing.
        let regular = intervals.filter { $0 <= 1.5 * median }
        let mad = Statistics.median(regular.map { abs($0 - median) })
        let jitter = 1.4826 * mad / 2.0.squareRoot()
        let timingJitter = FittedValue.normal(jitter, standardError: 1.166 * jitter / Double(regular.count).squareRoot())
        var dropped = 0
        for interval in intervals where interval > 1.5 * median && Int((interval / median).rounded()) - 1 <= maximumDroppedRun {
            dropped += Int((interval / median).rounded()) - 1
        }
        let frames = Double(trace.count + dropped)
        let droppedFrameProbability = wilson(successes: dropped, trials: Int(frames))

        // Measurement noise against distance.
        let blocks = noiseBins(trace: trace, estimate: estimate, binSize: 200)
        let measuredZ = zip(trace.samples, estimate.measured).filter { $0.1 }.map { $0.0.position.z }
        let referenceDistance = Statistics.median(measuredZ.isEmpty ? trace.samples.map(\.position.z) : measuredZ)
        let zs = blocks.map(\.distance)
        let depthSpan = (zs.max() ?? 1) / max(zs.min() ?? 1, 1e-6)
        var sigma: [FittedValue] = [], exponent: [FittedValue?] = []
        for axis in 0..<3 {
            let u = zs.map { log($0 / referenceDistance) }
            let v = blocks.map { log(max($0.sigma[axis], 1e-9)) }
            if depthSpan >= minimumDepthSpan {
                let line = LinearFit(u, v)
                sigma.append(FittedValue(exp(line.intercept), low: exp(line.intercept - 1.96 * line.interceptError), high: exp(line.intercept + 1.96 * line.interceptError)))
                exponent.append(FittedValue.normal(line.slope, standardError: line.slopeError))
            } else {
                let p = given.distanceExponent[axis]
                let logs = zip(u, v).map { $1 - p * $0 }
                let mean = Statistics.mean(logs)
                let error = logs.count > 1 ? Statistics.standardDeviation(logs) / Double(logs.count).squareRoot() : 0
                sigma.append(FittedValue(exp(mean), low: exp(mean - 1.96 * error), high: exp(mean + 1.96 * error)))
                exponent.append(nil)
            }
        }
        if depthSpan < minimumDepthSpan {
            notes.append(String(format: "distance exponent not fitted: the recording spans only ×%.2f in distance (needs ×%.1f); kept [%g, %g, %g]",
                                depthSpan, minimumDepthSpan, given.distanceExponent.x, given.distanceExponent.y, given.distanceExponent.z))
        }

        // Outliers: z-score of the residual about the reference estimate against the fitted σ(z).
        var outliers: [Double] = []
        var measuredCount = 0
        for i in trace.samples.indices where estimate.measured[i] {
            measuredCount += 1
            let r = trace.samples[i].position - estimate.positions[i]
            let distance = max(trace.samples[i].position.z, 1e-3) / referenceDistance
            let score = (0..<3).reduce(0.0) { total, axis in
                let p = exponent[axis]?.value ?? given.distanceExponent[axis]
                return total + pow(r[axis] / max(sigma[axis].value * pow(distance, p), 1e-9), 2)
            }
            if score.squareRoot() > outlierScore { outliers.append(r.length) }
        }
        let outlierProbability = wilson(successes: outliers.count, trials: measuredCount)
        let outlierMagnitude = outliers.isEmpty ? given.outlierMagnitude : Statistics.median(outliers)
        if outliers.isEmpty { notes.append("no outliers found: outlier magnitude kept at \(given.outlierMagnitude) m") }

        // Dropouts: untracked / frozen runs and timing gaps.
        var lengths: [Double] = []
        var run = 0
        for i in 0...trace.count {
            if i < trace.count && !trace.samples[i].tracked { run += 1; continue }
            if run > 0 { lengths.append(Double(run) / rate) }
            run = 0
        }
        let holes = breaks.gaps.filter { Int(($0.duration / median).rounded()) - 1 > maximumDroppedRun }
        for gap in holes { lengths.append(((gap.duration / median).rounded() - 1) / rate) }
        let threshold = (hadTrackedFlags ? 1.0 : 2.0) / rate
        let duration = recording.duration
        var dropoutRate = FittedValue(given.dropoutRate), dropoutDuration = FittedValue(given.dropoutDuration)
        if lengths.isEmpty {
            dropoutRate = FittedValue(0, low: 0, high: 3.689 / max(duration, 1e-9))  // 95 % upper bound for 0 events
            notes.append("no dropouts: dropout duration kept at \(given.dropoutDuration) s")
        } else {
            let count = Double(lengths.count)
            // Each detected run of m samples covers ≈ m/rate; detection needs L > c − 1/(2·rate).
            let cut = threshold - 0.5 / rate
            let mean = max(Statistics.mean(lengths) - cut, 0.5 / rate)
            let meanError = mean / count.squareRoot()
            dropoutDuration = FittedValue.normal(mean, standardError: meanError)
            let free = max(duration - lengths.reduce(0, +), 1e-9)
            let correction = exp(cut / mean)
            let value = count / free * correction
            dropoutRate = FittedValue.normal(value, standardError: value / count.squareRoot())
        }
        notes.append("latency is not observable without ground truth: kept at \(given.latency) s; depth scale error likewise (kept at \(given.depthScaleError))")
        if !holes.isEmpty {
            notes.append("\(holes.count) timing gap(s) of more than \(maximumDroppedRun) frames counted as dropouts (the synthesizer freezes positions during a dropout instead of leaving a hole)")
        }
        return NoiseFit(samples: recording.count, duration: duration, rate: rate, timingJitter: timingJitter,
                        droppedFrameProbability: droppedFrameProbability, sigma: sigma, referenceDistance: referenceDistance,
                        distanceExponent: exponent, depthSpan: depthSpan, outlierProbability: outlierProbability,
                        outlierMagnitude: outlierMagnitude, dropouts: lengths.count, dropoutRate: dropoutRate,
                        dropoutDuration: dropoutDuration, notes: notes)
    }

    /// The fitted values in a `NoiseSpec` (latency and depth scale error from `given`).
    package func noiseSpec(given: NoiseSpec = NoiseSpec()) -> NoiseSpec {
        var spec = given
        spec.sigma = Vec3(sigma[0].value, sigma[1].value, sigma[2].value)
        spec.referenceDistance = referenceDistance
        spec.distanceExponent = Vec3(distanceExponent[0]?.value ?? given.distanceExponent.x,
                                     distanceExponent[1]?.value ?? given.distanceExponent.y,
                                     distanceExponent[2]?.value ?? given.distanceExponent.z)
        spec.outlierProbability = min(max(outlierProbability.value, 0), 1)
        spec.outlierMagnitude = min(outlierMagnitude, 1)
        spec.dropoutRate = dropoutRate.value
        spec.dropoutDuration = max(dropoutDuration.value, 1e-3)
        spec.timingJitter = min(timingJitter.value, 0.1)
        spec.droppedFrameProbability = min(droppedFrameProbability.value, 0.99)
        return spec
    }

    /// One σ estimate per distance bin: the three-point residuals of measured samples sorted by measured
    /// distance and cut into bins of `binSize`; robust scale per axis and the bin's median distance.
    static func noiseBins(trace: HeadTrace, estimate: ReferenceEstimate, binSize: Int) -> [(sigma: Vec3, distance: Double)] {
        var residuals: [(z: Double, r: Vec3)] = []
        let s = trace.samples
        for segment in estimate.segments where segment.count >= 3 {
            for k in (segment.lowerBound + 1)..<(segment.upperBound - 1) where estimate.measured[k - 1] && estimate.measured[k] && estimate.measured[k + 1] {
                let h0 = s[k].t - s[k - 1].t, h1 = s[k + 1].t - s[k].t
                let before = h1 / (h0 + h1), after = h0 / (h0 + h1)
                let r = (s[k].position - s[k - 1].position * before - s[k + 1].position * after) / (1 + before * before + after * after).squareRoot()
                residuals.append((s[k].position.z, r))
            }
        }
        residuals.sort { $0.z < $1.z }
        var bins: [(sigma: Vec3, distance: Double)] = []
        var start = 0
        while start + binSize / 2 <= residuals.count {
            var end = min(start + binSize, residuals.count)
            if residuals.count - end < binSize / 2 { end = residuals.count }
            let bin = residuals[start..<end]
            let sigma = Vec3(1.4826 * Statistics.median(bin.map { abs($0.r.x) }),
                             1.4826 * Statistics.median(bin.map { abs($0.r.y) }),
                             1.4826 * Statistics.median(bin.map { abs($0.r.z) }))
            bins.append((sigma, Statistics.median(bin.map(\.z))))
            start = end
        }
        return bins
    }

    /// A proportion with its Wilson score interval (95 %).
    static func wilson(successes: Int, trials: Int) -> FittedValue {
        guard trials > 0 else { return FittedValue(0) }
        let n = Double(trials), p = Double(successes) / n, z = 1.96
        let centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        let half = z * (p * (1 - p) / n + z * z / (4 * n * n)).squareRoot() / (1 + z * z / n)
        return FittedValue(p, low: max(0, centre - half), high: min(1, centre + half))
    }
}

/// Ordinary least squares v = intercept + slope·u with the standard errors of both.
struct LinearFit {
    var intercept: Double, slope: Double, interceptError: Double, slopeError: Double

    init(_ u: [Double], _ v: [Double]) {
        let n = Double(u.count)
        let mu = u.reduce(0, +) / n, mv = v.reduce(0, +) / n
        let suu = zip(u, u).reduce(0) { $0 + ($1.0 - mu) * ($1.1 - mu) }
        let suv = zip(u, v).reduce(0) { $0 + ($1.0 - mu) * ($1.1 - mv) }
        let b = suu > 0 ? suv / suu : 0, a = mv - b * mu
        slope = b
        intercept = a
        let residual = zip(u, v).reduce(0) { $0 + pow($1.1 - a - b * $1.0, 2) }
        let variance = u.count > 2 ? residual / (n - 2) : 0
        slopeError = suu > 0 ? (variance / suu).squareRoot() : 0
        interceptError = (variance * (1 / n + mu * mu / max(suu, 1e-300))).squareRoot()
    }
}

extension NoiseFit {
    /// `parallax fit`: fits the trace CSV at `input` (with the unobservable sensor latency given) and writes the
    /// synthesis spec that looks like it as YAML to `output` (atomically), headed by a comment naming the tool
    /// and the recording. Returns the fit.
    @discardableResult
    package static func fit(contentsOf input: String, latency: Double, seed: UInt64, writingSpecTo output: String) throws -> NoiseFit {
        guard latency.isFinite && latency >= 0 && latency <= 1 else {
            throw FieldError("latency", expected: "a latency in [0, 1] s", found: "\(latency)")
        }
        let recording = try TraceCSVReader.read(contentsOf: input)
        var given = NoiseSpec()
        given.latency = latency
        let fit: NoiseFit
        do { fit = try NoiseFit.fit(recording, given: given) } catch let error as FieldError { throw error.located(file: input) }
        let spec = fit.traceSpec(recording: recording, given: given, seed: seed)
        let text = try spec.yaml(comments: ["noise fitted by parallax fit \(ParallaxVersion.string) to \(URL(fileURLWithPath: input).lastPathComponent)"])
        try AtomicFile.write(Array(text.utf8), to: output)
        return fit
    }
}
