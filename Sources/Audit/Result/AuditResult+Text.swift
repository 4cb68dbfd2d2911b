import DeviceFacts
import Foundation

extension AuditResult {
    /// The text report: the table (in the viewer's units beside the verdict's), the failing traces, constant
    /// offsets, what to fix first after one Reset, and under it the assumptions, hypotheses, notes and the traces' origin.
    /// The audit's baseline and the checks measured on another.
    package var baselineLine: String {
        let explained = baseline == .asShipped
            ? "each check compares the app with the same app with only that behaviour corrected"
            : "each check compares the app with every other behaviour corrected against the fully corrected app (leave-one-out)"
        let others = AuditBaseline.allCases.filter { $0 != baseline }.compactMap { other -> String? in
            let ids = checks.filter { $0.baseline == other }.map(\.id.rawValue)
            return ids.isEmpty ? nil : "\(ids.joined(separator: ", ")): \(other.rawValue)"
        }
        return "baseline: \(baseline.rawValue) — \(explained)" + (others.isEmpty ? "" : "; on their own: " + others.joined(separator: "; "))
    }

    package var text: String {
        var lines = ["App audit: \(traces.count) traces × \(screens.count) screens × \(scope.rawValue) (\(modes.map(\.rawValue).joined(separator: "+"))), ARKit frame \(arkitFrame.rawValue) (\(recording == nil ? "a hypothesis" : "measured"))"
                     + (fixes.isEmpty ? " (the app as shipped)" : " with fixes: \(fixes.map(\.rawValue).joined(separator: ", "))")]
        if let recording { lines.append(recording.line) }
        if let appCode {
            lines.append(appCode.line)
            let fromCode = checks.filter { $0.shippedFrom == .appCode }.map(\.id.rawValue)
            lines.append("measured on the app's code (both sides its own runs): \(fromCode.isEmpty ? "none" : fromCode.joined(separator: ", ")); the others stay models:")
            for c in checks where c.shippedFrom != .appCode {
                lines.append("  \(c.id.rawValue): \(c.id.modelOnly ?? "measured on the \(c.baseline.rawValue) baseline, which the code, holding every behaviour at once, cannot give")")
            }
        }
        lines.append(baselineLine)
        if !ranking.isEmpty {
            lines.append("What to fix first: every failing check by the view-angle error the viewer sees after one Reset (°), its own measure beside it:")
            for (k, rank) in ranking.enumerated() {
                lines.append("  \(k + 1). \(rank.check.rawValue) \(rank.measures) — rests on \(rank.restsOn.map { "\($0.rawValue) (\($0.hypothesis.status.rawValue))" }.joined(separator: ", "))")
                if let check = checks.first(where: { $0.id == rank.check }), !check.passed {
                    lines.append("     fix: \(check.fix.description)" + (check.fix.caveat.map { " — \($0)" } ?? "") + (check.fix.code != nil ? " (code in audit.json and audit.html)" : ""))
                }
            }
        }
        if let patches {
            lines.append("Patches to the app's code in \(patches.directory) (each applied to a copy, built, replayed and measured again; apply with git apply from the app's folder):")
            lines += patches.patches.map { "  " + $0.line }
            if let combined = patches.combined { lines.append("  " + combined.line) }
        }
        lines += Self.table(checks.filter(\.countsInVerdict))
        if !unreachable.isEmpty {
            lines.append("Compiled but not reachable in the shipped app (\(Self.reachSource)); reported, not gated (--mode splat|both gates them):")
            lines += Self.table(unreachable)
        }
        lines.append("p95 and worst are of the verdict's value (px: the largest shift of a probe point on the glass plane); after Reset: the reset button pressed once at \(format(resetPressedAt, digits: 0)) s; eye, view: p95 of the eye error and the view-angle error; on panel: the mean share of visible probe points the app still draws on the panel.")
        let perTrace = checks.filter { !$0.failingTraces.isEmpty }
        if !perTrace.isEmpty {
            lines.append("Failing traces:")
            for c in perTrace {
                let traces = c.failingTraces.map { t in
                    "\(t.trace) (p95 \(c.pxWithheld ? "off panel" : Self.number(t.p95, c.unit))\(t.afterResetP95.map { ", after Reset " + Self.number($0, c.unit) } ?? ""), worst at \(t.worstAt))"
                }
                lines.append("  \(c.id.rawValue): \(traces.joined(separator: ", "))" + (c.p95 <= c.limit ? " — the pooled p95 \(Self.number(c.p95, c.unit)) alone would pass" : ""))
            }
        }
        for c in checks where c.pxWithheld { lines.append("\(c.id.rawValue): \(c.viewer!.pxWithheld!)") }
        for c in checks {
            if let offset = c.constantOffset {
                lines.append("\(c.id.rawValue): a constant offset, not a spread: the app's eye is \(offset.direction) of the true eye (|Δ| \(format(offset.magnitudeMm, digits: 1)) mm)")
            } else {
                let offsets = c.perTrace.compactMap { t in t.constantOffset.map { "\(t.trace) \(format($0.magnitudeMm, digits: 1)) mm (\($0.direction))" } }
                if !offsets.isEmpty && offsets.count == c.perTrace.count {
                    lines.append("\(c.id.rawValue): a constant offset per trace: " + offsets.joined(separator: "; "))
                }
            }
        }
        for c in checks where !c.passed { lines.append("\(c.id.rawValue): \(c.mechanism)") }
        for c in checks where c.flipsUnderOtherFrame {
            lines.append("\(c.id.rawValue): \(c.passed ? "passes" : "fails") under the \(arkitFrame.rawValue) hypothesis, \(c.underOtherFrame!.passed ? "passes" : "fails") under \(c.underOtherFrame!.arkitFrame.rawValue) (p95 \(Self.number(c.underOtherFrame!.p95, c.unit)))")
        }
        lines.append("Assumptions:")
        for line in assumptions { lines.append("  - \(line)") }
        lines.append("Hypotheses, every entry of the registry (status; effect; the experiment that settles it):")
        for h in hypotheses {
            lines.append("  - \(h.id.rawValue) (\(h.status.rawValue); \(h.effectText)): \(h.experiment)")
            for effect in h.sensitivity ?? [] { lines.append("      \(effect.text)") }
        }
        let noted = checks.filter { !$0.notes.isEmpty }
        if !noted.isEmpty {
            lines.append("Notes:")
            for c in noted { for note in c.notes { lines.append("  - \(c.id.rawValue): \(note)") } }
        }
        lines.append(tracesLine)
        if devices.count > 1 {
            lines.append("devices by worst error: " + devices.map { "\($0.screen) \(Self.number($0.worstPx, "px"))" }.joined(separator: ", "))
        }
        let failing = failing.map(\.id.rawValue)
        lines.append(failing.isEmpty ? "PASS: every check within its limit" : "FAIL: \(failing.joined(separator: ", "))")
        return lines.joined(separator: "\n") + "\n"
    }

