import Foundation
import Plumbing
import Smoothing
import Vocabulary

/// Which values a sweep may take: every value of the given ranges, or only what the app's settings can be
/// set to (`AppSettingsGrid`).
package enum TuneGrid: String, CaseIterable, Sendable {
    case full
    case app

    package init(parsing text: String) throws {
        guard let grid = TuneGrid(rawValue: text) else {
            throw FieldError("grid", expected: "one of: \(TuneGrid.allCases.map(\.rawValue).joined(separator: ", "))", found: "'\(text)'")
        }
        self = grid
    }
}

/// The values the shipped app's settings can take: the EMA α slider 0.10–0.50 in steps of 0.05 and the
/// movementScale slider 0.5–3.0 in steps of 0.1 (Splat-Frame `Views/Settings/SettingsView.swift` lines 30 and 38:
/// `Slider(value: $smoothingAlpha, in: 0.1...0.5, step: 0.05)`, `Slider(value: $movementScale, in: 0.5...3.0, step: 0.1)`).
package enum AppSettingsGrid {
    package static let alpha = try! ParameterRange("0.10...0.50/0.05", name: "app alpha")
    package static let movementScale = try! ParameterRange("0.5...3.0/0.1", name: "app movement_scale")
    /// The app's only filter, swept over its settable α.
    package static let sweep = try! SweepSpec(parsing: "ema:alpha=\(alpha.text)")

    /// The settable value nearest to `value` on `range` (ties go to the lower value).
    package static func nearest(_ value: Double, on range: ParameterRange) -> Double {
        range.values.min { abs($0 - value) < abs($1 - value) }!
    }

    package static func isSettable(_ value: Double, on range: ParameterRange) -> Bool {
        abs(nearest(value, on: range) - value) <= 1e-9
    }

    /// A note when an EMA recommendation is outside the app's settings: the nearest settable α and s and
    /// their metrics (when that point was evaluated); nil when settable or not an EMA sweep.
    package static func settabilityNote(_ result: TuneResult) -> String? {
        let sweep = result.setup.smoother.value
        guard result.filter == "ema", let r = result.recommendation, let alphaValue = emaAlpha(r.values, on: sweep) else { return nil }
        guard !isSettable(alphaValue, on: alpha) || !isSettable(r.movementScale, on: movementScale) else { return nil }
        let (a, s) = (nearest(alphaValue, on: alpha), nearest(r.movementScale, on: movementScale))
        var note = "the recommendation α = \(NumberText.format(alphaValue)), s = \(NumberText.format(r.movementScale)) cannot be set in the app "
            + "(α \(alpha.text), s \(movementScale.text)); nearest settable: α = \(NumberText.format(a)), s = \(NumberText.format(s))"
        if let k = result.movementScales.firstIndex(where: { abs($0 - s) <= 1e-9 }),
           let c = result.configurations.first(where: { emaAlpha($0.values, on: sweep).map { abs($0 - a) <= 1e-9 } ?? false }) {
            let m = result.metrics(c, scale: k)
            note += ": ramp lag \(m.rampLagMs.map { String(format: "%.1f ms", $0) } ?? "n/a"), visible jitter "
                + "\(m.visibleJitterPx.map { String(format: "%.3f px", $0) } ?? "n/a"), parallax error \(String(format: "%.2f px", m.trackingPx)), "
                + "gain \(String(format: "%.2f px/cm", m.gainPxPerCm))"
                + (m.swimTotalDegS.map { String(format: ", swim %.2f °/s", $0) } ?? "")
            let constraints = result.setup.constraints.compactMap { try? TuneConstraint($0) }
            let broken = constraints.filter { ($0.violation(m, app: result.appDefault.metrics) ?? 0) > 0 }
            note += broken.isEmpty ? "; it meets the constraints" : "; it breaks \(broken.map(\.description).joined(separator: ", "))"
        } else {
            note += " (not on the swept grid, so not evaluated)"
        }
        return note
    }

    /// α of an EMA sweep's point given by its swept values (α swept or fixed), nil for any other filter.
    static func emaAlpha(_ values: [Double], on sweep: SweepSpec) -> Double? {
        guard sweep.kind == .ema, let stage = try? sweep.spec(values: values).stages.first else { return nil }
        return stage.parameters.number("alpha")
    }
}
