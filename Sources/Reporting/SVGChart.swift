import Foundation

/// Charts as standalone SVG markup generated from numbers: axes with "nice" ticks, labels with units,
/// legends. Labels are escaped; numbers are formatted, so the markup is safe to embed as trusted.
package struct SVGChart: Sendable {
    package struct Series: Sendable {
        package var name: String
        package var points: [(x: Double, y: Double)]
        package var color: String
        package var style: Style

        /// `ring`: hollow circles, larger than dots (a marked point that must not hide a dot at the same place).
        package enum Style: Sendable { case line, dots, dashed, ring }

        package init(name: String, points: [(x: Double, y: Double)], color: String, style: Style = .line) {
            self.name = name
            self.points = points
            self.color = color
            self.style = style
        }
    }

    package var title: String
    package var xLabel: String
    package var yLabel: String
    package var series: [Series]
    package var width = 640.0
    package var height = 300.0
    /// Optional horizontal reference lines (e.g. a budget), with labels.
    package var references: [(y: Double, label: String)] = []
    /// Optional shaded x intervals (e.g. tracking gaps), drawn behind the series.
    package var shaded: [(from: Double, to: Double)] = []
    /// What a shaded interval is, in its tooltip.
    package var shadedLabel = "gap / frozen"
    /// Optional vertical marker lines (e.g. a button press), with labels.
    package var verticals: [(x: Double, label: String)] = []
    /// The x axis's span when it should not follow the data (e.g. a whole trace).
    package var xDomain: (low: Double, high: Double)?
    /// Small multiples: tick labels without grid lines, and lines simplified to within `tolerance` px.
    package var gridLines = true
    /// The hover and keyboard read-out (`ChartReadout`); off for small multiples, whose numbers their labels give.
    package var readsOut = true
    package var tolerance = 0.25
    /// The chart's accessible name when it should say more than its title (numbers, units).
    package var accessibleLabel: String?

    package init(title: String, xLabel: String, yLabel: String, series: [Series]) {
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
        self.series = series
    }

    package static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"]

    /// Round tick values (1, 2, 5 × 10^k) covering [low, high].
    package static func ticks(_ low: Double, _ high: Double, count: Int = 6) -> [Double] {
        guard low.isFinite, high.isFinite else { return [] }
        if high <= low { return [low] }
        let raw = (high - low) / Double(max(count - 1, 1))
        let magnitude = pow(10, floor(log10(raw)))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? raw
        var ticks: [Double] = []
        var k = ceil(low / step - 1e-9)
        while k * step <= high + step * 1e-9 {
            ticks.append(k == 0 ? 0 : k * step)   // multiples of the step, never accumulated sums
            k += 1
        }
        return ticks
    }

    package static func format(_ value: Double) -> String {
        if value == 0 { return "0" }
        let magnitude = abs(value)
        if magnitude >= 1e5 || magnitude < 1e-3 { return String(format: "%.2g", value) }
        if magnitude >= 100 { return String(format: "%.0f", value) }
        if magnitude >= 1 { return String(format: "%.4g", value) }
        return String(format: "%.3g", value)
    }

    package var svg: String {
        let left = 64.0, right = 16.0, bottom = 46.0
        // The legend sits in its own rows between the title and the plot (never over data, never past the edge).
        var legend: [(x: Double, row: Int, series: Series)] = []
        var legendX = left, row = 0
        for s in series where !s.name.isEmpty {
            let entry = 22 + Double(s.name.count) * 7.2
            if legendX > left && legendX + entry > width - right {
                legendX = left
                row += 1
            }
            legend.append((legendX, row, s))
            legendX += entry
        }
        let top = 30.0 + (legend.isEmpty ? 0 : Double(row + 1) * 17)
        let height = self.height + (legend.isEmpty ? 0 : Double(row + 1) * 17)
        let plotW = width - left - right, plotH = height - top - bottom
        let all = series.flatMap(\.points).filter { $0.x.isFinite && $0.y.isFinite }
        var xMin = xDomain?.low ?? all.map(\.x).min() ?? 0, xMax = xDomain?.high ?? all.map(\.x).max() ?? 1
        var yMin = all.map(\.y).min() ?? 0, yMax = all.map(\.y).max() ?? 1
        for reference in references where reference.y.isFinite {
            yMin = min(yMin, reference.y)
            yMax = max(yMax, reference.y)
        }
        if xMax <= xMin { xMin -= 0.5; xMax += 0.5 }
        if yMax <= yMin { yMin -= 0.5; yMax += 0.5 }
        let pad = (yMax - yMin) * 0.05
        yMin -= pad
        yMax += pad
        func sx(_ x: Double) -> Double { left + (x - xMin) / (xMax - xMin) * plotW }
        func sy(_ y: Double) -> Double { top + (1 - (y - yMin) / (yMax - yMin)) * plotH }
        func n(_ v: Double) -> String { String(format: "%.1f", v) }

        let hasLines = readsOut && series.contains { ($0.style == .line || $0.style == .dashed) && !$0.points.isEmpty }
        let readout = hasLines ? " data-readout=\"\(HTML.escape(ChartReadout.attribute(left: left, top: top, width: plotW, height: plotH, x: (xMin, xMax), y: (yMin, yMax))))\"" : ""
        var out = "<div class=\"chart-wrap\"><svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(n(width)) \(n(height))\" class=\"chart\" role=\"img\" aria-label=\"\(HTML.escape(accessibleLabel ?? title))\"\(readout)\(hasLines ? " tabindex=\"0\"" : "")>"
        out += "<title>\(HTML.escape(title))</title>"
        out += "<text x=\"\(n(left))\" y=\"16\" class=\"chart-title\">\(HTML.escape(title))</text>"
        out += "<rect x=\"\(n(left))\" y=\"\(n(top))\" width=\"\(n(plotW))\" height=\"\(n(plotH))\" fill=\"none\" stroke=\"#999\"/>"
        for tick in Self.ticks(xMin, xMax) {
            if gridLines { out += "<line x1=\"\(n(sx(tick)))\" x2=\"\(n(sx(tick)))\" y1=\"\(n(top))\" y2=\"\(n(top + plotH))\" stroke=\"#eee\"/>" }
            out += "<text x=\"\(n(sx(tick)))\" y=\"\(n(top + plotH + 14))\" text-anchor=\"middle\" class=\"tick\">\(Self.format(tick))</text>"
        }
        for tick in Self.ticks(yMin, yMax) {
            if gridLines { out += "<line x1=\"\(n(left))\" x2=\"\(n(left + plotW))\" y1=\"\(n(sy(tick)))\" y2=\"\(n(sy(tick)))\" stroke=\"#eee\"/>" }
            out += "<text x=\"\(n(left - 4))\" y=\"\(n(sy(tick) + 4))\" text-anchor=\"end\" class=\"tick\">\(Self.format(tick))</text>"
        }
        out += "<text x=\"\(n(left + plotW / 2))\" y=\"\(n(height - 6))\" text-anchor=\"middle\" class=\"axis-label\">\(HTML.escape(xLabel))</text>"
        out += "<text transform=\"translate(14 \(n(top + plotH / 2))) rotate(-90)\" text-anchor=\"middle\" class=\"axis-label\">\(HTML.escape(yLabel))</text>"
        for reference in references where reference.y.isFinite {
            out += "<line x1=\"\(n(left))\" x2=\"\(n(left + plotW))\" y1=\"\(n(sy(reference.y)))\" y2=\"\(n(sy(reference.y)))\" stroke=\"#c00\" stroke-dasharray=\"6 3\"/>"
            out += "<text x=\"\(n(left + plotW - 4))\" y=\"\(n(sy(reference.y) - 4))\" text-anchor=\"end\" class=\"tick\" fill=\"#c00\">\(HTML.escape(reference.label))</text>"
        }
        for band in shaded where band.from.isFinite && band.to.isFinite && band.to > xMin && band.from < xMax {
            let x0 = sx(max(band.from, xMin)), x1 = sx(min(band.to, xMax))
            out += "<rect x=\"\(n(x0))\" y=\"\(n(top))\" width=\"\(n(max(x1 - x0, 1)))\" height=\"\(n(plotH))\" fill=\"#f2c7c7\" class=\"break\"><title>\(HTML.escape(shadedLabel)): \(Self.format(band.from))–\(Self.format(band.to)) s</title></rect>"
        }
        for marker in verticals where marker.x.isFinite && marker.x >= xMin && marker.x <= xMax {
            out += "<line x1=\"\(n(sx(marker.x)))\" x2=\"\(n(sx(marker.x)))\" y1=\"\(n(top))\" y2=\"\(n(top + plotH))\" stroke=\"#555\" stroke-dasharray=\"3 3\"/>"
            out += "<text x=\"\(n(sx(marker.x) + 3))\" y=\"\(n(top + 12))\" class=\"tick\">\(HTML.escape(marker.label))</text>"
        }
        for s in series {
            let points = s.points.filter { $0.x.isFinite && $0.y.isFinite }
            switch s.style {
            case .dots:
                for p in points {
                    out += "<circle cx=\"\(n(sx(p.x)))\" cy=\"\(n(sy(p.y)))\" r=\"3\" fill=\"\(HTML.escape(s.color))\"><title>\(HTML.escape(s.name)): \(Self.format(p.x)), \(Self.format(p.y))</title></circle>"
                }
            case .ring:
                for p in points {
                    out += "<circle cx=\"\(n(sx(p.x)))\" cy=\"\(n(sy(p.y)))\" r=\"7\" fill=\"none\" stroke=\"\(HTML.escape(s.color))\" stroke-width=\"2\"><title>\(HTML.escape(s.name)): \(Self.format(p.x)), \(Self.format(p.y))</title></circle>"
                }
            case .line, .dashed:
                // Decimate to at most ~2 points per horizontal pixel (min and max kept per column).
                let screen = Self.decimated(points, columns: Int(plotW)).map { (x: sx($0.x), y: sy($0.y)) }
                guard !screen.isEmpty else { continue }
                let dash = s.style == .dashed ? " stroke-dasharray=\"4 3\"" : ""
                out += "<path class=\"line\" data-name=\"\(HTML.escape(s.name.isEmpty ? "y" : s.name))\" d=\"\(Self.pathData(Self.simplified(screen, tolerance: tolerance)))\" fill=\"none\" stroke=\"\(HTML.escape(s.color))\" stroke-width=\"1.3\"\(dash)/>"
            }
        }
        for entry in legend {
            let y = 24 + Double(entry.row) * 17
            out += entry.series.style == .dots || entry.series.style == .ring
                ? "<circle cx=\"\(n(entry.x + 5))\" cy=\"\(n(y + 5))\" r=\"4\" fill=\"\(entry.series.style == .ring ? "none" : HTML.escape(entry.series.color))\" stroke=\"\(HTML.escape(entry.series.color))\" stroke-width=\"1.5\"/>"
                : "<rect x=\"\(n(entry.x))\" y=\"\(n(y))\" width=\"10\" height=\"10\" fill=\"\(HTML.escape(entry.series.color))\"/>"
            out += "<text x=\"\(n(entry.x + 14))\" y=\"\(n(y + 9.5))\" class=\"legend\">\(HTML.escape(entry.series.name))</text>"
        }
        if hasLines {
            out += "<line class=\"cursor\" x1=\"0\" x2=\"0\" y1=\"\(n(top))\" y2=\"\(n(top + plotH))\" stroke=\"#444\" stroke-dasharray=\"2 2\" style=\"display:none\"/>"
            out += "<text class=\"readout tick\" x=\"\(n(left + plotW - 4))\" y=\"\(n(top + 14))\" text-anchor=\"end\"></text>"
        }
        out += "</svg></div>"
        return out
    }

    /// A path through screen points at 0.1 px: `M x y` then relative steps (`l dx dy …`, taken between the rounded
    /// points, so nothing drifts), with the shortest number text (`.3`, `-1.2`, `4`).
    static func pathData(_ points: [(x: Double, y: Double)]) -> String {
        func tenths(_ v: Double) -> Int { Int((v * 10).rounded()) }
        func text(_ t: Int) -> String {
            let sign = t < 0 ? "-" : "", a = abs(t)
            if a % 10 == 0 { return sign + String(a / 10) }
            return sign + (a < 10 ? "" : String(a / 10)) + "." + String(a % 10)
        }
        guard let first = points.first else { return "" }
        var x = tenths(first.x), y = tenths(first.y)
        var out = "M\(text(x)) \(text(y))"
        if points.count > 1 { out += "l" }
        for (i, p) in points.dropFirst().enumerated() {
            let nx = tenths(p.x), ny = tenths(p.y)
            let dx = text(nx - x), dy = text(ny - y)
            out += (i == 0 || dx.hasPrefix("-") ? "" : " ") + dx + (dy.hasPrefix("-") ? "" : " ") + dy
            x = nx
            y = ny
        }
        return out
    }

    /// Ramer–Douglas–Peucker on screen coordinates: drops every point within `tolerance` px of the line through
    /// the points kept around it, so the drawn line moves by at most that much (a smooth curve keeps a few dozen
    /// points; a noisy one keeps its wiggles).
    static func simplified(_ points: [(x: Double, y: Double)], tolerance: Double) -> [(x: Double, y: Double)] {
        guard points.count > 2 else { return points }
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        var stack = [(0, points.count - 1)]
        while let (first, last) = stack.popLast() {
            guard last > first + 1 else { continue }
            let a = points[first], b = points[last]
            let dx = b.x - a.x, dy = b.y - a.y, length = (dx * dx + dy * dy).squareRoot()
            var worst = -1.0, index = first
            for i in (first + 1)..<last {
                let p = points[i]
                let distance = length > 0 ? abs(dy * (p.x - a.x) - dx * (p.y - a.y)) / length : ((p.x - a.x) * (p.x - a.x) + (p.y - a.y) * (p.y - a.y)).squareRoot()
                if distance > worst { worst = distance; index = i }
            }
            if worst > tolerance {
                keep[index] = true
                stack.append((first, index))
                stack.append((index, last))
            }
        }
        return points.indices.filter { keep[$0] }.map { points[$0] }
    }

    /// Keeps the first, min, max and last point of each pixel column, in order.
    static func decimated(_ points: [(x: Double, y: Double)], columns: Int) -> [(x: Double, y: Double)] {
        guard points.count > 4 * columns, let first = points.first, let last = points.last, last.x > first.x else { return points }
        var out: [(x: Double, y: Double)] = []
        var column = -1
        var bucket: [(x: Double, y: Double)] = []
        func flush() {
            guard !bucket.isEmpty else { return }
            let low = bucket.min { $0.y < $1.y }!, high = bucket.max { $0.y < $1.y }!
            let picks = [bucket.first!, low, high, bucket.last!].sorted { $0.x < $1.x }
            for p in picks where !(out.last.map { $0.x == p.x && $0.y == p.y } ?? false) { out.append(p) }
            bucket.removeAll(keepingCapacity: true)
        }
        for p in points {
            let c = Int((p.x - first.x) / (last.x - first.x) * Double(columns))
            if c != column {
                flush()
                column = c
            }
            bucket.append(p)
        }
        flush()
        return out
    }
}

