import Foundation
import Vocabulary

/// index.html of a suite run: self-contained (inline CSS, JS and SVG; images under frames/), built with the
/// escaping builders so names from files cannot break the page. Failures come first; a filter box narrows
/// every table and frame card by text. Every frame card, budget row and scenario table and row has a stable
/// anchor (`AnchorID`) the overview's failures link to.
package enum HTMLReport {
    /// `reportDirectory`: the folder the report is published to, as the user named it; the accept commands name it.
    package static func render(_ report: SuiteReport, reportDirectory: String, extraSections: [ReportPage.Section] = []) -> String {
        var sections = [overview(report, reportDirectory: reportDirectory)]
        sections.append(framesSection(report, reportDirectory: reportDirectory))
        if let deltas = report.baseline { sections.append(baselineSection(deltas)) }
        sections.append(budgetsSection(report))
        sections.append(comparisonSection(report))
        sections += scenarioSections(report).map(collapsed)
        sections += extraSections
        if let numbers = report.numbers { sections.append(numbersSection(numbers)) }
        let env = report.environment
        let subtitle = "suite \(report.suiteFile) · ParallaxLab \(env.version) (\(env.commit)) · \(env.machine) · \(env.cores) cores"
        return ReportPage.document(title: "ParallaxLab report — \(report.suite)", subtitle: subtitle, status: RunStatus(report), sections: sections,
                                   script: script + FrameViewer.script + ChartReadout.script + Remedy.copyScript)
    }

    /// How many failures the overview lists (the rest are counted): with the headline above them, a failing frame
    /// still starts inside the first 1280×900 viewport.
    static let overviewFailures = 4

    /// One screen: the headline, counts, the failures (first few, linked), the status tabs and the text filter. No
    /// chart: the failing frames follow at once, and the charts sit below them. The frame and budget counts are in the
    /// verdict line above; the environment in the subtitle.
    static func overview(_ report: SuiteReport, reportDirectory: String) -> ReportPage.Section {
        let c = report.counts
        var cards: [Node] = [
            card("Scenarios", .text("\(c.scenarios)")),
            card("Numbers golden", .text(report.numbers?.status.rawValue ?? "not configured")),
        ]
        if let deltas = report.baseline {
            cards.append(card("Baseline", .text(BaselineState.allCases.map { state in "\(state.arrow) \(deltas.filter { $0.state == state }.count)" }.joined(separator: " · "))))
        }
        if let audit = report.audit {
            cards.insert(card("App audit", HTML.el("a", ["href": "#audit"], .text("\(audit.failing) of \(audit.checks) checks fail" + (audit.knownFailures != nil ? " (\(audit.count(.accepted)) known, \(audit.count(.new)) new, \(audit.count(.worse)) worse)" : "") + (audit.informational ? " (informational)" : ""))),
                              HTML.el("a", ["href": audit.page], .text(audit.page))), at: 0)
        }
        var content: [Node] = report.headline.map { [$0.html] } ?? []
        // The audit's model against the app's code, when the headline does not already say it.
        if let appCode = report.audit?.appCode, report.headline?.app?.comparison == nil {
            content.append(HTML.el("p", ["class": "muted hl-comparison"], .text("App audit: \(appCode)")))
        }
        content.append(HTML.el("div", ["class": "grid"], children: cards))
        let failures = MarkdownSummary.failures(report, reportDirectory: reportDirectory)
        if !failures.isEmpty {
            content.append(HTML.el("h3", .text("Failures (\(failures.count))")))
            content.append(HTML.el("ul", ["class": "failures"], children: failures.prefix(Self.overviewFailures).map { failure in
                HTML.el("li", failure.anchor.map { HTML.el("a", ["href": "#\($0)"], .text(failure.text)) } ?? .text(failure.text))
            }
                                   + (failures.count > Self.overviewFailures ? [HTML.el("li", ["class": "muted"], .text("… \(failures.count - Self.overviewFailures) more in the sections below"))] : [])))
        }
        let notes = MarkdownSummary.knownFailureNotes(report)
        if !notes.isEmpty {
            content.append(HTML.el("ul", ["class": "known-failure-notes"], children: notes.map { HTML.el("li", HTML.el("a", ["href": "#audit"], .text($0))) }))
        }
        content.append(toolbar)
        return ReportPage.Section(id: "overview", title: "Overview", content: content)
    }

    /// Status tabs (counts filled in by the script from the items' `data-status`) and the text filter; both are
    /// kept in the page's URL (`?status=failed&q=text`).
    static var toolbar: Node {
        let tabs: [(String, String)] = [("all", "All"), ("failed", "Failed"), ("passed", "Passed"), ("informational", "Informational")]
        return HTML.el("div", ["class": "toolbar"],
                       HTML.el("div", ["class": "status-tabs", "role": "group", "aria-label": "show items by status"], children: tabs.map { key, title in
                           HTML.el("button", ["type": "button", "class": "status-tab", "data-tab": key, "aria-pressed": key == "all" ? "true" : "false"],
                                   .text(title + " "), HTML.el("span", ["class": "count"]))
                       }),
                       HTML.el("label", .text("Filter "), HTML.el("input", ["id": "filter", "type": "search", "placeholder": "frame, trace, smoother…"])))
    }

    /// Tracking lag against head jitter at rest, one point per trace × smoother, coloured by smoother (shown once, in the comparison).
    /// Both are head-space metrics, the same at every screen and movement scale: a configuration that repeats a
    /// point is drawn once (not twice on top of itself).
    static func latencyJitterChart(_ report: SuiteReport) -> Node? {
        var bySmoother: [String: [(x: Double, y: Double)]] = [:]
        for s in report.scenarios {
            if let point = latencyJitterPoint(s), !(bySmoother[s.smoother] ?? []).contains(where: { $0 == point }) {
                bySmoother[s.smoother, default: []].append(point)
            }
        }
        guard !bySmoother.isEmpty else { return nil }
        let series = bySmoother.keys.sorted().enumerated().map { i, name in
            SVGChart.Series(name: name, points: bySmoother[name]!, color: SVGChart.palette[i % SVGChart.palette.count], style: .dots)
        }
        return .trusted(SVGChart(title: "Tracking lag vs \(MetricDescriptor.stationaryJitterMm.title) (one point per trace × smoother)",
                                 xLabel: MetricDescriptor.lagMs.header, yLabel: MetricDescriptor.stationaryJitterMm.header, series: series).svg)
    }

    /// A scenario's point on the lag-vs-jitter chart: (lag, stationary jitter), when both were computed.
    static func latencyJitterPoint(_ s: ScenarioResult) -> (x: Double, y: Double)? {
        guard let lag = s.metrics[metric: .lagMs], let jitter = s.metrics[metric: .stationaryJitterMm] else { return nil }
        return (lag, jitter)
    }

    static func budgetsSection(_ report: SuiteReport) -> ReportPage.Section {
        let sorted = report.budgets.sorted { ($0.passed ? 1 : 0) < ($1.passed ? 1 : 0) }
        let budgets = HTML.table(["metric", "limit", "scenario", "value", "status"], sorted.map { b in
            [.text(b.metric), .text("\(b.limit) \(b.unit)"), .text(b.scenario), .text(Format.value(b.value, unit: b.unit) + (b.note.map { " (\($0))" } ?? "")),
             ReportPage.badge(Verdict(passed: b.passed))]
        }, rowIDs: sorted.map(AnchorID.budget), rowStatus: sorted.map { $0.passed ? "passed" : "failed" }, attributes: ["class": "filterable"])
        let failed = report.budgets.filter { !$0.passed }.count
        return ReportPage.Section(id: "budgets", title: "Budgets (\(failed) breached)",
                                  content: failed == 0 ? [HTML.el("details", HTML.el("summary", .text("all \(report.budgets.count) hold — show")), budgets)] : [budgets])
    }

    /// Detail sections start closed: their title is the only line until clicked. Their charts wait in a `<template>`
    /// (where the first chart was) that the script puts into the page when the fold first opens, so a closed section
    /// adds no chart to the live page; its tables and text stay in the page, where the filter finds them.
    static func collapsed(_ section: ReportPage.Section) -> ReportPage.Section {
        var section = section
        var children: [Node] = [HTML.el("summary", .text("show details"))]
        var charts: [Node] = [], slot: Int?
        for node in section.content {
            if case .trusted = node {
                if slot == nil { slot = children.count }
                charts.append(node)
            } else {
                children.append(node)
            }
        }
        if let slot { children.insert(HTML.el("template", ["class": "deferred-charts"], children: charts), at: slot) }
        section.content = [HTML.el("details", ["class": "detail"], children: children)]
        return section
    }

    static func card(_ title: String, _ value: Node, _ more: Node...) -> Node {
        HTML.el("div", ["class": "card"], children: [HTML.el("div", ["class": "muted"], .text(title)), HTML.el("div", value)]
                + more.map { HTML.el("div", ["class": "muted"], $0) })
    }

    /// Failing frames first, open with their viewers; passing frames as a grid of thumbnails.
    static func framesSection(_ report: SuiteReport, reportDirectory: String) -> ReportPage.Section {
        let failing = report.frames.filter { !$0.status.passed }.sorted { $0.name < $1.name }
        let passing = report.frames.filter(\.status.passed).sorted { $0.name < $1.name }
        var content: [Node] = failing.map { FrameViewer.card($0, reportDirectory: reportDirectory) }
        if !passing.isEmpty {
            content.append(HTML.el("div", ["class": "filter-group"], HTML.el("h3", .text("Passing (\(passing.count)) — click a frame to compare")),
                                   HTML.el("div", ["class": "thumbs"], children: passing.map { FrameViewer.card($0, reportDirectory: reportDirectory) })))
        }
        return ReportPage.Section(id: "frames", title: "Frames (\(failing.count) of \(report.frames.count) not passing)",
                                  content: report.frames.isEmpty ? [.text("No frames in this suite.")] : content)
    }

    static func comparisonSection(_ report: SuiteReport) -> ReportPage.Section {
        let metrics = MetricCatalog.scenario.metrics.filter(\.comparesSmoothers)
        let table = HTML.table(["scenario"] + metrics.map(\.header), report.scenarios.map { scenario in
            [HTML.text(scenario.id)] + metrics.map { HTML.text(Format.metric(scenario.metrics[metric: $0], $0)) }
        }, rowIDs: report.scenarios.map { AnchorID.scenario($0.id) }, attributes: ["class": "filterable"])
        var content: [Node] = [HTML.el("p", ["class": "muted"], .text("Column headers name each metric with its unit; the headline above explains the main ones. Lags: how far the output trails, negative when it leads (prediction). "
                                                                      + "Head-to-photon latency is the app's whole pipeline after this smoother (the audit's model).")), table]
        if let chart = latencyJitterChart(report) { content.append(chart) }
        return ReportPage.Section(id: "comparison", title: "Smoother comparison", content: content)
    }

    static func scenarioSections(_ report: SuiteReport) -> [ReportPage.Section] {
        var seen = Set<String>()
        var sections: [ReportPage.Section] = []
        for scenario in report.scenarios {
            let key = "\(scenario.trace) × \(scenario.smoother)"
            guard seen.insert(key).inserted else { continue }
            let same = report.scenarios.filter { $0.trace == scenario.trace && $0.smoother == scenario.smoother }
            let s = scenario.series
            var lines: [SVGChart.Series] = []
            if let truth = s.truthX { lines.append(.init(name: scenario.reference ?? "truth", points: Array(zip(s.t, truth)).map { ($0, $1) }, color: "#2ca02c")) }
            lines.append(.init(name: "measured", points: Array(zip(s.t, s.measuredX)).map { ($0, $1) }, color: "#999999", style: .dashed))
            lines.append(.init(name: "smoothed", points: Array(zip(s.t, s.smoothedX)).map { ($0, $1) }, color: "#1f77b4"))
            var trajectory = SVGChart(title: "Trajectory x: \(key)" + (s.breaks == nil ? "" : " (shaded: timing gaps and frozen stretches)"), xLabel: "time (s)", yLabel: "x (mm)", series: lines)
            trajectory.shaded = (s.breaks ?? []).compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil }
            var content: [Node] = [
                HTML.table(["screen", "movement scale"] + MetricCatalog.scenario.metrics.map(\.header), same.map { sc in
                    [HTML.text(sc.screen), HTML.text(Format.value(sc.movementScale))] + MetricCatalog.scenario.metrics.map { HTML.text(Format.metric(sc.metrics[metric: $0], $0)) }
                }, attributes: ["class": "filterable"]),
                .trusted(trajectory.svg),
            ]
            if let reference = scenario.reference {
                content.insert(HTML.el("p", HTML.text("No ground truth: every metric of \(scenario.trace) is computed against the \(reference), not the truth (see the notes).")), at: 0)
            }
            if let stepWindow = stepWindow(s) {
                let pick = s.t.indices.filter { s.t[$0] >= stepWindow.lowerBound && s.t[$0] <= stepWindow.upperBound }
                var step: [SVGChart.Series] = []
                if let truth = s.truthX { step.append(.init(name: "truth", points: pick.map { (s.t[$0], truth[$0]) }, color: "#2ca02c")) }
                step.append(.init(name: "smoothed", points: pick.map { (s.t[$0], s.smoothedX[$0]) }, color: "#1f77b4"))
                content.append(.trusted(SVGChart(title: "Step response", xLabel: "time (s)", yLabel: "x (mm)", series: step).svg))
            }
            if s.psdFrequency.count > 1 {
                let psd = zip(s.psdFrequency, s.psdPower).filter { $0.0 > 0 && $0.1 > 0 }.map { (x: $0.0, y: log10($0.1)) }
                content.append(.trusted(SVGChart(title: "Residual PSD (smoothed − truth, x)", xLabel: "frequency (Hz)", yLabel: "log10 power (mm²/Hz)",
                                                 series: [.init(name: "", points: psd, color: "#d62728")]).svg))
            }
            if !s.parallaxErrorPx.isEmpty {
                content.append(.trusted(SVGChart(title: "On-screen error from tracking + smoothing (worst reference point, s = \(Format.value(scenario.movementScale)), \(scenario.screen))",
                                                 xLabel: "time (s)", yLabel: "error (px)",
                                                 series: [.init(name: "", points: Array(zip(s.t, s.parallaxErrorPx)).map { ($0, $1) }, color: "#9467bd")]).svg))
                content.append(.trusted(SVGHistogram(title: "Error histogram", xLabel: "error (px)", values: s.parallaxErrorPx).svg))
            }
            let notes = Array(Set(same.flatMap(\.notes))).sorted()
            if !notes.isEmpty { content.append(HTML.el("ul", ["class": "muted"], children: notes.map { HTML.el("li", .text($0)) })) }
            content.insert(HTML.el("p", ["class": "muted"], .text("smoother spec: \(scenario.smootherSpec)")), at: 0)
            sections.append(ReportPage.Section(id: AnchorID.scenarioGroup(trace: scenario.trace, smoother: scenario.smoother), title: sections.isEmpty ? "Scenarios — \(key)" : key,
                                               content: content, navigation: sections.isEmpty))
        }
        return sections
    }

    /// Around the first jump of the truth larger than 10 mm between plot samples.
    static func stepWindow(_ s: ScenarioResult.Series) -> ClosedRange<Double>? {
        guard let truth = s.truthX, truth.count > 2 else { return nil }
        for i in 1..<truth.count where abs(truth[i] - truth[i - 1]) > 10 {
            return (s.t[i] - 0.2)...(s.t[i] + 0.8)
        }
        return nil
    }

    static func numbersSection(_ numbers: NumbersResult) -> ReportPage.Section {
        var content: [Node] = [HTML.el("p", ["class": "filterable-item", "data-status": numbers.status.passed ? "passed" : "failed"],
                                       ReportPage.badge(numbers.status == .missing ? .missing : Verdict(passed: numbers.status.passed)),
                                       .text(" \(numbers.compared) numbers compared with \(numbers.golden)"))]
        if !numbers.status.passed {
            content.append(HTML.el("p", .text("Record: "), HTML.el("code", .text(numbers.recordCommand))))
        }
        if !numbers.mismatches.isEmpty {
            let rows = numbers.mismatches.prefix(200)
            content.append(HTML.table(["key", "golden", "actual"], rows.map {
                [.text($0.key), .text(Format.value($0.golden)), .text(Format.value($0.actual))]
            }, rowStatus: rows.map { _ in "failed" }, attributes: ["class": "filterable"]))
        }
        return ReportPage.Section(id: "numbers", title: "Numeric golden", content: content)
    }

    /// Every compared metric with its arrow; changed ones first (worse, new, gone, better), unchanged ones folded.
    static func baselineSection(_ deltas: [BaselineDelta]) -> ReportPage.Section {
        let order: [BaselineState: Int] = [.worse: 0, .new: 1, .gone: 2, .better: 3, .same: 4]
        let sorted = deltas.sorted { (order[$0.state]!, $0.key) < (order[$1.state]!, $1.key) }
        func table(_ rows: [BaselineDelta]) -> Node {
            HTML.table(["metric", "baseline", "now", "change"], rows.map {
                [.text($0.key), .text(Format.value($0.baseline)), .text(Format.value($0.current)),
                 HTML.el("span", ["class": "delta \($0.state.rawValue)"], .text($0.state.arrow))]
            }, attributes: ["class": "filterable"])
        }
        let changed = sorted.filter { $0.state != .same }, same = sorted.filter { $0.state == .same }
        var content: [Node] = [table(changed)]
        if !same.isEmpty { content.append(HTML.el("details", HTML.el("summary", .text("\(same.count) within their noise bands")), table(same))) }
        return ReportPage.Section(id: "baseline", title: "Compared with the baseline (\(deltas.filter(\.worse).count) worse)", content: content)
    }

    /// The status tabs and the text filter (state kept in the URL's query, so a filtered view can be linked);
    /// a status tab matches an item's `data-status` attribute, never its text; a section or group left without a
    /// visible item hides with its heading. Also reports script errors and broken images in data attributes so a
    /// headless browser test can check them.
    static let script = """
        (function(){
          var errors=0;window.addEventListener('error',function(){errors++;document.body.setAttribute('data-errors',errors);},true);
          document.body.setAttribute('data-errors','0');
          var f=document.getElementById('filter'),tabs=document.querySelectorAll('.status-tab'),status='all';
          var items=document.querySelectorAll('.filterable tbody tr, .filterable-item');
          var counts={all:0,failed:0,passed:0,informational:0};
          items.forEach(function(e){var s=e.getAttribute('data-status');if(s){counts.all++;if(counts[s]!==undefined)counts[s]++;}});
          tabs.forEach(function(t){t.querySelector('.count').textContent='('+counts[t.getAttribute('data-tab')]+')';});
          function apply(write){var q=f?f.value.toLowerCase():'';
            items.forEach(function(e){var s=e.getAttribute('data-status');
              var ok=(status==='all'||s===status)&&(!q||e.textContent.toLowerCase().indexOf(q)>=0);e.style.display=ok?'':'none';});
            var active=status!=='all'||q!=='';
            document.querySelectorAll('.filter-group').forEach(function(g){var any=false;
              g.querySelectorAll('.filterable tbody tr, .filterable-item').forEach(function(e){if(e.style.display!=='none')any=true;});
              g.style.display=(!active||any)?'':'none';});
            document.querySelectorAll('main > section').forEach(function(sec){if(sec.id==='overview')return;var any=false;
              sec.querySelectorAll('.filterable tbody tr, .filterable-item').forEach(function(e){if(e.style.display!=='none')any=true;});
              sec.style.display=(!active||any)?'':'none';});
            tabs.forEach(function(t){t.setAttribute('aria-pressed',t.getAttribute('data-tab')===status?'true':'false');});
            document.body.setAttribute('data-filter',status+'|'+q);
            if(write){var p=new URLSearchParams();if(status!=='all')p.set('status',status);if(q)p.set('q',q);var search=p.toString();
              try{history.replaceState(null,'',location.pathname+(search?'?'+search:'')+location.hash);}catch(x){}}}
          var start=new URLSearchParams(location.search);
          if(counts[start.get('status')]!==undefined)status=start.get('status');
          if(f&&start.get('q'))f.value=start.get('q');
          tabs.forEach(function(t){t.addEventListener('click',function(){status=t.getAttribute('data-tab');apply(true);});});
          if(f){f.addEventListener('input',function(){apply(true);});}
          apply(false);
          window.addEventListener('load',function(){var broken=0;document.querySelectorAll('img').forEach(function(i){
            if(i.complete&&i.naturalWidth===0)broken++;});document.body.setAttribute('data-broken-images',broken);
            document.body.setAttribute('data-loaded','1');});
        })();
        """ + "\n"
}
