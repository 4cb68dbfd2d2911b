import Foundation
import Geometry
import Projection
import Scientific
import Smoothing
import TestedApp
import Tracking
import Vocabulary

/// Settings of `TraceAnalysis.analyze`.
package struct AnalysisOptions: Sendable {
    /// Largest delay searched by the velocity cross-correlation, s.
    package var maxLag = 0.5
    /// Cut-off of the residual-power jitter metric, Hz.
    package var cutoff = 2.0
    /// The phone's tracker latency for head-to-photon latency, s; nil: `LatencyModel.assumedSensorLatency`. (A
    /// trace's own truth → measured delay is its tracker's, reported as the sensor lag, not the phone's.)
    package var sensorLatency: Double?
    /// Display rates the latency model is evaluated at, Hz.
    package var displayRates: [Double] = [60, 120]
    /// Whether the app hops to the main actor with each head update; nil: yes, or what the app's code showed
    /// (`UpdateLanding`, `analyze --app-source`).
    package var mainThreadHop: Bool?
    /// Frames from render start to photons: the display's frame plus the cube's hand-off (`HeadToPhoton.Path.app`);
    /// nil: that, or the display's frame plus the hand-off the app's code showed.
    package var renderFrames: Double?
    package static let defaultRenderFrames = 1 + HeadToPhoton.Path.app.handOffFrames
    package var jitter = JitterMetrics.Options()
    package init() {}

    /// Throws when a setting is outside its meaningful range, naming it.
    package func validate() throws {
        guard cutoff.isFinite && cutoff > 0 else { throw FieldError("cutoff", expected: "a frequency > 0 Hz", found: "\(cutoff)") }
        guard maxLag.isFinite && maxLag > 0 && maxLag <= 10 else { throw FieldError("max_lag", expected: "a delay in (0, 10] s", found: "\(maxLag)") }
        if let sensorLatency, !(sensorLatency.isFinite && sensorLatency >= 0 && sensorLatency <= 1) {
            throw FieldError("sensor_latency", expected: "a latency in [0, 1] s", found: "\(sensorLatency)")
        }
        if let renderFrames, !(renderFrames.isFinite && renderFrames >= 0 && renderFrames <= 10) {
            throw FieldError("render_frames", expected: "a frame count in [0, 10]", found: "\(renderFrames)")
        }
    }
}

/// Lag metrics of one analysis. Delays are seconds; positive = the output trails.
package struct LagReport: Codable, Equatable, Sendable {
    /// Truth → filtered (sensor latency + filter lag); nil without ground truth.
    package var total: LagEstimate?
    /// Measured → filtered: the filter's own lag (biased towards 0 when sensor noise dominates the
    /// measured velocity; with ground truth the latency model uses total − sensor instead).
    package var filter: LagEstimate?
    /// Truth → measured: the sensor latency in the trace; nil without ground truth.
    package var sensor: LagEstimate?
    package var ramp: RampLag?
    package var step: StepResponseSummary?
    /// Lag as a function of time since movement onset (`OnsetLag`); nil without truth or movements from rest.
    package var onset: OnsetLagReport?
    /// Only for traces whose metadata names the `chirp` model.
    package var groupDelay: [GroupDelayPoint]?
}

package struct JitterReport: Codable, Equatable, Sendable {
    package var stationary: StationaryJitter?
    package var residual: ResidualPower?
    /// Visible jitter in screen pixels (RMS frame-to-frame motion of the reference points while the head is
    /// still); set by callers that know the screen (`parallax analyze --screen`), nil otherwise.
    package var screenPx: Double?
}

package struct LatencyReport: Codable, Equatable, Sendable {
    package var model: LatencyModel
    package var distribution: LatencyDistribution
}

package struct AnalyzedTrace: Codable, Equatable, Sendable {
    package var samples: Int
    package var duration: Double
    /// Nominal rate used for the uniform grid, Hz.
    package var rate: Double
    package var trackedFraction: Double
    package var groundTruth: Bool
    /// The `models` metadata line, when present.
    package var models: String?
}

/// Everything `parallax analyze` prints. JSON (snake_case keys, absent = not computed) is versioned by
/// `schema`.
package struct TraceAnalysisReport: Codable, Equatable, Sendable {
    package var schema = 1
    package var smoother: String
    package var trace: AnalyzedTrace
    /// What the metrics compare against: "truth" or "measured" (the fallback without ground truth).
    package var reference: String
    package var lag: LagReport
    package var jitter: JitterReport
    package var latency: [LatencyReport]
    /// On-screen parallax accuracy (when a screen and movement scale were given and the trace has truth).
    package var parallax: ParallaxAccuracyReport?
    /// Swim (angular velocity error at the true eye, `Swim`), with the parallax accuracy.
    package var swim: SwimReport?
    /// Effect strength with a screen: back-wall shift per cm of head motion at the median distance, px/cm.
    package var effectGainPxPerCm: Double?
    /// The app under test when the analysis ran it (`--app-source`): what it was and the settings it held; absent
    /// for a smoother alone.
    package var app: AnalyzedApp? = nil
    /// Fallbacks taken and metrics not computed, in words.
    package var notes: [String]

    /// Pretty-printed JSON with sorted snake_case keys.
    package func jsonData() throws -> Data {
        let encoder = JSONEncoder.deterministic(keys: .snakeCase)
        return try encoder.encode(self)
    }
}

