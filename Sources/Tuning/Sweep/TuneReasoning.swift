import Analysis
import Foundation
import Geometry
import Projection
import Scientific
import Smoothing
import Tracking

/// The recommendation's reasoning in words (tune.json, tune.html and the summary print it).
extension Tuner {
    /// "α = 0.18, s = 1.5: visible jitter 0.21 px, ramp lag 43 ms, …; α = 0.25, s = 1.5 (the app's default) is 0.27 px / 50 ms",
    /// opening with "Keep the current settings" when that is the app's own, and closing with what each constraint did.
    static func reasoning(_ r: Recommendation, result: TuneResult, sweep: SweepSpec, objective: TuneObjective,
                          constraints: [TuneConstraint]) -> String {
        let app = result.appDefault
        func label(_ names: [String], _ values: [Double], filter: String, s: Double) -> String {
            let parameters = zip(names, values).map { "\($0.0 == "alpha" ? "α" : $0.0) = \(format($0.1, 4))" }
            let head = filter == "ema" ? "" : "\(filter) "
            return head + (parameters + ["s = \(format(s, 3))"]).joined(separator: ", ")
        }
        let m = r.metrics
        let keep = r.source == .grid && isAppSetting(r, result: result)
        var text: String
        if let tuned = result.app, result.isAppSweep {
            // The app's sliders: α is named even when it was held (it changes nothing on this app).
            let built = tuned.built
            let name = sliders(alpha: r.values.first ?? built.smoothingAlpha, s: r.movementScale)
            text = keep ? "Keep the current settings (\(name), as the app is built): the app's own configuration is the best the constraints allow: "
                : "Set the sliders to \(name): "
            text += metricsText(m)
            if !keep {
                text += "; \(sliders(alpha: built.smoothingAlpha, s: built.movementScale)) as the app is built is "
                    + "\(px(app.metrics.visibleJitterPx)) px / \(ms(app.metrics.rampLagMs)) ms"
            }
        } else {
            let name = label(result.parameters, r.values, filter: result.filter, s: r.movementScale)
            text = (keep ? "Keep the current settings (\(name)): the app's own configuration is the best the constraints allow: " : "\(name): ") + metricsText(m)
            let appLabel = (result.filter == "ema" ? "α = 0.25" : "ema α = 0.25") + ", s = \(format(app.movementScale, 3))"
            if !keep { text += "; \(appLabel) (the app's default) is \(px(app.metrics.visibleJitterPx)) px / \(ms(app.metrics.rampLagMs)) ms" }
        }
        let failed = constraints.filter { ($0.violation(app.metrics, app: app.metrics) ?? 1) > 0 }
        if !failed.isEmpty { text += " and fails \(failed.map(\.description).joined(separator: ", "))" }
        text += ". Minimises \(objective.description)"
        if !constraints.isEmpty {
            text += " subject to " + constraints.map { c in
                c.bound == nil ? "\(c.description) (= \(optional(c.limit(app: app.metrics), 4)))" : c.description
            }.joined(separator: ", ")
        }
        if r.source == .nelderMead { text += "; refined by Nelder–Mead from the grid's best point" }
        text += "."
        let lines = constraintLines(r, result: result, objective: objective, constraints: constraints)
        if !lines.isEmpty { text += " " + lines.map { "Constraint \($0)." }.joined(separator: " ") }
        text += " " + auditContrast
        return text
    }

    /// Why `parallax audit`'s latency fix may advise another α: it minimises the head-to-photon delay alone.
    static let auditContrast = "(parallax audit's latency fix advises α = 0.5 with the pose read on the render thread: it minimises the head-to-photon delay alone, against a 100 ms budget, where this weighs the lag against jitter and the other constraints.)"

    /// "visible jitter 0.21 px, ramp lag 43 ms, stationary jitter 0.4 mm, tracking error 3.1 px, effect 125 px/cm".
    static func metricsText(_ m: TuneMetrics) -> String {
        "visible jitter \(px(m.visibleJitterPx)) px, ramp lag \(ms(m.rampLagMs)) ms, stationary jitter \(optional(m.jitterMm, 3)) mm, "
            + "tracking error \(format(m.trackingPx, 3)) px, effect \(format(m.gainPxPerCm, 3)) px/cm"
    }

    /// The app's two sliders: "α = 0.3, s = 1.2" (as the app holds them: a Float reads as its shortest text).
    static func sliders(alpha: Double, s: Double) -> String {
        "α = \(sliderText(alpha)), s = \(sliderText(s))"
    }

    static func format(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)g", value) }
    static func optional(_ value: Double?, _ digits: Int) -> String { value.map { format($0, digits) } ?? "n/a" }
    static func px(_ value: Double?) -> String { value.map { String(format: "%.2f", $0) } ?? "n/a" }
    static func ms(_ value: Double?) -> String { value.map { String(format: "%.0f", $0) } ?? "n/a" }
}
