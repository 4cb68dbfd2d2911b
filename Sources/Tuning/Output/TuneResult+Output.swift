import Foundation
import Plumbing
import Reporting
import Smoothing

extension TuneResult {
    /// Writes the result atomically: the JSON at `path` and, for a whole result, `tune.html` beside it (same
    /// name, .html; with the interactive `view` section when given). Returns the paths written.
    @discardableResult
    package func write(to path: String, view: ReportPage.Section? = nil) throws -> [String] {
        try AtomicFile.write(try jsonData(), to: path)
        guard kind == .full else { return [path] }
        let url = URL(fileURLWithPath: path)
        let html = url.deletingLastPathComponent().appendingPathComponent(url.deletingPathExtension().lastPathComponent + ".html").path
        try AtomicFile.write(TuneReport.document(self, view: view), to: html)
        return [path, html]
    }

    /// The text `parallax tune` and `merge` print: the grid, the Pareto front at the recommended scale (at most
    /// 12 points), the recommendation and the notes.
    package var summary: String {
        let result = self
        var out = ""
        let grid = result.parameters.isEmpty ? "1 point" : result.parameters.map { name in
            "\(name) (\(Set(result.configurations.map { $0.values[result.parameters.firstIndex(of: name)!] }).count))"
        }.joined(separator: " × ")
        let scope = result.shard.map { " (shard \($0.index)/\($0.count))" } ?? ""
        let count = result.configurations.count * result.movementScales.count
        if let app = result.app {
            let alpha = result.parameters.isEmpty ? "smoothingAlpha held" : "smoothingAlpha (\(result.configurations.count))"
            out += "tune \(app.label) through its sliders: \(alpha) × movementScale (\(result.movementScales.count)) on \(result.setup.traces.count) trace(s): "
                + "\(count) configurations, each a replay of the app\n"
            out += "app: \(app.headline)\n"
        } else {
            out += "tune\(scope): \(result.filter) \(grid) × movementScale (\(result.movementScales.count)) on \(result.setup.traces.count) trace(s): \(count) configurations\n"
        }
        guard result.kind == .full, let fronts = result.pareto else { return out }
        let k = result.recommendation.flatMap { r in result.movementScales.firstIndex(of: r.movementScale) } ?? 0
        let byIndex = Dictionary(uniqueKeysWithValues: result.configurations.map { ($0.index, $0) })
        let front = fronts[k].indices
        out += "Pareto front (ramp lag vs visible jitter) at movementScale \(result.movementScales[k]): \(front.count) configuration(s)\n"
        let shown = front.count <= 12 ? front : (0..<12).map { front[$0 * (front.count - 1) / 11] }
        for index in shown {
            guard let c = byIndex[index] else { continue }
            let lag = c.rampLagMs.map { String(format: "%.1f", $0) } ?? "n/a"
            let jitter = c.errors[k].visibleJitterPx.map { String(format: "%.3f", $0) } ?? "n/a"
            out += "  \(c.smoother): ramp lag \(lag) ms, visible jitter \(jitter) px\n"
        }
        for line in TrackingLossPolicy.explanations(in: shown.compactMap { byIndex[$0]?.smoother }) { out += "  (\(line))\n" }
        if let r = result.recommendation {
            out += "Recommendation: \(r.reasoning)\n"
            if let model = result.app?.model { out += model.line + "\n" }
        } else {
            out += "Recommendation: none\n"
        }
        if let robustness = result.robustness, let objective = try? TuneObjective(result.setup.objective) {
            let constraints = result.setup.constraints.compactMap { try? TuneConstraint($0) }
            for line in robustness.lines(objective: objective, constraints: constraints) { out += line + "\n" }
        }
        for note in result.notes { out += "note: \(note)\n" }
        return out
    }
}
