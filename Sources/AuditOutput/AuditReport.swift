import Audit
import Reporting
import Vocabulary

/// The audit's report section (HTML, through `ReportWriter`'s extra sections): the checks' table and notes, each
/// check's row anchored by its id (`AnchorID.auditCheck`).
package enum AuditReport {
    /// Where the checks' pictures go, relative to the report page.
    package static let framesFolder = "audit"

    /// `informational`: the audit does not gate the run (a suite's audit without `gate: true`), so its failing
    /// checks are labelled "fail (informational)" and the section says so.
    /// `pictures`: the check-by-check pictures and plots (`AuditPictures`; audit.html), else a link to them (the suite's
    /// index.html, which stays light).
    package static func sections(_ result: AuditResult, informational: Bool = false, pictures: Bool = false) -> [ReportPage.Section] {
        func status(_ c: CheckResult) -> Node {
            guard c.gated else { return .text("reported") }
            guard informational, !c.passed else { return ReportPage.badge(Verdict(passed: c.passed)) }
            return HTML.el("span", ["class": "badge fail informational"], .text("fail (informational)"))
        }
        func table(_ checks: [CheckResult]) -> Node {
            HTML.table(["check", "p95", "worst", "limit", "status", "failing traces", "after Reset p95", "eye error p95", "view angle p95", "on panel (mean)",
                        "worst at", "rests on", "mechanism"], checks.map { c in
                [.text(c.id.rawValue), .text(c.pxWithheld ? "off panel" : AuditResult.number(c.p95, c.unit)),
                 .text(c.pxWithheld ? "off panel" : AuditResult.number(c.worst, c.unit)), .text(c.gated ? "≤ " + AuditResult.number(c.limit, c.unit) : "not gated"),
                 c.countsInVerdict ? status(c) : .text(c.verdict),
                 .text(c.failingTraces.isEmpty ? "—" : c.failingTraces.map { $0.trace + (c.pxWithheld ? "" : " " + AuditResult.number($0.p95, c.unit)) }.joined(separator: ", ")),
                 .text(AuditResult.number(c.afterReset.p95, c.unit) + (c.afterReset.viewAngleErrorDeg.map { ", " + format($0.p95, digits: 2) + "°" } ?? "")),
                 .text(c.viewer.map { AuditResult.number($0.eyeErrorMm.p95, "mm") } ?? "—"),
                 .text(c.viewer.map { format($0.viewAngleErrorDeg.p95, digits: 2) + "°" } ?? "—"),
                 .text(c.viewer.map { format(100 * $0.onPanelFraction.mean, digits: 0) + " %" } ?? "—"),
                 .text(c.worstAt), .text(c.restsOn.map(\.rawValue).joined(separator: ", ")), .text(c.mechanism)]
            }, rowIDs: checks.map { AnchorID.auditCheck($0.id.rawValue) },
               rowStatus: checks.map { c in informational || !c.countsInVerdict ? "informational" : !c.gated ? nil : c.passed ? "passed" : "failed" },
               attributes: ["class": "filterable"])
        }
        var content: [Node] = informational
            ? [HTML.el("p", ["class": "informational-note"], HTML.el("strong", .text("Informational: ")),
                       .text("this audit does not gate the run (the suite's audit has no gate: true); its failing checks do not fail the report."))]
            : []
        content += [
            HTML.el("p", .text("The app's head-to-pixel pipeline (the app as shipped\(result.fixes.isEmpty ? "" : ", with fixes " + result.fixes.map(\.rawValue).joined(separator: ", "))) against a true window, over \(result.traces.joined(separator: ", ")) on \(result.screens.joined(separator: ", ")), \(result.scope == .shipped ? "what the shipped app shows (the cube)" : result.modes.map(\.rawValue).joined(separator: " and ") + " mode"), with ARKit reporting in the \(result.arkitFrame.rawValue) frame. A check fails when its p95 — pooled or on any one trace — exceeds its limit.")),
        ]
        if let appCode = result.appCode {
            let fromCode = result.checks.filter { $0.shippedFrom == .appCode }.map(\.id.rawValue)
            content.append(HTML.el("p", ["class": "app-code"], .text(appCode.line + ". Measured on the app's own code (both sides its runs): "
                + (fromCode.isEmpty ? "none" : fromCode.joined(separator: ", ")) + "; the others stay models — "
                + result.checks.filter { $0.shippedFrom != .appCode }.map { "\($0.id.rawValue): \($0.id.modelOnly ?? "on a baseline the code cannot give")" }.joined(separator: "; ") + ".")))
        }
        content.append(HTML.el("p", ["class": "baseline"], .text(result.baselineLine + ".")))
        if !result.ranking.isEmpty {
            content.append(HTML.el("h3", .text("What to fix first: every failing check by the view angle the viewer sees after one Reset")))
            content.append(HTML.table(["check", "view angle p95 after Reset", "its own measure after Reset", "baseline", "rests on"], result.ranking.map { r in
                [.text(r.check.rawValue), .text(format(r.viewAngleP95AfterResetDeg, digits: 2) + "°"),
                 .text(CheckResult.number(r.afterResetP95, r.unit) + (r.passedAfterReset ? " (passes)" : "")), .text(r.baseline.rawValue),
                 .text(r.restsOn.map { "\($0.rawValue) (\($0.hypothesis.status.rawValue))" }.joined(separator: ", "))]
            }))
        }
        content.append(table(result.checks.filter(\.countsInVerdict)))
        if !result.unreachable.isEmpty {
            content.append(HTML.el("h3", .text("Compiled but not reachable in the shipped app")))
            content.append(HTML.el("p", .text("The shipped tab bar holds the cube (Camera) and Settings only (\(AuditResult.reachSource)): these checks are about the splat viewer, which is compiled but never shown. Reported, never failing the verdict unless asked for (--mode splat or both).")))
            content.append(table(result.unreachable))
        }
        content.append(HTML.el("p", .text("p95 and worst are of the verdict's value (px: the largest shift of a probe point on the glass plane, \"off panel\" when the app draws most visible points off the screen); after Reset: the reset button pressed once at \(format(result.resetPressedAt, digits: 0)) s. \(result.tracesLine).")))
        let notes = result.checks.compactMap { c -> Node? in
            var parts: [String] = []
            if let withheld = c.viewer?.pxWithheld { parts.append(withheld) }
            if let offset = c.constantOffset { parts.append("a constant offset, not a spread: the app's eye is \(offset.direction) of the true eye") }
            return parts.isEmpty ? nil : HTML.el("li", HTML.el("strong", .text(c.id.rawValue + ": ")), .text(parts.joined(separator: "; ")))
        }
        if !notes.isEmpty { content.append(HTML.el("ul", children: notes)) }
        if let patches = result.patches {
            content.append(HTML.el("h3", .text("Patches to the app's code")))
            content.append(HTML.el("p", .text("Each fix was applied to a copy of the app's code, built against the stand-ins, replayed on every trace and measured again; only a fix whose check then passes on every trace is written. Apply one from the app's folder with the command beside it.")))
            var items: [(summary: String, command: String?, diff: String?)] = patches.patches.map { patch in
                (patch.line, patch.file.map(patches.command(applying:)), patch.diff)
            }
            if let combined = patches.combined {
                items.append((combined.line, patches.command(applying: combined.file), combined.diff))
            }
            for item in items {
                var body: [Node] = [HTML.el("summary", .text(item.summary))]
                if let command = item.command { body.append(HTML.el("p", HTML.el("code", .text(command)))) }
                if let diff = item.diff { body.append(HTML.el("pre", HTML.el("code", .text(diff)))) }
                content.append(HTML.el("details", ["class": "patch"], children: body))
            }
        }
        let coded = result.failing.filter { $0.fix.code != nil }
        if !coded.isEmpty {
            content.append(HTML.el("h3", .text("Fixes as code for the app")))
            for c in coded {
                content.append(HTML.el("p", HTML.el("strong", .text(c.id.rawValue + ": ")), .text(c.fix.description + (c.fix.caveat.map { " — " + $0 } ?? ""))))
                content.append(HTML.el("pre", HTML.el("code", .text(c.fix.code!))))
            }
        }
        content.append(HTML.el("h3", .text("What each check rests on, and the experiment that settles it")))
        content.append(HTML.table(["check", "rests on", "the experiment that settles it"], result.checks.map { c in
            [.text(c.id.rawValue), .text(c.restsOn.map { "\($0.rawValue) (\($0.hypothesis.status.rawValue))" }.joined(separator: ", ")),
             .text(c.restsOn.map { "\($0.rawValue): \($0.hypothesis.experiment)" }.joined(separator: " · "))]
        }))
        content.append(HTML.el("h3", .text("Hypotheses")))
        content.append(HTML.table(["id", "status", "statement", "effect", "how to settle", "source"], result.hypotheses.map { h in
            [.text(h.id.rawValue), .text(h.status.rawValue), .text(h.statement),
             .text(([h.effectText] + (h.sensitivity ?? []).map(\.text)).joined(separator: " · ")), .text(h.experiment), .text(h.source)]
        }))
        content.append(HTML.el("h3", .text("Assumptions")))
        content.append(HTML.el("ul", children: result.assumptions.map { HTML.el("li", .text($0)) }))
        let flips = result.checks.filter(\.flipsUnderOtherFrame)
        if !flips.isEmpty {
            content.append(HTML.el("p", .text("Verdicts that flip under the \(result.arkitFrame.other.rawValue) hypothesis: " + flips.map { "\($0.id.rawValue) (\($0.passed ? "pass" : "fail") → \($0.underOtherFrame!.passed ? "pass" : "fail"), p95 \(AuditResult.number($0.underOtherFrame!.p95, $0.unit)))" }.joined(separator: "; "))))
        }
        // One item per check: its id once, its notes joined (the page stays small; audit.json has them one by one).
        let noted = result.checks.filter { !$0.notes.isEmpty }
        if !noted.isEmpty {
            content.append(HTML.el("ul", children: noted.map { c in
                HTML.el("li", HTML.el("strong", .text(c.id.rawValue + ": ")), .text(c.notes.joined(separator: "; ")))
            }))
        }
        if pictures {
            content += AuditPictures.section(result, folder: framesFolder)
        } else if result.checks.contains(where: { $0.frames != nil || !$0.series.isEmpty }) {
            content.append(HTML.el("p", .text("Each check's pictures at its worst instant and after one Reset, and its error over time per trace: "),
                                   HTML.el("a", ["href": "audit.html#pictures"], .text("audit.html"))))
        }
        if result.devices.count > 1 {
            content.append(HTML.table(["device", "worst px error"], result.devices.map { [.text($0.screen), .text(AuditResult.number($0.worstPx, "px"))] }))
        }
        return [ReportPage.Section(id: "audit", title: informational ? "App audit (informational)" : "App audit", content: content)]
    }
}
