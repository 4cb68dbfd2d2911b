import Foundation
import Reporting

extension TuneResult {
    /// Writes the result as `write(to:view:)` does, with the interactive view of a whole result computed from
    /// `context` — or, without one (`merge`), from the setup's trace files. Returns the paths written.
    @discardableResult
    package func write(to path: String, context: TuneContext?) throws -> [String] {
        guard kind == .full else { return try write(to: path) }
        return try write(to: path, view: try viewSection(context: context))
    }

    /// The interactive view's section. Without a context the setup's traces are read again; when they cannot be
    /// (moved, changed since the parts were computed), the section says so instead of failing the run.
    package func viewSection(context: TuneContext?) throws -> ReportPage.Section {
        let resolved: TuneContext
        if let context {
            resolved = context
        } else {
            do { resolved = try TuneContext(setup: setup) } catch {
                return TuneViewSection.unavailable("the setup's traces cannot be read again (\(error)).")
            }
        }
        return try TuneViewSection.section(TuneViewData(context: resolved, result: self))
    }
}
