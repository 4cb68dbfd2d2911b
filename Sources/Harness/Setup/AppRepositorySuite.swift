import Foundation
import Reporting
import Tracking

/// The suite `parallax init` writes for an app's repository (`parallax.yml`): the app's own code (`app: {source: .}`)
/// on ParallaxLab's canonical traces by their built-in names (nothing copied), the model smoothers beside it as the
/// alternatives, the app's screen, budgets on the app's scenarios, and the gated audit of its code (`app_source: .`)
/// held against `parallax-known-failures.yml`.
enum AppRepositorySuite {
    /// A budget on the app's scenarios at its design limit.
    struct DesignBudget {
        var metric: String
        var max: Double
        var unit: String
        var traces: [String]
    }

    static let traces = ["still", "sway", "glance", "lean", "dropouts"]
    static let smoothers = ["ema:alpha=0.25", "one-euro:mincutoff=1,beta=10", "kalman-cv"]
    /// The app's screen (`ScreenModel.appDefault`).
    static let screen = "iphone-15-pro"
    /// The limits ParallaxLab's own suite holds the app's model to (parallax.yml).
    static let budgets = [
        DesignBudget(metric: "lag_ms", max: 60, unit: "ms", traces: ["sway", "glance", "lean"]),
        DesignBudget(metric: "stationary_jitter_mm", max: 1, unit: "mm", traces: ["still"]),
        DesignBudget(metric: "visible_jitter_px", max: 3, unit: "px", traces: ["still"]),
        DesignBudget(metric: "parallax_error_p95_px", max: 80, unit: "px", traces: ["sway", "lean"]),
    ]

    /// The suite's text; `measured[i]`: the app's worst value on budget i when it breaks the design limit (the budget
    /// is then written at that value rounded up, the design limit in a comment), nil when it holds it.
    static func text(name: String, pin: ParallaxLabPin, measured: [Double?]) -> String {
        var lines = [
            "# ParallaxLab suite of this app (written by `parallax init`, ParallaxLab \(pin.commit.prefix(12))). Run it with `parallax run`;",
            "# CI runs it on every pull request (.github/workflows/parallax.yml). Reference: ParallaxLab's docs/suites-and-ci.md.",
            "name: \(quoted(name))",
            "output: Reports/latest",
            "",
            "# The app under test is its own code in this repository, replayed on simulated ARKit and CoreMotion.",
            "app: {source: .}",
            "",
            "# ParallaxLab's canonical synthetic traces by name (synthesized from the specs built into parallax: nothing copied).",
            "traces: [\(traces.map { CanonicalTraces.prefix + $0 }.joined(separator: ", "))]",
            "",
            "# Model smoothers measured beside the app's code: the headline's best alternative.",
            "smoothers: [\(smoothers.map(quoted).joined(separator: ", "))]",
            "screens: [\(screen)]",
            "",
            "# Budgets on the app's scenarios. A budget the app broke when `parallax init` ran is written at the value it",
            "# measured (rounded up), with the design limit beside it: lower it toward that limit as the app improves.",
            "budgets:",
        ]
        for (budget, value) in zip(budgets, measured) {
            let limit = value.map(roundedUp) ?? budget.max
            var line = "  - {metric: \(budget.metric), max: \(number(limit)), traces: [\(budget.traces.joined(separator: ", "))], smoothers: [app]}"
            if let value { line += "  # design limit \(number(budget.max)) \(budget.unit); the app measured \(String(format: "%.4g", value)) \(budget.unit)" }
            lines.append(line)
        }
        lines += [
            "",
            "# The app audit of its code against a true window. Gated: a failing check not in parallax-known-failures.yml,",
            "# or one worse than the value recorded there, fails the run; the listed ones are accepted as they are.",
            "audit:",
            "  app_source: .",
            "  screens: [\(screen)]",
            "  mode: shipped",
            "  gate: true",
            "",
        ]
        return lines.joined(separator: "\n")
    }

    /// Up to two significant digits, never below `value`: 1.507 → 1.6, 3316 → 3400.
    static func roundedUp(_ value: Double) -> Double {
        guard value > 0, value.isFinite else { return value }
        let step = pow(10, floor(log10(value)) - 1)
        return (value / step).rounded(.up) * step
    }

    static func number(_ value: Double) -> String { String(format: "%g", value) }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