/// Runs a smoother over a trace and computes every metric of `Analysis` on the result.
///
/// All metrics run on the trace resampled to a uniform grid at its nominal rate (`UniformSeries`), except
/// the step response, which uses the original samples. With ground truth the reference is the truth.
/// Without it (stated in `notes`): lag is measured → filtered only; ramps and stationary segments are found
/// on a centred 0.25 s / 0.5 s moving average of the measured positions; stationary jitter is the residual
/// from a per-second quadratic fit; residual power is that of the filtered signal itself; steps are
/// found in the measured positions with a 20 mm threshold; the sensor latency is assumed.
package enum TraceAnalysis {
    package static func analyze(_ trace: HeadTrace, smoother spec: SmootherSpec, options: AnalysisOptions = AnalysisOptions()) -> TraceAnalysisReport {
        var smoother = spec.makeSmoother()
        let filtered = smoother.smooth(trace.samples)
        return analyze(trace, filtered: filtered, smoother: spec.description, options: options,
                       steadyFilterLag: HeadToPhoton.filterLag(of: spec, rate: HeadToPhoton.rate(times: trace.samples.map(\.t))))
    }

    /// `screenGiven`: the caller measures the on-screen metrics itself (otherwise a note says they need a screen).
    /// `steadyFilterLag`: the smoother's delay on steady motion (`HeadToPhoton.filterLag(of:rate:)`), the filter part
    /// of head-to-photon latency; nil (the smoother unknown): the filter lag measured on this trace.
    package static func analyze(
        _ trace: HeadTrace, filtered: [Vec3], smoother: String, options: AnalysisOptions = AnalysisOptions(), screenGiven: Bool = false,
        steadyFilterLag: Double? = nil
    ) -> TraceAnalysisReport {
        precondition(filtered.count == trace.count, "one filtered position per sample")
        var notes: [String] = []
        let rate = UniformSeries.nominalRate(of: trace)
        let measured = trace.samples.map(\.position)
        let truth = trace.truth
        let hasTruth = truth != nil
        let models = trace.metadata("models")
        let tracked = trace.samples.reduce(0) { $0 + ($1.tracked ? 1 : 0) }
        let summary = AnalyzedTrace(samples: trace.count, duration: trace.duration, rate: rate,
                                   trackedFraction: trace.count == 0 ? 0 : Double(tracked) / Double(trace.count),
                                   groundTruth: hasTruth, models: models)

        var signals = [measured, filtered]
        if let truth { signals.append(truth) }
        // No lag, jitter or step is measured across a timing gap (frozen repeats are untracked by then).
        let breaks = TraceBreaks(samples: trace.samples)
        if !breaks.gaps.isEmpty {
            notes.append(String(format: "%d timing gap(s) longer than %.1f ms (longest %.3f s): no lag, jitter or step measured across them; the segments between are analysed separately",
                                breaks.gaps.count, breaks.gapThreshold * 1000, breaks.summary.longestGap))
        }
        let grid = UniformSeries(samples: trace.samples, signals: signals, rate: rate, maxInterval: breaks.gapThreshold)
        let gridMeasured = grid.signals[0], gridFiltered = grid.signals[1]
        let gridTruth = hasTruth ? grid.signals[2] : nil
        let valid = grid.valid

        // Lag (a): velocity cross-correlations, sharing one FFT plan and the spectra.
        var lag = LagReport()
        let correlator = VelocityCorrelator(count: grid.count, rate: rate, maxLag: options.maxLag)
        let pMeasured = correlator.prepare(gridMeasured, valid: valid)
        let pFiltered = correlator.prepare(gridFiltered, valid: valid)
        let pTruth = gridTruth.flatMap { correlator.prepare($0, valid: valid) }
        if let a = pMeasured, let b = pFiltered { lag.filter = correlator.lag(a, b) }
        if let a = pTruth, let b = pFiltered { lag.total = correlator.lag(a, b) }
        if let a = pTruth, let b = pMeasured { lag.sensor = correlator.lag(a, b) }
        if lag.filter == nil { notes.append("lag: no motion (or no peak within ±\(options.maxLag) s) to correlate") }
        if !hasTruth { notes.append("no ground truth: lag is measured → filtered (filter lag only); sensor latency assumed \(LatencyModel.assumedSensorLatency) s") }

        // Lag (b): ramps. Without truth, a centred moving average of the measured positions (exact on ramps).
        let smoothReference = gridTruth ?? JitterMetrics.movingAverage(gridMeasured, width: Int((0.25 * rate).rounded()))
        lag.ramp = LagEstimator.rampLag(reference: smoothReference, signal: gridFiltered, valid: valid, rate: rate)

        // Lag (c): steps, on the original samples.
        lag.step = StepResponse.measure(samples: trace.samples, reference: truth ?? measured, filtered: filtered,
                                        threshold: hasTruth ? 0.005 : 0.02, maxInterval: breaks.gapThreshold)

        // Lag (d): group delay on chirp traces.
        if let models, models.split(separator: ",").contains("chirp") {
            let points = GroupDelay.estimate(reference: gridTruth ?? gridMeasured, filtered: gridFiltered, valid: valid, rate: rate)
            lag.groupDelay = points
            if points.isEmpty { notes.append("group delay: not enough chirp data for a 512-sample Welch segment") }
        }

        // Lag (e): across movements from rest, by time since onset, on the original samples.
        lag.onset = OnsetLag.measure(trace: trace, filtered: filtered, breaks: breaks)
        if hasTruth && lag.onset == nil { notes.append(OnsetLag.noMovementNote) }

        // Jitter.
        var jitter = JitterReport()
        let stationaryReference = gridTruth ?? JitterMetrics.movingAverage(gridMeasured, width: Int((0.5 * rate).rounded()))
        let segments = JitterMetrics.stationarySegments(reference: stationaryReference, valid: valid, rate: rate, options: options.jitter)
        jitter.stationary = JitterMetrics.stationary(filtered: gridFiltered, truth: gridTruth, segments: segments, rate: rate)
        if jitter.stationary == nil { notes.append("jitter: no stationary stretch (speed < \(options.jitter.speedThreshold) m/s for ≥ \(options.jitter.settle + options.jitter.minimumDuration) s)") }
        let residual = gridTruth.map { truth in zip(gridFiltered, truth).map { $0 - $1 } } ?? gridFiltered
        jitter.residual = JitterMetrics.residualPower(residual, valid: valid, rate: rate, cutoff: options.cutoff)
        if jitter.residual == nil { notes.append("residual power: no run of \(Welch.defaultSegmentLength) valid samples for a Welch segment") }
        if !hasTruth { notes.append("no ground truth: stationary jitter is the residual from a per-second quadratic fit; residual power is that of the filtered signal") }
        if !screenGiven { notes.append("jitter in screen pixels and parallax accuracy need a screen (parallax analyze --screen)") }

        // Head-to-photon latency (`HeadToPhoton`, the one definition the suite and the audit share): the phone's
        // tracker latency, the smoother's delay on steady motion, the app's hops and the display.
        let reliableSensor = lag.sensor.flatMap { $0.isReliable ? $0 : nil }
        let reliableTotal = lag.total.flatMap { $0.isReliable ? $0 : nil }
        let reliableFilter = lag.filter.flatMap { $0.isReliable ? $0 : nil }
        let sensorLatency = options.sensorLatency ?? LatencyModel.assumedSensorLatency
        // Without the smoother's steady-motion lag: with ground truth the filter lag is (truth → filtered) − (truth →
        // measured), both against the clean truth, free of the bias that sensor noise gives a correlation against the
        // noisy measurement.
        let filterLag: Double
        if let steadyFilterLag {
            filterLag = steadyFilterLag
        } else if let total = reliableTotal, let sensor = reliableSensor {
            filterLag = total.seconds - sensor.seconds
        } else if let filter = reliableFilter {
            filterLag = filter.seconds
        } else {
            filterLag = 0
            notes.append("latency model: no reliable filter lag (velocity correlation below \(LagEstimate.reliableCorrelation)); filter lag taken as 0")
        }
        let times = trace.samples.map(\.t)
        let latency = options.displayRates.map { displayRate in
            let path = HeadToPhoton.Path(mainThreadHop: options.mainThreadHop ?? true,
                                         handOffFrames: (options.renderFrames ?? AnalysisOptions.defaultRenderFrames) - 1, displayRate: displayRate)
            let model = HeadToPhoton.model(filterLag: filterLag, sensorLatency: sensorLatency, path: path)
            return LatencyReport(model: model, distribution: HeadToPhoton.distribution(model, times: times))
        }

        return TraceAnalysisReport(smoother: smoother, trace: summary, reference: hasTruth ? "truth" : "measured",
                                   lag: lag, jitter: jitter, latency: latency, notes: notes)
    }
}
