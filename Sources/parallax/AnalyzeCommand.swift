import Analysis
import ArgumentParser
import Foundation
import Projection
import Smoothing
import Tracking

struct AnalyzeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyze",
        abstract: "Smooth a trace and report the lag, jitter and end-to-end latency the smoother causes.",
        discussion: """
            Metrics are computed against the trace's ground truth (true_x,true_y,true_z) when present; otherwise (a recording) against the reference estimate — an RTS smoother of the measurements with noise parameters estimated from the recording — and the report says so ("reference", "notes"). Nothing is measured across a timing gap; without a tracked column, frozen positions count as untracked.
            - lag: velocity cross-correlation delay (truth→filtered, measured→filtered, truth→measured), steady-state ramp lag, step rise time (10–90 %) and overshoot, group delay on chirps.
            - jitter: RMS / peak-to-peak over stationary stretches (mm), RMS above --cutoff from a Welch PSD (mm); with --screen, the visible jitter on screen (px) and the effect gain (back-wall px per cm of head motion).
            - parallax (with --screen and --movement-scale): on-screen error of the cube room's corners and edge midpoints, estimated vs true eye, RMS / p95 / max in px, mm and arcmin, split into tracking + smoothing and the exaggeration itself.
            - latency: sensor + filter lag + frame wait + main-thread hop + render, at 60 and 120 Hz.
            --json prints the report as JSON ("schema": 1, snake_case keys, absent = not computed).

            Smoother specs: see 'parallax smooth --help'. β of one-euro is in Hz per (m/s).

            Examples:
              parallax analyze Traces/sway.csv --smoother ema:alpha=0.25
              parallax analyze Traces/chirp.csv --smoother 'one-euro:mincutoff=1,beta=10' --json
              parallax analyze Traces/sway.csv --screen iphone-15-pro --movement-scale 1.5
            """
    )

    @Argument(help: "Trace CSV.")
    var input: String

    @Option(name: .long, help: "Smoother spec (default: the app's ema:alpha=0.25).")
    var smoother: String = "ema:alpha=0.25"

    @Flag(name: .long, help: "Print JSON instead of a text table.")
    var json = false

    @Option(name: .long, help: "Cut-off of the residual jitter power, Hz (default 2).")
    var cutoff: Double = 2

    @Option(name: .long, help: "Largest delay searched by the cross-correlation, s (default 0.5).")
    var maxLag: Double = 0.5

    @Option(name: .long, help: "Tracker latency for the latency model, s (default: measured from ground truth, else 0.033).")
    var sensorLatency: Double?

    @Option(name: .long, help: "Frames from render start to photons (default 1).")
    var renderFrames: Double = 1

    @Flag(name: .long, help: "Leave out the app's +1 frame main-thread hop from the latency model.")
    var noMainThreadHop = false

    @Option(name: .long, help: "Screen for the parallax metrics (iPhone name, slug, identifier or WxH in meters).")
    var screen: String?

    @Option(name: .long, help: "Movement scale for the parallax metrics (default 1.5, the app's; needs --screen).")
    var movementScale: Double?

    func run() throws {
        guard cutoff.isFinite && cutoff > 0 else { throw InputError("--cutoff: expected a frequency > 0 Hz, found \(cutoff)") }
        guard maxLag.isFinite && maxLag > 0 && maxLag <= 10 else { throw InputError("--max-lag: expected a delay in (0, 10] s, found \(maxLag)") }
        if let sensorLatency, !(sensorLatency.isFinite && sensorLatency >= 0 && sensorLatency <= 1) {
            throw InputError("--sensor-latency: expected a latency in [0, 1] s, found \(sensorLatency)")
        }
        guard renderFrames.isFinite && renderFrames >= 0 && renderFrames <= 10 else {
            throw InputError("--render-frames: expected a frame count in [0, 10], found \(renderFrames)")
        }
        let spec = try parseSmootherSpec(smoother)
        let trace = try TraceCSVReader.read(contentsOf: input)
        var options = AnalysisOptions()
        options.cutoff = cutoff
        options.maxLag = maxLag
        options.sensorLatency = sensorLatency
        options.renderFrames = renderFrames
        options.mainThreadHop = !noMainThreadHop
        if movementScale != nil && screen == nil { throw InputError("--movement-scale: needs --screen (the parallax metrics are on a screen)") }
        let model: ScreenModel?
        do { model = try screen.map { try ScreenModel.parse($0) } } catch let error as ProjectionError { throw InputError("--screen: \(error.description)") }
        let report: TraceAnalysisReport
        do {
            report = try TraceAnalysis.analyze(trace, smoother: spec, screen: model, movementScale: movementScale ?? 1.5, options: options)
        } catch let error as ParallaxAccuracyError {
            throw InputError("\(input): \(error.description)")
        }
        if json {
            FileHandle.standardOutput.write(try report.jsonData())
            FileHandle.standardOutput.write(Data("\n".utf8))
        } else {
            print(AnalysisTable.render(report, file: input), terminator: "")
        }
    }
}

