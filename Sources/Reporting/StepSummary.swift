import Foundation
import Plumbing

/// GitHub Actions' job summary: the file named by `$GITHUB_STEP_SUMMARY`, to which each step appends
/// Markdown. `parallax run` appends summary.md there itself, so the summary is shown even when a later
/// workflow step is skipped.
package enum StepSummary {
    package static func append(_ markdown: String, to path: String) throws {
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw FileError(path: path, operation: .write, reason: "cannot create the step summary file ($GITHUB_STEP_SUMMARY)")
            }
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw FileError(path: path, operation: .write, reason: "cannot open the step summary file ($GITHUB_STEP_SUMMARY) for appending")
        }
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(markdown.utf8))
    }
}
