import Foundation
import Geometry
import Projection
import Scientific
import Smoothing
import Tracking

extension TraceAnalysis {
    /// What `parallax analyze` reports: the smoother's lag, jitter and latency on `trace`, and with a
    /// `screen` the on-screen parallax error, visible jitter and effect gain.
    ///
    /// A trace without ground truth (a recording) is analysed against its reference estimate
    /// (`TruthlessTrace`), and the report says so in `reference` and `notes`.
    package static func analyze(
        _ trace: HeadTrace, smoother spec: SmootherSpec, screen: ScreenModel?, movementScale: Double,
        options: AnalysisOptions = AnalysisOptions()
    ) throws -> TraceAnalysisReport {
        try options.validate()
        let truthless = TruthlessTrace(trace)
        let input = truthless?.trace ?? trace
        var options = options
        if truthless != nil {
            // measured − estimate holds no latency: the sensor latency is assumed unless given.
            options.sensorLatency = options.sensorLatency ?? LatencyModel.assumedSensorLatency
        }
        var filter = spec.makeSmoother()
        let smoothed = filter.smooth(input)
        let filtered = smoothed.samples.map(\.position)
        var report = analyze(input, filtered: filtered, smoother: spec.description, options: options, screenGiven: screen != nil,
                             steadyFilterLag: HeadToPhoton.filterLag(of: spec, rate: HeadToPhoton.rate(times: input.samples.map(\.t))))
        truthless?.label(&report, filtered: filtered)
        if let screen {
            let accuracy = try ParallaxAccuracy.evaluate(trace: smoothed, screen: screen, movementScale: movementScale)
            report.parallax = accuracy
            report.swim = try Swim.evaluate(trace: smoothed, screen: screen, movementScale: movementScale)
            report.jitter.screenPx = accuracy.visibleJitter?.pixels.rms
            report.effectGainPxPerCm = effectGain(screen: screen, movementScale: movementScale,
                                                  distance: Statistics.median(input.samples.map(\.position.z)))
        }
        return report
    }

    /// On-screen shift of the cube room's back wall (depth D) per cm of lateral head motion at distance z:
    /// s·D/(z + D) cm on the glass per cm, times the screen's pixels per cm (horizontal).
    package static func effectGain(screen: ScreenModel, movementScale: Double, distance: Double, depth: Double = 0.30) -> Double {
        movementScale * depth / (max(distance, 0.1) + depth) * screen.pixelsPerMeter.x / 100
    }
}
