import Plumbing
import Reporting

/// The audit's report section (HTML, through `ReportWriter`'s extra sections): the checks' table and notes.
public enum AuditReport {
    /// Where the frames of failing checks go, relative to the report page.
    public static let framesFolder = "audit"

    public static func sections(_ result: AuditResult) -> [ReportPage.Section] {
        let table = HTML.table(["check", "mean", "p95", "worst", "limit", "status", "worst at", "mechanism"], result.checks.map { c in
            [.text(c.id.rawValue), .text(AuditResult.number(c.mean, c.unit)), .text(AuditResult.number(c.p95, c.unit)),
             .text(AuditResult.number(c.worst, c.unit)), .text(c.gated ? "≤ " + AuditResult.number(c.limit, c.unit) : "not gated"),
             c.gated ? ReportPage.badge(Verdict(passed: c.passed)) : .text("reported"), .text(c.worstAt), .text(c.mechanism)]
        }, attributes: ["class": "filterable"])
        var content: [Node] = [
            HTML.el("p", .text("The app's head-to-pixel pipeline (the app as shipped\(result.fixes.isEmpty ? "" : ", with fixes " + result.fixes.map(\.rawValue).joined(separator: ", "))) against a true window, over \(result.traces.joined(separator: ", ")) on \(result.screens.joined(separator: ", ")), \(result.modes.map(\.rawValue).joined(separator: " and ")) mode. A check fails when its p95 exceeds its limit.")),
            table,
        ]
        let notes = result.checks.flatMap { c in c.notes.map { "\(c.id.rawValue): \($0)" } }
        if !notes.isEmpty { content.append(HTML.el("ul", children: notes.map { HTML.el("li", .text($0)) })) }
        let framed = result.checks.filter { $0.frame != nil }
        if !framed.isEmpty {
            content.append(HTML.el("h3", .text("At each failing check's worst instant: the app's frame | a true window's | difference")))
            for c in framed {
                content.append(HTML.el("figure", ["class": "frame frames"],
                                       HTML.el("img", ["src": "\(framesFolder)/\(c.frame!)", "alt": "\(c.id.rawValue): app, true window, difference"]),
                                       HTML.el("figcaption", .text("\(c.id.rawValue) — \(c.worstAt), \(AuditResult.number(c.worst, c.unit))"))))
            }
        }
        if result.ranking.count > 1 {
            content.append(HTML.table(["device", "worst px error"], result.ranking.map { [.text($0.screen), .text(AuditResult.number($0.worstPx, "px"))] }))
        }
        return [ReportPage.Section(id: "audit", title: "App audit", content: content)]
    }
}
