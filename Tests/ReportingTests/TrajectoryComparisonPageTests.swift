import Foundation
import Reporting
import Testing

/// `evaluate --html` from a small hand-made pair: the summary, both overlays, the error chart and histogram,
/// escaped names.
struct TrajectoryComparisonPageTests {
    @Test func rendersEverySectionAndEscapesNames() {
        let truth = (0..<5).map { (x: Double($0) * 0.1, y: 0.0, z: 1.0) }
        let estimate = truth.map { (x: $0.x, y: 0.003, z: 1.004) }
        let page = TrajectoryComparisonPage(title: "evaluate", subtitle: "est<1>.txt against gt&.txt", truth: truth, estimate: estimate,
                                            times: [0, 0.1, 0.2, 0.3, 0.4], errors: Array(repeating: 0.005, count: 5),
                                            summary: [("APE (m)", "rmse 0.005000"), ("truth", "<gt>")]).html
        #expect(page.contains("est&lt;1&gt;.txt against gt&amp;.txt"))
        #expect(page.contains("&lt;gt&gt;") && !page.contains("<gt>"))
        for id in ["summary", "trajectories", "error"] { #expect(page.contains("<section id=\"\(id)\">")) }
        #expect(page.contains("Plan (x–y)") && page.contains("Elevation (x–z)"))
        #expect(page.contains("Position error over time") && page.contains("Position error histogram"))
        #expect(page.components(separatedBy: "<svg").count - 1 == 4)
        #expect(page.contains("stroke-dasharray"))  // the estimate, dashed
    }
}
