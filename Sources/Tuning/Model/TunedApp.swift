import Foundation
import Plumbing
import TestedApp

/// tune.json's `app`: which app under test a `tune --app-source` swept (its identity, the ARKit-frame hypothesis its
/// sensors were simulated under, the settings it holds as built), which of its sliders' settings change anything on
/// it, whether it held every setting its sliders set, and — for the app's code — the model at the recommended
/// settings beside it. Absent for a sweep of a smoother model (`tune` without `--app-source`).
package struct TunedApp: Codable, Equatable, Sendable {
    package var identity: AppIdentity
    /// "the app (code f7310c2e…)", as the text and the page name it.
    package var label: String
    package var arkitFrame: ARKitFrame
    /// Read back from the app before anything is set: what "keep the current settings" keeps.
    package var built: Settings
    /// One per slider, in the Settings screen's order: smoothingAlpha, movementScale.
    package var probes: [AppSettingProbe]
    /// Runs whose settings were read back after the sliders set them.
    package var readBackRuns: Int
    /// Where the app held another value than its slider set (clamped, rounded beyond Float); empty when it held every one.
    package var heldDifferences: [HeldSetting]
    /// The model of the app at the recommended settings on the same runs (nil for a model under test, or without a
    /// recommendation).
    package var model: ModelBeside?

    /// `AppSettings` as tune.json writes it (its keys through the result's snake-case coding, which `AppSettings`'
    /// own snake-case coding keys would not survive on the way back).
    package struct Settings: Codable, Equatable, Sendable {
        package var smoothingAlpha: Double
        package var movementScale: Double

        package init(_ settings: AppSettings) {
            smoothingAlpha = settings.smoothingAlpha
            movementScale = settings.movementScale
        }

        package var app: AppSettings { AppSettings(smoothingAlpha: smoothingAlpha, movementScale: movementScale) }
    }

    /// Whether a setting changes what the app computes, found by setting two values through its slider's property.
    package struct AppSettingProbe: Codable, Equatable, Sendable {
        /// The app's property: `smoothingAlpha` or `movementScale`.
        package var setting: String
        /// The two values set (the slider's ends).
        package var values: [Double]
        /// False when both values gave identical frames: the setting is then held as built, not swept.
        package var changesFrames: Bool
        /// The value swept over when it changes frames, else the one held.
        package var swept: String
    }

    /// A value the app held that its slider did not set.
    package struct HeldSetting: Codable, Equatable, Sendable {
        package var setting: String
        package var set: Double
        package var held: Double
    }

    /// The app's model (`ModelApp`: an EMA of the recommended α per axis, the recommended movement scale) on the runs
    /// of the recommendation, measured as the code is, and where its frames part from the code's.
    package struct ModelBeside: Codable, Equatable, Sendable {
        package var smoother: String
        package var movementScale: Double
        package var metrics: TuneMetrics
        package var comparison: AppComparison
        /// The same on the smoother output, the tilt offset and the eye alone — what the tuner measures (its
        /// projection is the screen's, not the app's).
        package var headAndEye: AppComparison

        /// "The model at these settings (ema:alpha=0.3,loss=hold, s = 1.2): visible jitter 0.21 px, ramp lag 43 ms;
        /// model ≠ code (2 of 2 runs): first at …; on the head and eye the tuner measures: model = code (2 runs)".
        package var line: String {
            "The model at these settings (\(smoother), s = \(NumberText.format(movementScale))): visible jitter "
                + (metrics.visibleJitterPx.map { String(format: "%.2f px", $0) } ?? "n/a") + ", ramp lag "
                + (metrics.rampLagMs.map { String(format: "%.0f ms", $0) } ?? "n/a") + "; \(comparison.statement)"
                + (comparison.first.map { $0.stage == .projection } ?? false ? "; on the head and eye the tuner measures: \(headAndEye.statement)" : "")
        }
    }

    /// "smoothingAlpha changes nothing on this code (0.1 and 0.5 set through its property give identical frames on a
    /// ramp): not swept, held at 0.5 as built", one per setting that changes nothing.
    package var ignoredStatements: [String] {
        probes.filter { !$0.changesFrames }.map { probe in
            "\(probe.setting) changes nothing on this \(identity.kind == .code ? "code" : "model") "
                + "(\(probe.values.map(NumberText.format).joined(separator: " and ")) set through its property give identical frames on a ramp): "
                + "not swept, held at \(probe.swept) as built"
        }
    }

    /// One line on the settings the app held: all as set, or the first differences.
    package var readBackStatement: String {
        guard !heldDifferences.isEmpty else {
            return "read back: the app held the settings its sliders set in all \(readBackRuns) runs"
        }
        let shown = heldDifferences.prefix(4).map { "\($0.setting) set to \(NumberText.format($0.set)), held \(NumberText.format($0.held))" }
        return "read back: the app does not hold every setting its sliders set — \(shown.joined(separator: "; "))"
            + (heldDifferences.count > 4 ? "; and \(heldDifferences.count - 4) more" : "")
            + " (the grid names the sliders' positions, the metrics are what the app computed holding its own values)"
    }

    /// "the app (code f7310c2e…) at DIR, source hash H, ARKit frame gravity, as built α 0.5, s 2".
    package var headline: String {
        var text = label
        if identity.kind == .code {
            text += " at \(identity.source), source hash \(identity.hash ?? "?") (\(identity.files.count) files)"
        }
        return text + ", ARKit frame \(arkitFrame.rawValue), as built α \(NumberText.format(built.smoothingAlpha)), s \(NumberText.format(built.movementScale))"
    }
}
