import Foundation
import Plumbing
import Reporting
import Tracking
import Tuning
import Vocabulary

/// The suite's tuning sweep (`tune:`): runs it on the suite's traces through `Tuner.run`, writes tune.json and
/// tune.html (the page `parallax tune` writes) beside the report and returns the report sections and the summary line.
/// The interactive view (≈ 230 KB of precomputed series for the default suite's sweep) is only in tune.html; the
/// report links to it, so that index.html stays light.
struct SuiteTune {
    var sections: [ReportPage.Section]
    var summary: SuiteReport.TuneSummary

    static func run(_ tune: TuneSpec, traces: [(name: String, trace: HeadTrace)], loader: SuiteLoader, outputDirectory: String) throws -> SuiteTune {
        let held = tune.holdout ?? []
        let chosen = traces.filter { (tune.traces?.contains($0.name) ?? true) || held.contains($0.name) }
        for (key, names) in [("traces", tune.traces ?? []), ("holdout", held)] {
            if let unknown = names.first(where: { name in !traces.contains { $0.name == name } }) {
                throw loader.error("tune.\(key): '\(unknown)' is not a trace of the suite (\(traces.map(\.name).joined(separator: ", ")))", at: [.key("tune"), .key(key)])
            }
        }
        try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        // The tuner's errors name the field of `tune:` (`smoother.ema.alpha`); the suite adds its file and line.
        let outcome = try loader.value(at: FieldPath("tune")) {
            var request = TuneRequest(traces: .loaded(chosen), sweep: tune.smoother, movementScales: tune.movementScale,
                                      objective: try tune.objective ?? TuneObjective(TuneContext.defaultObjective))
            request.robustness = RobustnessOptions(seeds: tune.seeds ?? 1, holdout: held.isEmpty ? .none : .files(held),
                                                   margin: tune.holdoutMargin ?? RobustnessOptions().margin)
            request.screen = tune.screen
            request.constraints = tune.constraints
            request.output = (outputDirectory as NSString).appendingPathComponent("tune.json")
            // The page is written below, with the view section the report shares (computed once).
            request.writesPage = false
            return try Tuner.run(request)
        }
        let result = outcome.result
        let view = try result.viewSection(context: outcome.context)
        try AtomicFile.write(TuneReport.document(result, view: view), to: (outputDirectory as NSString).appendingPathComponent("tune.html"))
        return SuiteTune(
            sections: TuneReport.sections(result) + [ReportPage.Section(id: "tune-view-link", title: "Tuning: interactive view", content: [
                HTML.el("p", .text("Sliders for every swept parameter and movementScale, with the metrics and series of each grid point: "),
                        HTML.el("a", ["href": "tune.html#\(view.id)"], .text("tune.html"))),
            ])],
            summary: SuiteReport.TuneSummary(file: "tune.json", smoother: tune.smoother.text, movementScale: tune.movementScale.text,
                                             recommendation: result.recommendation?.reasoning ?? result.notes.joined(separator: " ")))
    }
}
