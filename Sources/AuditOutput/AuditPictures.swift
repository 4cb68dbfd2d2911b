import Audit
import Foundation
import Reporting
import Vocabulary

/// audit.html's check-by-check part: for each check, what the viewer sees at its worst instant and after one Reset
/// (the app's frame beside the true window's, and the overlay of the probe points' displacement; `AuditFrames`) and
/// its error over time, one small plot per trace drawn from its `series` in audit.json and the traces' `timelines`.
enum AuditPictures {
    static func section(_ result: AuditResult, folder: String) -> [Node] {
        let checks = result.checks.filter { $0.frames != nil || !$0.series.isEmpty }
        guard !checks.isEmpty else { return [] }
        var content: [Node] = [
            HTML.el("h3", ["id": "pictures"], .text("Check by check: what the viewer sees, and the error over time")),
            HTML.el("p", .text("Each check at its worst instant and at its worst after one Reset: the app's frame (left: the app's cube room as its SceneKit view draws it, through the app's camera from the eye the check computed) beside a true window's (right), and the true window's frame with each probe point on the back wall marked (cyan ring) and an arrow to where the app draws it (yellow). Below, the check's error over time per trace: the app as shipped (blue) and with Reset pressed at \(format(result.resetPressedAt, digits: 0)) s (orange, from the press on; for geometric checks in the eye-error row, whose value row shows the app as shipped against the limit), the worst instant ringed, tracking loss shaded, the limit dashed red. The plots draw the `series` and `timelines` of audit.json.")),
        ]
        for c in checks {
            var children: [Node] = [HTML.el("h4", .text("\(c.id.rawValue) — \(c.verdict), p95 \(c.pxWithheld ? "off panel" : AuditResult.number(c.p95, c.unit)), worst \(AuditResult.number(c.worst, c.unit)) at \(c.worstAt)"))]
            var figures: [Node] = []
            if let worst = c.frames?.worst { figures += instant(c, worst, label: "at its worst instant", folder: folder) }
            if let reset = c.frames?.afterReset { figures += instant(c, reset, label: "after one Reset, at its worst instant", folder: folder) }
            if !figures.isEmpty { children.append(HTML.el("div", ["class": "pictures"], children: figures)) }
            children += plots(c, timelines: result.timelines)
            content.append(HTML.el("article", ["class": "check-pictures", "id": "pictures-\(c.id.rawValue)"], children: children))
        }
        return content
    }

    static func eye(_ v: [Double]) -> String { "(" + v.map { format($0, digits: 1) }.joined(separator: ", ") + ") mm" }

    /// The pair and the overlay of one instant, each a figure with its alt text and caption.
    static func instant(_ c: CheckResult, _ f: InstantFrames, label: String, folder: String) -> [Node] {
        let value = AuditResult.number(f.value, c.unit)
        let shift = f.largestShiftPx.map { ", probe points shifted up to \(format($0, digits: 1)) px" } ?? ""
        let numbers = "\(c.id.rawValue) = \(value), eye error \(format(f.eyeErrorMm, digits: 1)) mm\(shift)"
        let pairAlt = "\(c.id.rawValue) \(label), \(f.at): the app's frame (left, \(f.appFrame.rawValue)) beside the true window's (right); \(numbers)"
        let overlayAlt = "\(c.id.rawValue) \(label), \(f.at): the true window's frame with arrows from each probe point to where the app draws it; \(numbers)"
        func img(_ file: String, alt: String, width: Int) -> Node {
            HTML.el("img", ["src": "\(folder)/\(file)", "alt": alt, "loading": "lazy", "width": "\(width)", "height": "\(f.frameHeight)"])
        }
        return [
            HTML.el("figure", ["class": "picture-pair"], img(f.pair, alt: pairAlt, width: 2 * f.frameWidth + AuditFrames.gap),
                    HTML.el("figcaption", .text("\(label.prefix(1).uppercased() + label.dropFirst()): \(f.at), \(value). App (\(f.appFrame.rawValue)) | true window; app eye \(eye(f.appEyeMm)), true eye \(eye(f.trueEyeMm)), eye error \(format(f.eyeErrorMm, digits: 1)) mm."))),
            HTML.el("figure", ["class": "picture-overlay"], img(f.overlay, alt: overlayAlt, width: f.frameWidth),
                    HTML.el("figcaption", .text("Difference\(shift.isEmpty ? "" : ": largest shift \(format(f.largestShiftPx!, digits: 1)) px").")))
        ]
    }

