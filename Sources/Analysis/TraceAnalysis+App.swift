import Foundation
import Geometry
import Projection
import Scientific
import TestedApp
import Tracking
import Vocabulary

/// What the app under test was, in an analysis of it: its identity and the settings it ran with.
package struct AnalyzedApp: Codable, Equatable, Sendable {
    package var identity: AppIdentity
    package var settings: AppSettings
    package var arkitFrame: ARKitFrame
    /// The filter lag measured on the app's response to a ramp (`HeadToPhoton.filterLag(of:settings:rate:)`), s.
    package var rampLag: Double

    enum CodingKeys: String, CodingKey { case identity, settings, arkitFrame = "arkit_frame", rampLag = "ramp_lag" }
}

extension TraceAnalysis {
    /// `parallax analyze --app-source` (and the suite's app): the report of `analyze(_:smoother:screen:movementScale:)`
    /// measured on the frames the app under test computes for `trace`, fed through the sensor stream under `arkitFrame`.
    ///
    /// - Lag, jitter and steps are on the app's head (its smoother's output: `AppFrame.head`).
    /// - The latency's filter part is the app's own lag on a ramp (`HeadToPhoton.filterLag(of:settings:rate:)`).
    /// - With a screen, parallax error, swim and visible jitter are on the eye the app computes (`AppFrame.eye`,
    ///   tilt offset and glue included), against the true eye, with the movement scale the app holds; the frustum is
    ///   the screen's, as for the model (the app's own screen table is the audit's `screen-size` check).
    ///
    /// `settings` nil: as the app is built. For a phone held upright (the hypotheses agree), the model app gives the
    /// smoother path's numbers; on a tilted phone under the gravity hypothesis the app reads the head in a rotated
    /// frame, and its numbers differ from the smoother's alone, as they should.
    package static func analyze(
        _ trace: HeadTrace, traceName: String, app: any AppUnderTest, settings: AppSettings? = nil, screen: ScreenModel?,
        arkitFrame: ARKitFrame, options: AnalysisOptions = AnalysisOptions()
    ) throws -> TraceAnalysisReport {
        try analyzeWithSeries(trace, traceName: traceName, app: app, settings: settings, screen: screen, arkitFrame: arkitFrame,
                              options: options).report
    }

