import Foundation

/// The HTML page of `parallax evaluate --html`: a truth and an estimate overlaid in plan (x–y) and elevation
/// (x–z), the position error over time and its histogram, and a summary table — with the report's
/// stylesheet, charts (`SVGChart`, `SVGHistogram`) and escaping. Plain numbers in, so that Reporting stays
/// free of the modules that compute them.
package struct TrajectoryComparisonPage: Sendable {
    package var title: String
    package var subtitle: String
    /// Paired positions (after alignment), one per pair, meters.
    package var truth: [(x: Double, y: Double, z: Double)]
    package var estimate: [(x: Double, y: Double, z: Double)]
    /// Seconds from the first pair, and the APE of each pair, meters.
    package var times: [Double]
    package var errors: [Double]
    /// Label and value rows of the summary table.
    package var summary: [(String, String)]

    package init(title: String, subtitle: String, truth: [(x: Double, y: Double, z: Double)], estimate: [(x: Double, y: Double, z: Double)],
                times: [Double], errors: [Double], summary: [(String, String)]) {
        precondition(truth.count == estimate.count && times.count == errors.count, "paired series")
        self.title = title
        self.subtitle = subtitle
        self.truth = truth
        self.estimate = estimate
        self.times = times
        self.errors = errors
        self.summary = summary
    }

    package var html: String {
        // Trajectories are drawn in pair order: kept under the chart's decimation threshold by striding.
        let stride = max(1, truth.count / 2000)
        func thinned<T>(_ values: [T]) -> [T] { Swift.stride(from: 0, to: values.count, by: stride).map { values[$0] } }
        typealias Point = (x: Double, y: Double, z: Double)
        func overlay(_ title: String, _ yName: String, _ y: (Point) -> Double) -> Node {
            var chart = SVGChart(title: title, xLabel: "x (m)", yLabel: "\(yName) (m)", series: [
                .init(name: "truth", points: thinned(truth).map { ($0.x, y($0)) }, color: SVGChart.palette[0]),
                .init(name: "estimate", points: thinned(estimate).map { ($0.x, y($0)) }, color: SVGChart.palette[1], style: .dashed),
            ])
            chart.width = 480
            chart.height = 360
            return .trusted(chart.svg)
        }
        let errorChart = SVGChart(title: "Position error over time", xLabel: "time from the first pair (s)", yLabel: "APE (mm)",
                                  series: [.init(name: "APE", points: zip(times, errors).map { ($0, $1 * 1000) }, color: SVGChart.palette[1])])
        let histogram = SVGHistogram(title: "Position error histogram", xLabel: "APE (mm)", values: errors.map { $0 * 1000 })
        let sections = [
            ReportPage.Section(id: "summary", title: "Summary", content: [HTML.table(["", "value"], summary.map { [.text($0.0), .text($0.1)] })]),
            ReportPage.Section(id: "trajectories", title: "Trajectories", content: [
                HTML.el("p", .text("Truth (solid) and estimate (dashed, after alignment), pair by pair.")),
                overlay("Plan (x–y)", "y") { (p: Point) in p.y }, overlay("Elevation (x–z)", "z") { (p: Point) in p.z },
            ]),
            ReportPage.Section(id: "error", title: "Error", content: [.trusted(errorChart.svg), .trusted(histogram.svg)]),
        ]
        return ReportPage.document(title: title, subtitle: subtitle, sections: sections)
    }
}