    static func table(_ checks: [CheckResult]) -> [String] {
        let header = ["check", "p95", "worst", "limit", "status", "after Reset", "eye", "view", "on panel", "worst at"]
        var rows = [header]
        for c in checks {
            let withheld = c.pxWithheld
            rows.append([c.id.rawValue, withheld ? "off panel" : number(c.p95, c.unit), withheld ? "off panel" : number(c.worst, c.unit),
                         c.gated ? "≤ " + number(c.limit, c.unit) : "—", c.verdict, number(c.afterReset.p95, c.unit),
                         c.viewer.map { number($0.eyeErrorMm.p95, "mm") } ?? "—", c.viewer.map { format($0.viewAngleErrorDeg.p95, digits: 2) + "°" } ?? "—",
                         c.viewer.map { format(100 * $0.onPanelFraction.mean, digits: 0) + " %" } ?? "—", c.worstAt])
        }
        let widths = header.indices.map { i in rows.map { $0[i].count }.max()! }
        return rows.map { row in row.indices.map { i in row[i].padding(toLength: widths[i], withPad: " ", startingAt: 0) }.joined(separator: "  ") }
    }
}

extension AlternativeEffect.Move {
    /// "latency_p95_ms 153 → 161 ms".
    package var text: String {
        "\(measure) \(CheckResult.number(value, unit)) → \(CheckResult.number(underAlternative, unit))\(crossesLimit ? " (verdict flips)" : "")"
    }
}

extension AlternativeEffect {
    /// "under sensor-rates=…: latency_p95_ms 153 → 161 ms; recenter-idempotent …", or "moves nothing".
    package var text: String {
        "under \(alternative): " + (moves.isEmpty ? "moves nothing" : moves.map(\.text).joined(separator: "; "))
    }
}