    /// `analyze(_:traceName:app:…)` with what a suite's scenario plots besides the report: the same computation,
    /// so that a suite's app scenario and `parallax analyze --app-source` are one number.
    package static func analyzeWithSeries(
        _ trace: HeadTrace, traceName: String, app: any AppUnderTest, settings: AppSettings? = nil, screen: ScreenModel?,
        arkitFrame: ARKitFrame, options: AnalysisOptions = AnalysisOptions()
    ) throws -> AppTraceAnalysis {
        try options.validate()
        let truthless = TruthlessTrace(trace)
        let input = truthless?.trace ?? trace
        var options = options
        if truthless != nil { options.sensorLatency = options.sensorLatency ?? LatencyModel.assumedSensorLatency }
        let held = try settings ?? app.defaults()
        guard held.movementScale.isFinite, held.movementScale > 0 else {
            throw FieldError("movement_scale", expected: "a movement scale > 0 held by the app", found: "\(held.movementScale)")
        }
        let stream = try SensorStream(traceName: traceName, trace: input, arkitFrame: arkitFrame)
        let device = screen ?? ScreenModel.appDefault
        let rate = HeadToPhoton.rate(times: input.samples.map(\.t))
        let results = try app.runReadingSettings([AppRun(screen: device, samples: stream.samples, settings: held)]
                                                 + HeadToPhoton.rampRuns(screen: device, settings: held, rate: rate))
        let frames = results.map(\.frames)
        // The hop and the hand-off where the app's code put them (counted on its run), unless the options say.
        let landing = results[0].landing
        options.mainThreadHop = options.mainThreadHop ?? landing.anchorsHop
        if options.renderFrames == nil, let late = landing.framesHop { options.renderFrames = late ? 2 : 1 }
        let rampLag = HeadToPhoton.filterLag(ramps: Array(frames[1...2]), rate: rate)
        let filtered = frames[0].map(\.head)
        var report = analyze(input, filtered: filtered, smoother: app.identity.label, options: options,
                             screenGiven: screen != nil, steadyFilterLag: rampLag)
        report.app = AnalyzedApp(identity: app.identity, settings: held, arkitFrame: arkitFrame, rampLag: rampLag)
        if let note = stream.note { report.notes.append(note) }
        truthless?.label(&report, filtered: filtered)
        var errorSeries: [Double] = []
        if let screen {
            // The eye as the head the kernel scales: the kernel's eye is then the app's, to its rounding.
            var eyes = input
            let s = held.movementScale
            for (i, frame) in frames[0].enumerated() {
                eyes.samples[i].position = Vec3(frame.eye.x / s, frame.eye.y / s, frame.eye.z)
            }
            let (accuracy, trackingWorstPx) = try ParallaxAccuracy.evaluateWithTrackingSeries(trace: eyes, screen: screen, movementScale: s)
            report.parallax = accuracy
            errorSeries = trackingWorstPx
            report.swim = try Swim.evaluate(trace: eyes, screen: screen, movementScale: s)
            report.jitter.screenPx = accuracy.visibleJitter?.pixels.rms
            report.effectGainPxPerCm = effectGain(screen: screen, movementScale: s,
                                                  distance: Statistics.median(input.samples.map(\.position.z)))
        }
        return AppTraceAnalysis(report: report, trace: input, heads: filtered, parallaxErrorPx: errorSeries)
    }
}

/// An analysis of the app under test with the series a suite plots: the trace measured (a recording with its
/// reference estimate as truth), the app's head per sample, and the worst on-glass error per sample (px; empty
/// without a screen).
package struct AppTraceAnalysis: Sendable {
    package var report: TraceAnalysisReport
    package var trace: HeadTrace
    package var heads: [Vec3]
    package var parallaxErrorPx: [Double]
}

extension HeadToPhoton {
    /// The ramps the app's filter lag is measured on: `rampSpeed` along x (and, the second, along −x) for 10 s at
    /// `rate`, 0.35 m away, the phone upright and still — the model's ramp (`filterLag(of:rate:)`) shifted to pass
    /// x = 0 halfway, so the app's Float arithmetic rounds at 0.5 m, not 1 m (the lag does not depend on the shift).
    /// Two directions, so that a constant the app adds (the front camera's position) cancels (`filterLag(ramps:rate:)`).
    package static func rampRuns(screen: ScreenModel, settings: AppSettings?, rate: Double) -> [AppRun] {
        let count = Int((10 * rate).rounded())
        return [1.0, -1.0].map { direction in
            let samples = (0..<count).map { k in
                let t = Double(k) / rate
                return SensorSample(t: t, anchor: Vec3(direction * rampSpeed * (t - 5), 0, 0.35), tracked: true, attitude: .identity,
                                    rotationRate: Vec3(0, 0, 0))
            }
            return AppRun(screen: screen, samples: samples, settings: settings, firstReturned: count - 1)
        }
    }

    /// The app's delay on steady motion from the last frames of `rampRuns`: how far its head trails the ramp, over
    /// the speed, s. Half the difference of the two directions' heads is the ramp as the app read it, whatever
    /// constant it adds; its size, so that a platform mirroring x (`arkit-axes`) reads the same delay.
    package static func filterLag(ramps: [[AppFrame]], rate: Double) -> Double {
        guard ramps.count == 2, let forward = ramps[0].last, let backward = ramps[1].last else { return 0 }
        return (rampSpeed * (forward.t - 5) - abs(forward.head.x - backward.head.x) / 2) / rampSpeed
    }
}