    /// One small plot per trace: the check's value (its unit, with the limit) and, for geometric checks, the eye error.
    static func plots(_ c: CheckResult, timelines: [TraceTimeline]) -> [Node] {
        guard c.countsInVerdict else {
            return [HTML.el("p", ["class": "muted"], .text("Not reachable in the shipped app: its values over time are in audit.json (series), not drawn here."))]
        }
        guard !c.series.isEmpty else {
            return [HTML.el("p", ["class": "muted"], .text("No plot over time: this check's values are not taken at instants of a trace."))]
        }
        var rows: [(quantity: String, unit: String, line: (TraceSeries) -> SeriesLine?, reset: (TraceSeries) -> SeriesLine?, limit: Bool)] = []
        if c.series.allSatisfy({ $0.eyeErrorMm != nil }) {
            rows.append(("eye error", "mm", { $0.eyeErrorMm }, { $0.eyeErrorMmAfterReset }, false))
        }
        // The value row of a geometric check shows the app as shipped against the limit (its p95 after Reset is in the
        // table; the eye error row shows what Reset does).
        let geometric = rows.count == 1
        if let unit = c.series.first?.valueUnit {
            // Latency: the view-angle error its delay causes per instant; its own limit (ms) is in the table.
            rows.append(("view-angle error", unit, { $0.value }, { $0.valueAfterReset }, false))
        } else {
            rows.append((c.unit == "px" ? "probe shift" : c.id.rawValue, c.unit, { $0.value }, { geometric ? nil : $0.valueAfterReset }, c.gated))
        }
        var nodes: [Node] = []
        for row in rows {
            var panels: [Node] = []
            var summary: [String] = []
            for s in c.series {
                guard let line = row.line(s) else { continue }
                let timeline = timelines.first { $0.trace == s.trace }
                let points = zip(line.tS, line.y).map { (x: $0, y: $1) }
                let reset = row.reset(s).map { zip($0.tS, $0.y).map { (x: $0, y: $1) } } ?? []
                // The worst instant's point on this row's line (the value row: the worst itself).
                let worst = s.worstTS.flatMap { t in points.min { abs($0.x - t) < abs($1.x - t) } }
                var chart = SVGChart(title: s.trace + (worst.map { ": \(SVGChart.format($0.y)) \(row.unit) @ \(format($0.x, digits: 1)) s" } ?? ""),
                                     xLabel: "time (s)", yLabel: "\(row.quantity) (\(row.unit))",
                                     series: [SVGChart.Series(name: "", points: points, color: "#1f77b4"),
                                              SVGChart.Series(name: "", points: reset, color: "#ff7f0e"),
                                              SVGChart.Series(name: "", points: worst.map { [$0] } ?? [], color: "#d62728", style: .ring)])
                chart.width = 320
                chart.height = 170
                chart.gridLines = false
                chart.readsOut = false
                chart.tolerance = 0.6
                if let timeline {
                    chart.xDomain = (timeline.startS, timeline.endS)
                    chart.shaded = timeline.lost.map { (from: $0[0], to: $0[1]) }
                    chart.shadedLabel = "tracking lost"
                    chart.verticals = [(timeline.resetAtS, "Reset")]
                }
                if row.limit { chart.references = [(c.limit, "limit \(SVGChart.format(c.limit)) \(c.unit)")] }
                let description = "\(c.id.rawValue) on \(s.trace): \(row.quantity) (\(row.unit)) against time (s)" + (worst.map { ", worst \(SVGChart.format($0.y)) \(row.unit) at \(format($0.x, digits: 3)) s" } ?? "")
                    + (reset.last.map { ", \(SVGChart.format($0.y)) \(row.unit) at the end with Reset" } ?? "")
                chart.accessibleLabel = description
                summary.append(s.trace + (worst.map { " \(SVGChart.format($0.y)) \(row.unit)" } ?? ""))
                panels.append(.trusted(chart.svg))
            }
            guard !panels.isEmpty else { continue }
            let caption = "\(c.id.rawValue): \(row.quantity) (\(row.unit)) against time (s) per trace — worst per trace: \(summary.joined(separator: ", "))" + (row.limit ? "; limit \(AuditResult.number(c.limit, c.unit)) (p95)" : "")
            nodes.append(HTML.el("figure", ["class": "plot", "role": "group", "aria-label": caption],
                                 HTML.el("div", ["class": "multiples"], children: panels), HTML.el("figcaption", .text(caption))))
        }
        return nodes
    }
}
