import Vocabulary
/// The shared page shell of every ParallaxLab report: one self-contained HTML file (inline CSS and JS, no
/// network), sections with anchors, a sticky navigation bar.
package enum ReportPage {
    package struct Section: Sendable {
        package var id: String
        package var title: String
        package var content: [Node]
        /// Listed in the navigation bar (detail sections are reached from their group's entry).
        package var navigation: Bool

        package init(id: String, title: String, content: [Node], navigation: Bool = true) {
            self.id = id
            self.title = title
            self.content = content
            self.navigation = navigation
        }
    }

    /// `status`: the run's verdict, shown coloured and in words in the header and leading the `<title>` (so a
    /// browser tab says PASS or FAIL).
    package static func document(title: String, subtitle: String = "", status: RunStatus? = nil, sections: [Section], script: String = "") -> String {
        var header: [Node] = [HTML.el("h1", .text(title))]
        if let status {
            // The audit's part links to the audit section (its own page is audit.html).
            let suitePart = status.audit.map { String(status.text.dropLast($0.count)) } ?? status.text
            header.append(HTML.el("p", ["class": "run-status \(status.verdict.rawValue)", "id": "run-status"],
                                  children: [.text(suitePart)] + (status.audit.map { [HTML.el("a", ["href": "#audit", "class": "audit-line"], .text($0))] } ?? [])))
        }
        header.append(HTML.el("p", ["class": "subtitle"], .text(subtitle)))
        let body: [Node] = [
            HTML.el("header", children: header),
            HTML.el("nav", ["aria-label": "sections"], children: sections.filter(\.navigation).map { HTML.el("a", ["href": "#\($0.id)"], .text($0.title)) }),
            HTML.el("main", children: sections.map { section in
                .element("section", [("id", section.id)], [HTML.el("h2", .text(section.title))] + section.content)
            }),
        ]
        var out = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        out += "<title>\(HTML.escape(status.map { "\($0.text) · \(title)" } ?? title))</title><style>\(stylesheet)</style></head><body>"
        for node in body { node.render(into: &out) }
        out += "<script>\(navHeightScript)</script>"
        if !script.isEmpty { out += "<script>\(script)</script>" }
        out += "</body></html>\n"
        return out
    }

    /// Keeps `--nav-height` at the sticky bar's height (it wraps onto more lines on narrow screens), so that
    /// `scroll-margin-top` lands a followed link below the bar, not under it; a link to a folded item (a passing
    /// frame's card, a row in a folded section) opens the folds around it.
    static let navHeightScript = """
        (function(){var n=document.querySelector('nav');if(!n)return;
          function set(){document.documentElement.style.setProperty('--nav-height',n.offsetHeight+'px');}
          set();window.addEventListener('resize',set);
          function follow(){if(!location.hash)return;var t=document.getElementById(decodeURIComponent(location.hash.slice(1)));
            if(!t)return;for(var d=t;d;d=d.parentElement){if(d.tagName==='DETAILS')d.open=true;}t.scrollIntoView();}
          follow();window.addEventListener('hashchange',follow);})();
        """

    /// Status badge: pass, fail, error, missing, skipped.
    package static func badge(_ verdict: Verdict) -> Node {
        HTML.el("span", ["class": "badge \(verdict.rawValue)"], .text(verdict.rawValue))
    }

    package static let stylesheet = """
        :root{--fg:#1d1d1f;--muted:#6e6e73;--line:#d2d2d7;--pass:#1a7f37;--fail:#cf222e;--warn:#9a6700;--bg:#fff;--panel:#f6f8fa}
        *{box-sizing:border-box}body{margin:0;font:14px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
        header{padding:16px 24px;border-bottom:1px solid var(--line)}h1{margin:0;font-size:22px}.subtitle{margin:4px 0 0;color:var(--muted)}
        nav{position:sticky;top:0;background:#fffffff0;border-bottom:1px solid var(--line);padding:6px 24px;z-index:5;display:flex;flex-wrap:wrap;gap:2px 16px}nav a{color:#0969da;text-decoration:none;white-space:nowrap}
        section{padding:8px 24px 24px}h2{font-size:18px;border-bottom:1px solid var(--line);padding-bottom:4px}h3{font-size:15px;margin:18px 0 6px}
        table{border-collapse:collapse;margin:8px 0;font-variant-numeric:tabular-nums}th,td{border:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}th{background:var(--panel);overflow-wrap:anywhere}
        td.num{text-align:right}.badge{display:inline-block;white-space:nowrap;padding:1px 8px;border-radius:10px;font-size:12px;font-weight:600;color:#fff}
        .badge.pass{background:var(--pass)}.badge.fail,.badge.error{background:var(--fail)}.badge.missing{background:var(--warn)}.badge.skipped{background:var(--muted)}
        .chart{width:100%;max-width:680px;min-width:540px;height:auto;display:block;margin:6px 0}.chart-title{font-size:14px;font-weight:600}.tick{font-size:12px;fill:#444}.axis-label{font-size:13px}.legend{font-size:12px}
        .chart-wrap{max-width:100%;overflow-x:auto}.table-wrap{max-width:100%;overflow-x:auto}
        h1,h2,h3,p,li,summary,figcaption,label{overflow-wrap:anywhere}
        @media (max-width:600px){header,section{padding-left:12px;padding-right:12px}nav{padding:6px 12px;flex-wrap:nowrap;overflow-x:auto}}
        .grid{display:flex;flex-wrap:wrap;gap:16px}.card{border:1px solid var(--line);border-radius:6px;padding:8px 12px;background:#fff}
        code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:12px}pre{background:var(--panel);padding:8px;overflow:auto}
        .frames img{image-rendering:pixelated;max-width:320px;border:1px solid var(--line)}.muted{color:var(--muted)}
        .frames.side{display:flex;gap:8px;flex-wrap:wrap}figure{margin:0}figcaption{font-size:12px;color:var(--muted)}
        .stack{position:relative;display:inline-block}.stack img.top{position:absolute;left:0;top:0}
        .views.natural .frames img{max-width:none}.frame{margin:12px 0}
        .delta.worse{color:var(--fail);font-weight:600}.delta.better{color:var(--pass)}.delta.new,.delta.gone{color:var(--warn)}
        section,[id]{scroll-margin-top:calc(var(--nav-height,48px) + 8px)}
        .run-status{margin:6px 0 0;font-size:16px;font-weight:700;padding-left:8px;border-left:4px solid currentColor}
        .run-status.pass{color:var(--pass)}.run-status.fail,.run-status.error{color:var(--fail)}.run-status.missing{color:var(--warn)}
        .command{display:inline-flex;gap:6px;align-items:center;flex-wrap:wrap;margin:2px 0}.command code{background:var(--panel);padding:2px 6px;border-radius:4px;overflow-wrap:anywhere}
        button.copy{font-size:12px;padding:1px 8px;cursor:pointer}
        .badge.informational{background:#fff;color:var(--fail);border:1px solid var(--fail)}
        .failures{margin:4px 0}
        .toolbar{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;margin:10px 0 0}.status-tabs{display:inline-flex;flex-wrap:wrap;gap:4px}
        .status-tab{font:inherit;padding:3px 10px;border:1px solid var(--line);border-radius:14px;background:#fff;cursor:pointer}
        .status-tab[aria-pressed=true]{background:var(--fg);color:#fff;border-color:var(--fg)}
        .grid .card{padding:2px 10px;display:flex;flex-wrap:wrap;gap:0 6px;align-items:baseline}.grid{gap:6px 10px}h2{margin:10px 0 8px}details.detail>summary{cursor:pointer;color:#0969da}
        .run-status a.audit-line{color:inherit}#overview{padding-bottom:8px}#overview h3{margin:8px 0 2px}
        .check-pictures{border-top:1px solid var(--line);margin:14px 0 0;padding-top:4px}.check-pictures h4{margin:6px 0;font-size:15px}
        .pictures{display:flex;flex-wrap:wrap;gap:10px 14px;align-items:flex-start}.pictures figure{max-width:100%}
        .pictures img{display:block;max-width:100%;height:auto;border:1px solid var(--line)}.pictures figcaption{max-width:320px}
        .multiples{display:grid;grid-template-columns:repeat(auto-fill,minmax(250px,1fr));gap:2px 10px;max-width:1100px}
        .multiples .chart{min-width:0;max-width:none;margin:0}.multiples .chart-wrap{overflow:visible}
        """ + Headline.stylesheet + FrameViewer.stylesheet
}
