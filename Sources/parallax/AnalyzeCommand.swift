import Analysis
import AppReplay
import ArgumentParser
import Audit
import Foundation
import Projection
import Smoothing
import TestedApp
import Tracking
import Vocabulary

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
              parallax analyze Traces/sway.csv --app-source ../Splat-Frame --screen iphone-15-pro

            --app-source DIR measures the app's own code instead of a smoother: the trace is fed to the app's \
            CubeSceneController and services on the simulated ARKit (under --arkit-frame) and CoreMotion (see 'parallax \
            app replay'), lag and jitter are on the head the app computes, the parallax metrics on the eye its camera \
            node takes, and the latency's filter part is the app's own lag on a ramp. --smoothing-alpha and \
            --movement-scale then set the app's Settings sliders (through its properties); without them the app \
            runs as built. The report names the code and its hash, and the settings read back from the app.
            """
    )

    @Argument(help: "Trace CSV.")
    var input: String

    @Option(name: .long, help: "Smoother spec (default: the app's ema:alpha=0.25).", transform: SmootherSpec.init(parsing:))
    var smoother: SmootherSpec?

    @Flag(name: .long, help: "Print JSON instead of a text table.")
    var json = false

    @Option(name: .long, help: "Cut-off of the residual jitter power, Hz.")
    var cutoff: Double = 2

    @Option(name: .long, help: "Largest delay searched by the cross-correlation, s.")
    var maxLag: Double = 0.5

    @Option(name: .long, help: "The phone's tracker latency in head-to-photon latency, s (default: 0.033, assumed; the trace's own truth → measured delay is printed as sensor lag).")
    var sensorLatency: Double?

    @Option(name: .long, help: "Frames from render start to photons (the display's frame + the cube's hand-off; default 2, or with --app-source 1 + the hand-off its code shows).")
    var renderFrames: Double?

    @Flag(name: .long, help: "Leave out the app's +1 frame main-thread hop from the latency model (with --app-source: by default as its code shows).")
    var noMainThreadHop = false

    @Option(name: .long, help: "Screen for the parallax metrics (iPhone name, slug, identifier or WxH in meters).")
    var screen: String?

    @Option(name: .long, help: "Movement scale for the parallax metrics (default 1.5, the app's; needs --screen). With --app-source: the app's Sensitivity slider.")
    var movementScale: Double?

    @Option(name: .long, help: "With --app-source: the app's Smoothing slider (α), set through its property (default: as built).")
    var smoothingAlpha: Double?

    @OptionGroup var app: AppOptions

    func validate() throws {
        try app.requireAppForARKitFrame()
        if app.appSource == nil {
            if movementScale != nil && screen == nil { throw ValidationError("--movement-scale: needs --screen (the parallax metrics are on a screen)") }
            if smoothingAlpha != nil { throw ValidationError("--smoothing-alpha: sets the app's slider, with --app-source only (a smoother's α is in --smoother)") }
        } else if smoother != nil {
            throw ValidationError("--smoother: with --app-source the smoother is the app's own (set its α with --smoothing-alpha)")
        }
    }

    func run() throws {
        var options = AnalysisOptions()
        options.cutoff = cutoff
        options.maxLag = maxLag
        options.sensorLatency = sensorLatency
        options.renderFrames = renderFrames
        options.mainThreadHop = noMainThreadHop ? false : nil
        let trace = try TraceCSVReader.read(contentsOf: input)
        let report: TraceAnalysisReport
        do {
            let screenModel = try screen.map(ScreenModel.init(parsing:))
            if let app = try app.codeApp() {
                let settings = try AppSettings.choosing(smoothingAlpha: smoothingAlpha, movementScale: movementScale, for: app)
                let name = ((input as NSString).lastPathComponent as NSString).deletingPathExtension
                report = try TraceAnalysis.analyze(trace, traceName: name, app: app, settings: settings, screen: screenModel,
                                                   arkitFrame: self.app.frame, options: options)
            } else {
                report = try TraceAnalysis.analyze(trace, smoother: smoother ?? .app, screen: screenModel,
                                                   movementScale: movementScale ?? AppDefaults.movementScale, options: options)
            }
        } catch let error as FieldError {
            // The trace file is what lacks the truth or holds the frame; options name their flags.
            if let key = error.path.firstKey, key == "trace" || key.hasPrefix("frame ") { throw error.located(file: input) }
            throw error.naming(flags: ["cutoff": "--cutoff", "max_lag": "--max-lag", "sensor_latency": "--sensor-latency",
                                       "render_frames": "--render-frames", "arkit_frame": "--arkit-frame", "screen": "--screen",
                                       "smoothing_alpha": "--smoothing-alpha", "movement_scale": "--movement-scale"])
        }
        if json {
            print(String(decoding: try report.jsonData(), as: UTF8.self))
        } else {
            print(report.text(file: input), terminator: "")
        }
    }
}