/// A histogram as SVG bars.
package struct SVGHistogram: Sendable {
    package var title: String
    package var xLabel: String
    package var values: [Double]
    package var bins: Int = 30
    package var width = 420.0
    package var height = 260.0

    package init(title: String, xLabel: String, values: [Double], bins: Int = 30) {
        self.title = title
        self.xLabel = xLabel
        self.values = values
        self.bins = bins
    }

    package var svg: String {
        let finite = values.filter(\.isFinite)
        let low = finite.min() ?? 0, high = max(finite.max() ?? 1, low + 1e-12)
        var counts = [Int](repeating: 0, count: bins)
        for v in finite { counts[min(bins - 1, Int((v - low) / (high - low) * Double(bins)))] += 1 }
        let step = (high - low) / Double(bins)
        var chart = SVGChart(title: title, xLabel: xLabel, yLabel: "count", series: [])
        chart.width = width
        chart.height = height
        // Draw as a stepped line outlining the bars.
        var outline: [(x: Double, y: Double)] = [(low, 0)]
        for (i, c) in counts.enumerated() {
            outline.append((low + Double(i) * step, Double(c)))
            outline.append((low + Double(i + 1) * step, Double(c)))
        }
        outline.append((high, 0))
        chart.series = [SVGChart.Series(name: "", points: outline, color: "#1f77b4")]
        return chart.svg
    }
}
