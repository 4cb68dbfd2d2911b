import Vocabulary

/// What a user runs the suite for, first: head-to-photon latency, visible jitter at rest, parallax error and the
/// effect's strength, for the app's configuration and the best alternative the suite measured — each with its
/// unit, budget, trend against the baseline and one line of meaning (the metric's descriptor). index.html,
/// summary.md and `parallax run`'s terminal output all lead with it, from these same values (report.json's
/// `headline`).
package struct Headline: Codable, Sendable {
    /// The screen and movement scale the values are at.
    package var screen: String
    package var movementScale: Double
    /// The app's configuration first, then the best alternative (when the suite measured another smoother).
    package var configurations: [Configuration]
    package var rows: [Row]
    /// How the alternative was chosen, in words.
    package var alternativeRule: String
    /// The app's head-to-photon latency in parts (ms), from the model every latency figure uses.
    package var latencyParts: [Part]
    /// Who "the app" is: the model or the code replayed (absent in reports written before, and when the suite
    /// measured no app).
    package var app: App?

    package struct Configuration: Codable, Sendable {
        package var role: Role
        /// The `smoother` of the scenarios the column is the median of (`app`: the app's code).
        package var smoother: String
        /// How the outputs name the column ("the app (code f7310c2e)"); nil: the role and the smoother.
        package var label: String?
        /// The alternative's budgets it breaks (empty: it keeps every budget that applies to it); nil for the app.
        package var breaks: [Break]?
        package init(role: Role, smoother: String, label: String? = nil, breaks: [Break]? = nil) {
            self.role = role
            self.smoother = smoother
            self.label = label
            self.breaks = breaks
        }
    }

    /// A budget a smoother breaks on some of its scenarios, with the value furthest beyond the limit.
    package struct Break: Codable, Sendable {
        package var metric: String
        /// As the report writes limits: "≤ 3".
        package var limit: String
        package var unit: String
        /// The worst of its values on the scenarios that break it (nil: not computed on any of them).
        package var value: Double?
        /// How many of its scenarios break it.
        package var scenarios: Int

        /// The failed results of one smoother's budget evaluation, one `Break` per budget (metric and limit) in the
        /// results' order.
        package static func breaks(in results: [BudgetResult]) -> [Break] {
            var found: [Break] = []
            for result in results where !result.passed {
                let atLeast = result.limit.hasPrefix("≥")
                if let k = found.firstIndex(where: { $0.metric == result.metric && $0.limit == result.limit }) {
                    found[k].scenarios += 1
                    if let v = result.value { found[k].value = found[k].value.map { atLeast ? Swift.min($0, v) : Swift.max($0, v) } ?? v }
                } else {
                    found.append(Break(metric: result.metric, limit: result.limit, unit: result.unit, value: result.value, scenarios: 1))
                }
            }
            return found
        }

        /// "visible jitter at rest: 7.934 > 3 px" (the limit's sign turned: the value is beyond it).
        package var text: String {
            let title = Headline.descriptor(metric)?.title ?? metric
            let unit = self.unit.isEmpty ? "" : " \(self.unit)"
            guard let value else { return "\(title): not computed (\(limit)\(unit))" }
            let beyond = limit.hasPrefix("≥") ? "<" : ">"
            return "\(title): \(Format.value(value)) \(beyond) \(limit.dropFirst(2))\(unit)"
        }

        /// "breaks ≤ 3 px", beside a value of its metric.
        var short: String { "breaks \(limit)\(unit.isEmpty ? "" : " \(unit)")" }
    }

    /// What a cell says beside its values: the configuration's breaks of a budget on one of the row's metrics.
    static func breaks(_ row: Row, _ configuration: Configuration) -> [String] {
        (configuration.breaks ?? []).filter { row.metrics.contains($0.metric) }.map(\.short)
    }

    /// The app under test of the "the app" column: its label, what it is, the settings it held as built, and — when it
    /// is code — how the model of the app compares with it on the suite's traces (`AppComparison.statement`).
    package struct App: Codable, Sendable {
        /// "the app (code f7310c2e)" or "the app (model: ema:alpha=0.25, movement scale 1.5)".
        package var label: String
        /// `model` or `code`.
        package var kind: String
        /// The model's parameters, or the code's folder as the suite file names it.
        package var source: String
        /// The code's source hash (every compiled file); nil for the model.
        package var hash: String?
        package var smoothingAlpha: Double
        package var movementScale: Double
        /// "model ≠ code (6 of 6 runs): first at the smoother output, frame 2 …" (code only).
        package var comparison: String?
        package init(label: String, kind: String, source: String, hash: String?, smoothingAlpha: Double, movementScale: Double, comparison: String?) {
            self.label = label
            self.kind = kind
            self.source = source
            self.hash = hash
            self.smoothingAlpha = smoothingAlpha
            self.movementScale = movementScale
            self.comparison = comparison
        }
    }

    /// One question: its metrics (the first is the main one, the others the same quantity in other units).
    package struct Row: Codable, Sendable {
        package var metrics: [String]
        /// The traces the values are the median over (a metric's budget names them; else every trace).
        package var traces: [String]
        /// The budget of the main metric on those traces ("≤ 3 px"), when the suite has one.
        package var budget: String?
        /// One per configuration.
        package var cells: [Cell]
        package init(metrics: [String], traces: [String], budget: String?, cells: [Cell]) {
            self.metrics = metrics
            self.traces = traces
            self.budget = budget
            self.cells = cells
        }
    }

    package struct Cell: Codable, Sendable {
        /// Median over the row's traces, one per metric of the row (nil: not measured).
        package var values: [Double?]
        /// Against the baseline's headline (with `--baseline`).
        package var trend: BaselineState?
        package init(values: [Double?], trend: BaselineState? = nil) {
            self.values = values
            self.trend = trend
        }
    }

    /// Whose values a column holds; the raw value is what the outputs call it.
    package enum Role: String, Codable, Sendable {
        case app = "the app"
        case alternative = "best alternative"
    }

    package struct Part: Codable, Sendable {
        package var name: String
        package var ms: Double
        package init(name: String, ms: Double) {
            self.name = name
            self.ms = ms
        }
    }

    package init(screen: String, movementScale: Double, configurations: [Configuration], rows: [Row], alternativeRule: String, latencyParts: [Part],
                 app: App? = nil) {
        self.screen = screen
        self.movementScale = movementScale
        self.configurations = configurations
        self.rows = rows
        self.alternativeRule = alternativeRule
        self.latencyParts = latencyParts
        self.app = app
    }

    static func descriptor(_ name: String) -> MetricDescriptor? { MetricCatalog.scenario.descriptor(named: name) }

    /// A row's title: the main metric's title.
    static func title(_ row: Row) -> String { row.metrics.first.flatMap(descriptor)?.title ?? row.metrics.joined(separator: ", ") }

    /// The row's one line of meaning (the main metric's descriptor).
    static func meaning(_ row: Row) -> String { row.metrics.first.flatMap(descriptor)?.meaning ?? "" }

    /// "2.33 px · 0.27 mm".
    static func value(_ row: Row, _ cell: Cell) -> String {
        let parts = values(row, cell)
        return parts.isEmpty ? "not measured" : parts.joined(separator: " · ")
    }

    /// Each measured value with its unit, the main metric's first.
    static func values(_ row: Row, _ cell: Cell) -> [String] {
        zip(row.metrics, cell.values).compactMap { name, value -> String? in
            value.map { Format.value($0, unit: descriptor(name)?.unit.symbol ?? "") }
        }
    }

    /// "median of sway, lean" or "still".
    static func over(_ row: Row) -> String {
        row.traces.count == 1 ? "on \(row.traces[0])" : "median of \(row.traces.count) traces"
    }

    static func trend(_ cell: Cell) -> String? { cell.trend.map { "\($0.arrow) vs baseline" } }

    /// Whether any cell has a trend (a run with `--baseline`).
    var hasTrends: Bool { rows.contains { $0.cells.contains { $0.trend != nil } } }

    /// "sensor 33 + filter lag 50 + …".
    package var partsText: String { latencyParts.map { "\($0.name) \(Format.value($0.ms)) ms" }.joined(separator: " + ") }

    package var configurationLabels: [String] { configurations.map { $0.label ?? "\($0.role.rawValue) (\($0.smoother))" } }

    /// "The app as built: α = 0.5, movement scale 2, read back from its code." (nil: the app is no code).
    var builtText: String? {
        app.flatMap { $0.kind == "code" ? "\($0.label) as built: α = \(Format.value($0.smoothingAlpha)), movement scale \(Format.value($0.movementScale)), read back from its code." : nil }
    }

    /// "The app's model against its code on the suite's traces …: model ≠ code (…)." (nil: the app is no code).
    var comparisonText: String? {
        app?.comparison.map { "The app's model (\(AppDefaults.smootherSpec), movement scale \(Format.value(AppDefaults.movementScale))) against its code on the suite's traces at \(screen), each as built: \($0)." }
    }

    // MARK: - index.html

    /// The block at the top of the overview: one column per question (its title, meaning, traces and budget, then a
    /// value per configuration); on a phone the questions stack, each with its values side by side.
    package var html: Node {
        var questions: [Node] = []
        for row in rows {
            var facts = [Self.over(row)]
            if let budget = row.budget { facts.append("budget \(budget)") }
            var children: [Node] = [HTML.el("div", ["class": "hl-metric"], HTML.el("strong", .text(Self.title(row))),
                                            HTML.el("span", ["class": "hl-meaning"], .text(Self.meaning(row))),
                                            HTML.el("span", ["class": "hl-note"], .text(facts.joined(separator: " · "))))]
            for (configuration, cell) in zip(configurations, row.cells) {
                // The main value large, the same quantity in other units small beside it.
                let values = Self.values(row, cell)
                let small = Array(values.dropFirst()) + [cell.trend?.arrow].compactMap { $0 } + Self.breaks(row, configuration)
                children.append(HTML.el("div", ["class": "hl-cell", "data-role": configuration.role.rawValue],
                                        children: [HTML.el("span", ["class": "hl-who"], .text(configuration.role == .app ? configuration.role.rawValue : configuration.smoother)),
                                                   HTML.el("span", ["class": "hl-value"], .text(values.first ?? "not measured"))]
                                        + (small.isEmpty ? [] : [HTML.el("span", ["class": "hl-also"], .text(small.joined(separator: " · ")))])))
            }
            questions.append(HTML.el("div", ["class": "hl-q", "data-metric": row.metrics.first ?? ""], children: children))
        }
        var content: [Node] = [
            HTML.el("p", ["class": "hl-setup muted"],
                    .text("\(configurationLabels.joined(separator: " vs ")) on \(screen), movement scale \(Format.value(movementScale))"
                          + (hasTrends ? "; arrows: against the baseline." : "."))),
        ]
        if let builtText { content.append(HTML.el("p", ["class": "hl-setup muted"], .text(builtText))) }
        if let comparisonText { content.append(HTML.el("p", ["class": "hl-setup muted hl-comparison"], .text(comparisonText))) }
        content.append(HTML.el("div", ["class": "hl-grid"], children: questions))
        content.append(HTML.el("p", ["class": "muted hl-parts hl-more"],
                               .text("Medians over the traces named under each question (its budget's, else all). \(alternativeRule)"
                                     + (latencyParts.isEmpty ? "" : " The app's head-to-photon latency in parts (means): \(partsText); its p95 adds the frame wait's spread and the trace's timestamp jitter."))))
        return HTML.el("div", ["class": "headline", "id": "headline"], children: content)
    }

    static let stylesheet = """
        .headline{border:1px solid var(--line);border-radius:8px;padding:4px 12px;margin:2px 0 6px;background:var(--panel)}
        .hl-setup,.hl-parts{margin:0;font-size:12px}.hl-grid{display:grid;grid-template-columns:repeat(4,minmax(0,1fr));gap:4px 16px;margin:2px 0}
        .hl-q{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:0 10px;min-width:0;align-content:start}.hl-metric{grid-column:1/-1}.hl-metric strong{display:block}.hl-cell:nth-child(2):last-child{grid-column:1/-1}
        .hl-who{margin-right:6px}.hl-meaning,.hl-note,.hl-also{display:block;font-size:12px;line-height:1.3;color:var(--muted);overflow-wrap:anywhere}
        .hl-who{display:block;font-size:12px;color:var(--muted);overflow-wrap:anywhere}.hl-cell:nth-child(2):last-child .hl-who{display:inline}.hl-value{white-space:nowrap;font-size:17px;font-weight:700;font-variant-numeric:tabular-nums;overflow-wrap:anywhere}
        @media (max-width:600px){.hl-more{display:none}}
        @media (max-width:900px){.hl-grid{grid-template-columns:minmax(0,1fr)}.hl-q{border-top:1px solid var(--line);padding-top:4px}}
        """

    // MARK: - summary.md and the terminal

    /// A Markdown table (summary.md's first lines after the verdict).
    package var markdown: [String] {
        var lines = ["| \(MarkdownSummary.cell(screen)), s = \(Format.value(movementScale)) | " + configurationLabels.map(MarkdownSummary.cell).joined(separator: " | ") + " | budget | what it means |",
                     "|---|" + configurations.map { _ in "---|" }.joined() + "---|---|"]
        for row in rows {
            let cells = zip(configurations, row.cells).map { configuration, cell in
                ([Self.value(row, cell)] + [Self.trend(cell)].compactMap { $0 } + Self.breaks(row, configuration)).joined(separator: " ")
            }
            lines.append("| \(Self.title(row)) (\(Self.over(row))) | " + cells.map(MarkdownSummary.cell).joined(separator: " | ")
                         + " | \(row.budget ?? "—") | \(MarkdownSummary.cell(Self.meaning(row))) |")
        }
        lines.append("")
        lines.append(MarkdownSummary.cell(alternativeRule) + (latencyParts.isEmpty ? "" : " Head-to-photon latency of the app (means): \(partsText)."))
        if let builtText { lines += ["", MarkdownSummary.cell(builtText)] }
        if let comparisonText { lines += ["", MarkdownSummary.cell(comparisonText)] }
        return lines
    }

    /// Aligned columns for `parallax run`'s output.
    package var text: [String] {
        var table = [["\(screen), s = \(Format.value(movementScale))"] + configurationLabels + ["budget"]]
        for row in rows {
            table.append(["\(Self.title(row)) (\(Self.over(row)))"] + zip(configurations, row.cells).map { configuration, cell in
                ([Self.value(row, cell)] + [cell.trend.map(\.arrow)].compactMap { $0 } + Self.breaks(row, configuration)).joined(separator: " ")
            } + [row.budget ?? "—"])
        }
        let widths = table[0].indices.map { i in table.map { $0[i].count }.max() ?? 0 }
        var lines = table.map { row in "  " + row.indices.map { i in row[i].padding(toLength: widths[i], withPad: " ", startingAt: 0) }.joined(separator: "  ") }
        lines = lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
        if !latencyParts.isEmpty { lines.append("  head-to-photon latency of the app (means): \(partsText)") }
        lines.append("  \(alternativeRule)")
        if let builtText { lines.append("  \(builtText)") }
        if let comparisonText { lines.append("  \(comparisonText)") }
        return lines
    }
}