/// The text form of an analysis report.
enum AnalysisTable {
    static func render(_ r: TraceAnalysisReport, file: String) -> String {
        var out = ""
        func line(_ text: String = "") { out += text + "\n" }
        func ms(_ seconds: Double?) -> String { seconds.map { String(format: "%.1f ms", $0 * 1000) } ?? "—" }
        func mm(_ value: Double) -> String { String(format: "%.3f", value) }
        func row(_ label: String, _ value: String) { line("  " + label.padding(toLength: 34, withPad: " ", startingAt: 0) + value) }

        line("trace     \(file): \(r.trace.samples) samples, \(String(format: "%.1f", r.trace.duration)) s at \(String(format: "%g", r.trace.rate)) Hz, tracked \(String(format: "%.1f", 100 * r.trace.trackedFraction)) %")
        line("smoother  \(r.smoother)")
        line("reference \(r.reference)")
        line()
        line("lag")
        let truth = r.reference == TruthlessTrace.referenceName ? "reference estimate" : "truth"
        func lagRow(_ label: String, _ estimate: LagEstimate?) {
            row(label, estimate.map { "\(ms($0.seconds))  (r = \(String(format: "%.3f", $0.correlation)))" } ?? "—")
        }
        lagRow("\(truth == "truth" ? "truth" : "reference") → filtered (xcorr)", r.lag.total)
        lagRow("measured → filtered (filter)", r.lag.filter)
        if r.reference != TruthlessTrace.referenceName { lagRow("truth → measured (sensor)", r.lag.sensor) }
        row("ramp steady-state lag", r.lag.ramp.map { "\(ms($0.seconds))  (p10 \(ms($0.p10)), p90 \(ms($0.p90)), \($0.samples) samples)" } ?? "— (no steady ramp)")
        if let step = r.lag.step {
            row("step rise time 10–90 %", "\(ms(step.riseTime))  (median of \(step.steps) steps)")
            row("step overshoot", String(format: "%.1f %%  (%.2f mm)", step.overshoot * 100, step.overshootMM))
        } else {
            row("step response", "— (no steps)")
        }
        if let points = r.lag.groupDelay {
            for p in points {
                row(String(format: "group delay @ %.2f Hz", p.frequencyHz), "\(ms(p.groupDelay))  (phase delay \(ms(p.phaseDelay)), gain \(String(format: "%.3f", p.gain)))")
            }
        }
        line()
        line("jitter (mm)                             x        y        z     norm")
        func axes(_ label: String, _ a: AxisMM?) {
            guard let a else { return row(label, "—") }
            row(label, [a.x, a.y, a.z, a.norm].map { mm($0).leftPadding(8) }.joined(separator: " "))
        }
        if let s = r.jitter.stationary {
            line(String(format: "  stationary: %.1f s in %d segments", s.seconds, s.segments))
            axes("RMS", s.rmsMM)
            axes("peak-to-peak (worst segment)", s.peakToPeakMM)
            if let bias = s.biasMM { axes("bias (mean error)", bias) }
        } else {
            row("stationary", "— (no stationary stretch)")
        }
        if let residual = r.jitter.residual {
            axes(String(format: "RMS above %g Hz (Welch)", residual.cutoffHz), residual.rmsMM)
        } else {
            row("RMS above cut-off (Welch)", "— (trace too short)")
        }
        row("visible on screen (px RMS)", r.jitter.screenPx.map { String(format: "%.3f", $0) } ?? "— (give --screen)")
        if let gain = r.effectGainPxPerCm { row("effect gain (back wall)", String(format: "%.2f px per cm of head motion", gain)) }
        line()
        if let p = r.parallax {
            line("parallax on \(p.screen), movement scale \(p.movementScale) (\(p.frames) frames × \(p.points) points), against the \(truth)")
            line("                                  rms px   p95 px   max px   rms mm  rms arcmin")
            for (name, part) in [("  total", p.total), ("  tracking + smoothing", p.tracking), ("  exaggeration", p.exaggeration)] + (p.visibleJitter.map { [("  visible jitter (still)", $0)] } ?? []) {
                line(name.padding(toLength: 32, withPad: " ", startingAt: 0) + String(format: " %8.2f %8.2f %8.2f %8.3f %9.2f", part.pixels.rms, part.pixels.p95,
                                                                                    part.pixels.max, part.millimeters.rms, part.arcminutes.rms))
            }
            line("")
        }
        line("end-to-end latency                 mean      p05      p50      p95      max")
        for l in r.latency {
            let d = l.distribution
            let values = [d.mean, d.p05, d.p50, d.p95, d.max].map { String(format: "%6.1f ms", $0 * 1000).leftPadding(8) }
            row(String(format: "%g Hz display%@", l.model.displayRate, l.model.mainThreadHop ? " (+1 hop)" : ""), values.joined(separator: " "))
        }
        if let first = r.latency.first {
            line(String(format: "  components: sensor %.1f ms + filter %.1f ms + frame wait + hop + %g render frame(s) + timestamp jitter",
                        first.model.sensorLatency * 1000, first.model.filterLag * 1000, first.model.renderFrames))
        }
        if !r.notes.isEmpty {
            line()
            line("notes")
            for note in r.notes { line("  - " + note) }
        }
        return out
    }
}

extension String {
    func leftPadding(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
