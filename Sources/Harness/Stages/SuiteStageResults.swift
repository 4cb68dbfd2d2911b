import Audit
import Reporting
import TestedApp

/// What a run's stages found, before its budgets, numeric golden and report are made from it: the whole run's, or one
/// shard's part of it (`SuitePart`), which `parallax merge-reports` puts back together in the suite's order.
struct SuiteStageResults: Codable, Sendable {
    var scenarios: [ScenarioResult] = []
    var frames: [FrameResult] = []
    /// `SuiteNumbers.values(matrices:)` of the frames: their projection and view matrices.
    var frameNumbers: [String: Double] = [:]
    var tune: SuiteReport.TuneSummary?
    var tuneSections: [ReportPage.Section] = []
    /// The audit checks' values on each case (`audit:`), aggregated by `SuiteRun.finish`.
    var auditEvaluations: [CaseEvaluation]?
    var setup: RunSetup
    /// The app under test the stages ran (`SuiteApp`): a merge refuses parts of different apps.
    var app: AppIdentity?
    /// The app's code against its model, per trace of the app's scenarios this run measured (suite order).
    var appComparisons: [TraceComparison]?
}

/// `AppComparison` of the app's code and its model on one of the suite's traces.
struct TraceComparison: Codable, Sendable, Equatable {
    var trace: String
    var comparison: AppComparison
}
