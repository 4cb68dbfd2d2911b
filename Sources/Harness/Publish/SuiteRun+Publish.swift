import Foundation
import Plumbing
import Reporting
import Vocabulary

extension SuiteRun {
    /// The last stage of a run: the baseline comparison (which may fail the run), the run history and its trend
    /// section, the run id, then the report files in the staging folder `outputDirectory` (read from `destination`
    /// once swapped in). Returns what is written outside the folder, after the swap: the history and the GitHub
    /// step summary, so that neither records a report a killed run never published.
    func publish(_ report: inout SuiteReport, extraSections: [ReportPage.Section]) throws -> () throws -> Void {
        var sections = extraSections
        if let baseline = options.baseline {
            report.baseline = try SuiteBaseline.compare(report, baselinePath: baseline, bands: suite.baselineBands,
                                                        allowDifferentSetup: options.allowDifferentSetup)
            if options.failOnRegression && report.baseline!.contains(where: \.worse) { report.passed = false }
            // The headline's trends: the same headline from the baseline's scenarios (read once more; compare checked it).
            if var headline = report.headline, let earlier = try? ReportWriter.decode(Data(try FileContents.read(baseline))) {
                SuiteHeadline.trends(&headline, baseline: SuiteHeadline.make(earlier, suite: suite, app: app, comparison: nil))
                report.headline = headline
            }
        }
        var history: [RunHistory.Entry] = []
        if let path = options.history {
            history = try RunHistory.read(path) + [RunHistory.entry(for: report, date: options.now)]
            sections.append(RunHistory.section(history.filter { $0.suite == report.suite }))
        }
        try ReportFolder.mark(&report, in: outputDirectory)
        try ReportWriter.write(report, to: outputDirectory, extraSections: sections, junitRoot: options.junitRoot, publishedAt: destination)
        let published = report
        return {
            if let path = options.history { try RunHistory.write(history, to: path) }
            if let summaryFile = options.environment["GITHUB_STEP_SUMMARY"], !summaryFile.isEmpty {
                try StepSummary.append(MarkdownSummary.render(published, reportDirectory: destination), to: summaryFile)
            }
        }
    }
}
