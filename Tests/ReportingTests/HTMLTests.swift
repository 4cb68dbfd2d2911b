import Testing
@testable import Reporting

@Suite struct HTMLTests {
    @Test func textAndAttributesAreEscaped() {
        let hostile = "<script>alert(\"x\")</script> & 'quotes'"
        let node = HTML.el("a", ["href": "frames/\(hostile).png", "title": hostile], .text(hostile))
        let html = node.rendered
        #expect(!html.contains("<script>"))
        #expect(html == "<a href=\"frames/&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;.png\" title=\"&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;\">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;</a>")
    }

    @Test func voidElementsHaveNoClosingTag() {
        #expect(HTML.el("img", ["src": "a.png", "alt": "x"]).rendered == "<img src=\"a.png\" alt=\"x\">")
    }

    @Test func tableBuilderNestsRows() {
        let html = HTML.table(["a", "b"], [[.text("1"), .text("<2>")]]).rendered
        #expect(html == "<div class=\"table-wrap\"><table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td><td>&lt;2&gt;</td></tr></tbody></table></div>")
        let marked = HTML.table(["a"], [[.text("1")]], rowIDs: ["r"], rowStatus: ["failed"]).rendered
        #expect(marked.contains("<tr id=\"r\" data-status=\"failed\"><td>1</td></tr>"))
    }
}

@Suite struct SVGChartTests {
    @Test func niceTicksAreRoundAndCoverTheRange() {
        let unit = SVGChart.ticks(0, 1)
        #expect(unit.count == 6)
        for (tick, expected) in zip(unit, [0, 0.2, 0.4, 0.6, 0.8, 1]) { #expect(abs(tick - expected) < 1e-12) }
        let ticks = SVGChart.ticks(-3.7, 12.2)
        #expect(ticks.first! >= -3.7 && ticks.last! <= 12.2)
        #expect(ticks == [0, 5, 10])  // raw step 15.9/5 = 3.18 → the next of 1, 2, 5 × 10^k is 5
        #expect(SVGChart.ticks(5, 5) == [5])
    }

    @Test func chartEscapesLabelsAndDrawsEverySeries() {
        var chart = SVGChart(title: "lag <ms>", xLabel: "t & s", yLabel: "y", series: [
            .init(name: "a\"b", points: [(0, 0), (1, 1)], color: "#123456"),
            .init(name: "dots", points: [(0.5, 0.2)], color: "#654321", style: .dots),
        ])
        chart.references = [(0.5, "budget")]
        let svg = chart.svg
        #expect(svg.hasPrefix("<div class=\"chart-wrap\"><svg") && svg.hasSuffix("</svg></div>"), "a chart scrolls in its own box on narrow screens")
        #expect(svg.contains("lag &lt;ms&gt;") && svg.contains("t &amp; s") && svg.contains("a&quot;b"))
        #expect(svg.contains("<path class=\"line\"") && svg.contains("<circle") && svg.contains("budget"))
    }

    @Test func decimationKeepsExtremes() {
        let points = (0..<10_000).map { (x: Double($0), y: $0 == 5_000 ? 100.0 : 0.0) }
        let reduced = SVGChart.decimated(points, columns: 100)
        #expect(reduced.count < 1_000)
        #expect(reduced.contains { $0.y == 100 })
        #expect(reduced.first!.x == 0 && reduced.last!.x == 9_999)
    }
}
