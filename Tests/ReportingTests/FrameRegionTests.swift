import Foundation
import Testing
@testable import Plumbing
@testable import Reporting
import Vocabulary

/// The failing frame's changed regions: in report.json (snake_case, deterministic), boxed on the overlay, the
/// actual and the diff, listed with pixel coordinates; the viewer and the page's status controls.
@Suite struct FrameRegionTests {
    static func report(regions: [DiffRegion], count: Int) -> SuiteReport {
        var report = ReportFixture.report()
        report.frames[0].width = 40
        report.frames[0].height = 30
        report.frames[0].regions = regions
        report.frames[0].regionCount = count
        return report
    }

    @Test func regionsAreInReportJSONAndReadBack() throws {
        let regions = [DiffRegion(x: 12, y: 7, width: 6, height: 6, pixels: 36, maxChannelDiff: 255),
                       DiffRegion(x: 0, y: 29, width: 1, height: 1, pixels: 1, maxChannelDiff: 9)]
        let data = try ReportWriter.json(Self.report(regions: regions, count: 40))
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"region_count\" : 40"))
        #expect(text.contains("\"max_channel_diff\" : 255"))
        let frame = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["frames"] as? [[String: Any]])[0]
        let first = try #require((frame["regions"] as? [[String: Any]])?.first)
        #expect(first["x"] as? Int == 12 && first["y"] as? Int == 7 && first["width"] as? Int == 6 && first["height"] as? Int == 6 && first["pixels"] as? Int == 36)
        #expect(try ReportWriter.decode(data).frames[0].regions == regions)
        #expect(try ReportWriter.json(ReportWriter.decode(data)) == data, "the same report gives the same bytes")
        // A frame that was not compared has no regions key at all.
        let none = String(decoding: try ReportWriter.json(ReportFixture.report()), as: UTF8.self)
        #expect(!none.contains("\"regions\"") && !none.contains("strip_image"))
    }

    @Test func regionsAreBoxedOnOverlayActualAndDiffAndListed() {
        let regions = [DiffRegion(x: 12, y: 7, width: 6, height: 6, pixels: 36, maxChannelDiff: 255),
                       DiffRegion(x: 0, y: 29, width: 1, height: 1, pixels: 1, maxChannelDiff: 9)]
        let page = HTMLReport.render(Self.report(regions: regions, count: 40), reportDirectory: "Reports/latest")
        // Outset by 2 px and clipped to the 40×30 image: (10, 5) 10×10; (0, 27) 3×3.
        let largest = "<rect class=\"box largest\" data-region=\"0\" x=\"10\" y=\"5\" width=\"10\" height=\"10\"/>"
        let corner = "<rect class=\"box\" data-region=\"1\" x=\"0\" y=\"27\" width=\"3\" height=\"3\"/>"
        #expect(page.components(separatedBy: largest).count - 1 == 3, "boxed on the overlay, the actual and the diff")
        #expect(page.components(separatedBy: corner).count - 1 == 3)
        #expect(page.contains("<svg class=\"boxes\" viewBox=\"0 0 40 30\" preserveAspectRatio=\"none\" aria-hidden=\"true\">"))
        #expect(page.contains("Changed regions (40, largest 2 listed; pixel coordinates, origin top-left)"))
        #expect(page.contains("6×6 px at (12, 7) · 36 px over tolerance · max diff 255"))
        #expect(page.contains("1×1 px at (0, 29) · 1 px over tolerance · max diff 9"))
        #expect(page.contains("data-regions=\"[[12,7,6,6],[0,29,1,1]]\""))
        for level in ["fit", "1", "2", "4", "8"] { #expect(page.contains("data-zoom=\"\(level)\"")) }
    }

    @Test func theFailingFrameComesBeforeAnyChart() throws {
        var report = ReportFixture.report()
        report.scenarios = [ScenarioResult(id: "t × ema × s × s=1.0", trace: "t", smoother: "ema", smootherSpec: "ema:alpha=0.25", screen: "s",
                                           movementScale: 1, metrics: ["lag_ms": 30, "stationary_jitter_mm": 0.2], notes: [],
                                           series: .init(t: [0, 1], truthX: [0, 1], measuredX: [0, 1], smoothedX: [0, 1], psdFrequency: [], psdPower: [], parallaxErrorPx: []))]
        let page = HTMLReport.render(report, reportDirectory: "r")
        let frame = try #require(page.range(of: "class=\"viewer\""))
        let chart = try #require(page.range(of: "<svg xmlns"))
        #expect(frame.lowerBound < chart.lowerBound, "a chart sits above the failing frame")
        #expect(page.components(separatedBy: "class=\"chart-title\">Tracking lag vs head jitter at rest").count - 1 == 1, "the latency chart appears once")
    }

    @Test func statusTabsFilterByAttributeAndThePageHasALandmark() {
        let page = HTMLReport.render(ReportFixture.report(), reportDirectory: "r")
        for tab in ["all", "failed", "passed", "informational"] { #expect(page.contains("data-tab=\"\(tab)\"")) }
        #expect(page.contains("<main>") && page.contains("</main>"))
        #expect(page.contains("data-status=\"failed\""), "failing items carry their status as an attribute")
        #expect(!page.contains("<th></th>"), "no empty table headers")
        #expect(HTMLReport.script.contains("s===status"), "tabs compare the status attribute, not the text")
        #expect(HTMLReport.script.contains("history.replaceState"), "the filter is kept in the URL")
    }

    @Test func legendsSitAboveThePlotInsideTheChart() throws {
        let names = ["ema:alpha=0.25", "one-euro:mincutoff=1,beta=10", "kalman-cv", "one-euro:mincutoff=1,beta=10|predict:horizon=0.03"]
        let chart = SVGChart(title: "t", xLabel: "x", yLabel: "y", series: names.enumerated().map { i, name in
            SVGChart.Series(name: name, points: [(Double(i), Double(i))], color: SVGChart.palette[i], style: .dots)
        }).svg
        // Every legend label starts inside the 640-wide chart and above the plot's top edge.
        let match = try #require(chart.firstMatch(of: /<rect x="64.0" y="([\d.]+)" width/))
        let plotTop = try #require(Double(match.1))
        let labels = chart.matches(of: /<text x="([\d.]+)" y="([\d.]+)" class="legend">([^<]*)<\/text>/)
        #expect(labels.count == 4)
        for label in labels {
            let x = Double(label.1)!, y = Double(label.2)!
            #expect(x + Double(label.3.count) * 7.2 <= 640 - 16 + 0.01, "legend \(label.3) leaves the chart")
            #expect(y < plotTop, "legend \(label.3) is drawn over the plot")
        }
    }
}

/// Line simplification keeps the drawn line within its tolerance of every original point (checked against the
/// point-to-polyline distance computed here, independently) and drops points of straight stretches.
@Suite struct LineSimplificationTests {
    static func distance(_ p: (x: Double, y: Double), toPolyline line: [(x: Double, y: Double)]) -> Double {
        var best = Double.infinity
        for (a, b) in zip(line, line.dropFirst()) {
            let dx = b.x - a.x, dy = b.y - a.y, l2 = dx * dx + dy * dy
            let t = l2 > 0 ? min(1, max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2)) : 0
            let cx = a.x + t * dx, cy = a.y + t * dy
            best = min(best, ((p.x - cx) * (p.x - cx) + (p.y - cy) * (p.y - cy)).squareRoot())
        }
        return best
    }

    @Test func staysWithinToleranceAndDropsStraightStretches() {
        // A straight ramp, a sine and a step: 601 points over 600 px.
        let points = (0...600).map { i -> (x: Double, y: Double) in
            let x = Double(i)
            return (x, x < 200 ? x * 0.5 : x < 400 ? 100 + 40 * sin((x - 200) / 200 * .pi * 3) : 180)
        }
        let kept = SVGChart.simplified(points, tolerance: 0.25)
        #expect(kept.first! == points.first! && kept.last! == points.last!)
        #expect(kept.count < 150, "kept \(kept.count) of \(points.count)")
        for p in points { #expect(Self.distance(p, toPolyline: kept) <= 0.25 + 1e-9) }
        // The ramp (x < 200) collapses to its two ends (plus the corner at x = 200).
        #expect(kept.filter { $0.x < 200 }.count == 1)
    }
}

/// A line's path data reads back (absolute start, then relative steps) to the points rounded to 0.1 px.
@Suite struct PathDataTests {
    @Test func relativeStepsReadBackToTheRoundedPoints() throws {
        let points: [(x: Double, y: Double)] = [(64.04, 120.96), (65.3, 118.2), (66.55, 118.2), (70, 250.04), (69.96, 3.1), (64.0, 0.04)]
        let d = SVGChart.pathData(points)
        #expect(d.hasPrefix("M64 121l"))
        // Read back as an SVG reader does: numbers are -?digits[.digits] or -?.digits, a '-' also separates.
        let numbers = d.dropFirst().replacingOccurrences(of: "l", with: " ").matches(of: /-?(?:\d+\.?\d*|\.\d+)/).map { Double(String($0.output))! }
        #expect(numbers.count == points.count * 2)
        var x = 0.0, y = 0.0
        for (i, p) in points.enumerated() {
            if i == 0 { x = numbers[0]; y = numbers[1] } else { x += numbers[2 * i]; y += numbers[2 * i + 1] }
            #expect(abs(x - (p.x * 10).rounded() / 10) < 1e-9 && abs(y - (p.y * 10).rounded() / 10) < 1e-9, "point \(i): \(x), \(y) for \(p)")
        }
    }
}

/// A folded scenario section keeps its charts in a template (put into the page when opened), its tables in the page.
@Suite struct DeferredChartTests {
    @Test func foldedChartsWaitInATemplate() throws {
        let section = ReportPage.Section(id: "s", title: "t", content: [
            HTML.el("p", .text("spec")), HTML.table(["a"], [[.text("1")]], attributes: ["class": "filterable"]),
            .trusted("<div class=\"chart-wrap\"><svg class=\"chart\"></svg></div>"), HTML.el("ul", HTML.el("li", .text("note"))),
            .trusted("<div class=\"chart-wrap\"><svg class=\"chart second\"></svg></div>"),
        ])
        let html = HTMLReport.collapsed(section).content.map(\.rendered).joined()
        #expect(html == "<details class=\"detail\"><summary>show details</summary><p>spec</p><div class=\"table-wrap\"><table class=\"filterable\"><thead><tr><th>a</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table></div><template class=\"deferred-charts\"><div class=\"chart-wrap\"><svg class=\"chart\"></svg></div><div class=\"chart-wrap\"><svg class=\"chart second\"></svg></div></template><ul><li>note</li></ul></details>")
        #expect(ChartReadout.script.contains("template.deferred-charts") && ChartReadout.script.contains("'toggle'"))
    }
}

/// A heatmap's values as a table (its text alternative): rows top-down as drawn, NaN as a dash; its marks drawn
/// where the grid is nearest and labelled in a row below the axis.
@Suite struct HeatmapAlternativeTests {
    static var map: SVGHeatmap {
        var map = SVGHeatmap(title: "jitter", xLabel: "alpha", yLabel: "s", xValues: [0.1, 0.2], yValues: [1, 2],
                             values: [[1.5, .nan], [3, 4]], unit: "px")
        map.marks = [.init(x: 0.19, y: 1.1, label: "recommended"), .init(x: 0.1, y: 2, label: "app default", dashed: true)]
        return map
    }

    @Test func valuesTableListsRowsTopDown() {
        let html = Self.map.valueTable.rendered
        #expect(html.contains("<summary>jitter: values (px)</summary>"))
        #expect(html.contains("<tr><th>s \\ alpha</th><th>0.1</th><th>0.2</th></tr>"))
        #expect(html.contains("<tbody><tr><td>2</td><td>3</td><td>4</td></tr><tr><td>1</td><td>1.5</td><td>—</td></tr></tbody>"))
    }

    @Test func marksRingTheNearestCellsAndAreLabelled() throws {
        let svg = Self.map.svg
        // Cells are 8 × 10 from (64, 28); plot height 20: (0.2, 1) is column 1, row 0 → centre (76, 43); (0.1, 2) → (68, 33).
        #expect(svg.contains("cx=\"76.0\" cy=\"43.0\" r=\"8.0\" fill=\"none\" stroke=\"#d6006f\" stroke-width=\"1.6\"><title>recommended</title>"))
        #expect(svg.contains("cx=\"68.0\" cy=\"33.0\" r=\"8.0\" fill=\"none\" stroke=\"#d6006f\" stroke-width=\"1.6\" stroke-dasharray=\"3 2\"><title>app default</title>"))
        #expect(svg.contains("class=\"legend\">recommended</text>") && svg.contains("class=\"legend\">app default</text>"))
    }
}
