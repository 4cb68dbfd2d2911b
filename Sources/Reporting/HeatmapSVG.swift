import Foundation

/// A heatmap of values on a grid (e.g. jitter over α × movementScale), with a colour scale and labels.
package struct SVGHeatmap: Sendable {
    package var title: String
    package var xLabel: String
    package var yLabel: String
    package var xValues: [Double]
    package var yValues: [Double]
    /// values[yIndex][xIndex]; NaN cells are drawn grey.
    package var values: [[Double]]
    package var unit: String
    package var cellWidth = 8.0
    package var cellHeight = 10.0
    /// Points marked on the grid (e.g. the recommendation and the app default): a ring around the cell nearest to
    /// (x, y), with its label in a legend row below the axis label (never over the cells, never past the edge).
    package var marks: [Mark] = []

    package struct Mark: Sendable {
        package var x: Double
        package var y: Double
        package var label: String
        /// A ring (solid) or a cross (dashed ring) — distinguishable without colour.
        package var dashed: Bool
        package init(x: Double, y: Double, label: String, dashed: Bool = false) {
            self.x = x
            self.y = y
            self.label = label
            self.dashed = dashed
        }
    }

    package init(title: String, xLabel: String, yLabel: String, xValues: [Double], yValues: [Double], values: [[Double]], unit: String) {
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
        self.xValues = xValues
        self.yValues = yValues
        self.values = values
        self.unit = unit
    }

    /// The values as a table in a closed fold below the chart: the heatmap's text alternative, reachable by keyboard
    /// (the cells' hover titles are not). Rows from the top of the map (largest y) down, as drawn.
    package var valueTable: Node {
        let header = ["\(yLabel) \\ \(xLabel)"] + xValues.map(SVGChart.format)
        let rows: [[Node]] = values.indices.reversed().map { yi in
            [HTML.text(SVGChart.format(yValues[yi]))] + values[yi].map { HTML.text($0.isFinite ? SVGChart.format($0) : "—") }
        }
        return HTML.el("details", ["class": "chart-values"], HTML.el("summary", .text("\(title): values (\(unit))")), HTML.table(header, rows))
    }

    /// Viridis-like ramp from dark blue (low) to yellow (high).
    static func color(_ t: Double) -> String {
        let stops: [(Double, Double, Double)] = [(68, 1, 84), (59, 82, 139), (33, 145, 140), (94, 201, 98), (253, 231, 37)]
        let x = min(max(t, 0), 1) * Double(stops.count - 1)
        let i = min(Int(x), stops.count - 2), f = x - Double(i)
        let a = stops[i], b = stops[i + 1]
        return String(format: "#%02x%02x%02x", Int(a.0 + (b.0 - a.0) * f), Int(a.1 + (b.1 - a.1) * f), Int(a.2 + (b.2 - a.2) * f))
    }

    package var svg: String {
        let left = 64.0, top = 28.0, legend = 80.0
        let bottom = 46.0 + (marks.isEmpty ? 0 : 20)
        let plotW = cellWidth * Double(xValues.count), plotH = cellHeight * Double(yValues.count)
        // Wide enough for the title (bold 14 px: at most ≈ 9.5 px a character) and the marks' legend row.
        let width = max(left + plotW + legend, left + Double(title.count) * 9.5 + 8, left + 16 + Double(marks.map { $0.label.count + 6 }.reduce(0, +)) * 7.2)
        let height = top + plotH + bottom
        let finite = values.flatMap { $0 }.filter(\.isFinite)
        let low = finite.min() ?? 0, high = max(finite.max() ?? 1, low + 1e-12)
        func n(_ v: Double) -> String { String(format: "%.1f", v) }
        // Drawn at most 1.2× its own size, so a small grid does not become a poster.
        var out = "<div class=\"chart-wrap\"><svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(n(width)) \(n(height))\" class=\"chart heatmap\" style=\"max-width:\(Int(width * 1.2))px\" role=\"img\" aria-label=\"\(HTML.escape(title))\">"
        out += "<title>\(HTML.escape(title))</title><text x=\"\(n(left))\" y=\"16\" class=\"chart-title\">\(HTML.escape(title))</text>"
        for (yi, row) in values.enumerated() {
            for (xi, value) in row.enumerated() {
                let fill = value.isFinite ? Self.color((value - low) / (high - low)) : "#bbb"
                let y = top + plotH - Double(yi + 1) * cellHeight
                out += "<rect x=\"\(n(left + Double(xi) * cellWidth))\" y=\"\(n(y))\" width=\"\(n(cellWidth))\" height=\"\(n(cellHeight))\" fill=\"\(fill)\"><title>\(HTML.escape(xLabel)) \(SVGChart.format(xValues[xi])), \(HTML.escape(yLabel)) \(SVGChart.format(yValues[yi])): \(SVGChart.format(value)) \(HTML.escape(unit))</title></rect>"
            }
        }
        // Every k-th tick, k such that labels (12 px ≈ 7.2 px a character) never touch; at most 8 per axis.
        let labelWidth = (xValues.map { Double(SVGChart.format($0).count) * 7.2 + 6 }.max() ?? 0)
        let xStride = max(1, xValues.count / 8, Int((labelWidth / cellWidth).rounded(.up))), yStride = max(1, yValues.count / 8, Int((14 / cellHeight).rounded(.up)))
        for xi in stride(from: 0, to: xValues.count, by: xStride) {
            out += "<text x=\"\(n(left + (Double(xi) + 0.5) * cellWidth))\" y=\"\(n(top + plotH + 14))\" text-anchor=\"middle\" class=\"tick\">\(SVGChart.format(xValues[xi]))</text>"
        }
        for yi in stride(from: 0, to: yValues.count, by: yStride) {
            out += "<text x=\"\(n(left - 4))\" y=\"\(n(top + plotH - (Double(yi) + 0.5) * cellHeight + 4))\" text-anchor=\"end\" class=\"tick\">\(SVGChart.format(yValues[yi]))</text>"
        }
        func nearest(_ values: [Double], _ v: Double) -> Int? { values.indices.min { abs(values[$0] - v) < abs(values[$1] - v) } }
        var markX = left
        for mark in marks {
            guard let xi = nearest(xValues, mark.x), let yi = nearest(yValues, mark.y) else { continue }
            let cx = left + (Double(xi) + 0.5) * cellWidth, cy = top + plotH - (Double(yi) + 0.5) * cellHeight
            let r = max(cellWidth, cellHeight) * 0.5 + 3
            let dash = mark.dashed ? " stroke-dasharray=\"3 2\"" : ""
            out += "<circle class=\"mark\" cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"\(n(r))\" fill=\"none\" stroke=\"#fff\" stroke-width=\"3\"/>"
            out += "<circle class=\"mark\" cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"\(n(r))\" fill=\"none\" stroke=\"#d6006f\" stroke-width=\"1.6\"\(dash)><title>\(HTML.escape(mark.label))</title></circle>"
            let ly = height - 8
            out += "<circle cx=\"\(n(markX + 6))\" cy=\"\(n(ly - 4))\" r=\"5\" fill=\"none\" stroke=\"#d6006f\" stroke-width=\"1.6\"\(dash)/>"
            out += "<text x=\"\(n(markX + 15))\" y=\"\(n(ly))\" class=\"legend\">\(HTML.escape(mark.label))</text>"
            markX += 30 + Double(mark.label.count) * 7.2
        }
        out += "<text x=\"\(n(left + plotW / 2))\" y=\"\(n(top + plotH + 34))\" text-anchor=\"middle\" class=\"axis-label\">\(HTML.escape(xLabel))</text>"
        out += "<text transform=\"translate(14 \(n(top + plotH / 2))) rotate(-90)\" text-anchor=\"middle\" class=\"axis-label\">\(HTML.escape(yLabel))</text>"
        // Colour scale.
        let scaleX = left + plotW + 16
        for i in 0..<20 {
            let t = Double(19 - i) / 19
            out += "<rect x=\"\(n(scaleX))\" y=\"\(n(top + Double(i) * plotH / 20))\" width=\"12\" height=\"\(n(plotH / 20 + 0.5))\" fill=\"\(Self.color(t))\"/>"
        }
        out += "<text x=\"\(n(scaleX + 16))\" y=\"\(n(top + 8))\" class=\"tick\">\(SVGChart.format(high))</text>"
        out += "<text x=\"\(n(scaleX + 16))\" y=\"\(n(top + plotH))\" class=\"tick\">\(SVGChart.format(low))</text>"
        out += "<text x=\"\(n(scaleX + 16))\" y=\"\(n(top + plotH / 2))\" class=\"tick\">\(HTML.escape(unit))</text>"
        out += "</svg></div>"
        return out
    }
}
