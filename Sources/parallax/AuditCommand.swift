import AppReplay
import ArgumentParser
import Audit
import AuditOutput
import Foundation
import TestedApp
import Vocabulary

struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Model the app's head-to-pixel pipeline and measure each of its divergences from a true window.",
        discussion: """
            Checks (id, unit): \(AuditCheckID.allCases.map { "\($0.rawValue) (\($0.unit))" }.joined(separator: ", ")). \
            Each reports mean, p95 and worst over the traces, screens and modes with where the worst was; a check \
            fails when its p95 exceeds its limit (exaggeration is reported, never failed). --fix ID turns on the \
            corrected behaviour for a check (repeatable; 'all' for every one) so you see what each fix buys. \
            By default the audit covers what the shipped app shows (the cube; splat-only checks are listed as \
            unreachable) under the hypothesis that ARKit reports in a gravity-aligned world frame; every check states its \
            assumptions and says when its verdict flips under the other frame (--arkit-frame camera). Geometric \
            checks also report the eye error (mm), the view-angle error (deg) and the share of probe points still on \
            the panel (px only over points on the panel); every check reports per trace (any failing trace fails it) \
            and after one press of the app's Reset button at 1 s; checks are ranked by view-angle p95 after Reset.
            Exit status: 0 every check within its limit, 1 a check exceeds it, 2 bad input.

            Examples:
              parallax audit --traces Traces/*.csv --screen iphone-15-pro
              parallax audit --traces Traces/sway.csv --screen all --mode cube
              parallax audit --traces Traces/*.csv --fix all -o Reports/audit
              parallax audit --recording recording.csv          (the ARKit frame measured by a ParallaxRecorder recording)
            """
    )

    @Option(name: .long, parsing: .upToNextOption, help: "Trace CSVs.")
    var traces: [String] = []

    @Option(name: .long, parsing: .upToNextOption, help: "Display-table iPhones, or 'all' (parallax screens lists them).")
    var screen: [String] = [AppDefaults.screen]

    @Option(name: .long, help: "shipped (default: what the shipped app shows — the cube gated, splat-only checks listed as unreachable), cube, splat or both.")
    var mode = "shipped"

    @Option(name: .long, parsing: .upToNextOption, help: "Check ids whose corrected behaviour to turn on, or 'all'.")
    var fix: [String] = []

    @OptionGroup var app: AppOptions

    @Option(name: .long, help: "A ParallaxRecorder recording: audited too, under the ARKit frame and axes it decides (marked measured).")
    var recording: String?

    @Option(name: .long, help: "What each check is measured against: as-shipped (default: the app against the same app with only that behaviour corrected) or other-fixes (every other behaviour corrected on both sides).")
    var baseline = AuditBaseline.asShipped.option

    @Option(name: .long, help: "With --app-source: write each failing check's fix as a patch to the app's code into this new folder (<check>.diff, all.diff), each applied, built and replayed first.")
    var patches: String?

    @Option(name: .long, help: "A device probe (parallax device-check): the app's code runs on the platform it measured, and the entries it decided are marked measured (replaces --assume, --rates).")
    var probe: String?

    @Flag(name: .long, help: "With --app-source: run the audit again under each alternative of each platform entry (and the other ARKit frame) and list how far each check and the headline's latency, jitter and parallax error move.")
    var sensitivity = false

    @Flag(name: .long, help: "Print the result JSON instead of the table.")
    var json = false

    @Option(name: [.short, .long], help: "Write audit.json and audit.html into this folder.")
    var output: String?

    func validate() throws {
        if recording != nil, app.frame != .gravity { throw ValidationError("--arkit-frame: the recording (--recording) decides the ARKit frame") }
        if probe != nil, !app.platform.assumptions.isEmpty || app.platform.rates != nil {
            throw ValidationError("--probe: the probe decides the platform; leave out --assume and --rates")
        }
    }

    func run() throws {
        let result: AuditResult
        do {
            // Parsed here rather than by argument-parser, whose message would not be the `--screen: …` one.
            result = try AppAudit.run(tracePaths: traces, screens: try AuditOptions.screens(parsing: screen), mode: mode, fixes: fix,
                                      arkitFrame: app.frame.rawValue, appReplay: try app.replay(), directory: output,
                                      recording: recording, baseline: baseline, patches: patches, sensitivity: sensitivity, probe: probe)
        } catch let error as FieldError {
            throw error.naming(flags: ["screens": "--screen", "screen": "--screen", "mode": "--mode", "fix": "--fix", "traces": "--traces", "arkit_frame": "--arkit-frame", "baseline": "--baseline", "patches": "--patches", "sensitivity": "--sensitivity", "probe": "--probe"])
        }
        print(json ? String(decoding: try result.jsonData(), as: UTF8.self) : result.text, terminator: "")
        // The table printed above shows which checks failed.
        if !result.passed { throw CheckFailure() }
    }
}
