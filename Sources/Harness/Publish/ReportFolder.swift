import Foundation
import Plumbing
import Reporting

/// What ties a report folder together: the run id in report.json (`run_id`) and in `frames/run-id`, and the
/// check that a folder `parallax run` is about to replace whole is a report folder.
package enum ReportFolder {
    /// Beside the frames: the id of the run that wrote them.
    package static let runIDFile = "frames/run-id"

    /// A content hash, so the same inputs give the same id (and bytes): FNV-1a 64 over report.json without its
    /// `run_id`, then every file under frames/ (sorted by path: its name, its bytes) and numbers.actual.json.
    /// Frames or numbers of another run (other bytes) give another id.
    static func runID(of report: SuiteReport, in directory: String) throws -> String {
        var unmarked = report
        unmarked.runId = nil
        var bytes = [UInt8](try ReportWriter.json(unmarked))
        let frames = (directory as NSString).appendingPathComponent("frames")
        let files = (FileManager.default.subpaths(atPath: frames) ?? []).sorted().map { "frames/" + $0 } + [GoldenAcceptance.numbersFile]
        for file in files where file != runIDFile {
            let path = (directory as NSString).appendingPathComponent(file)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            bytes += Array(file.utf8) + [0] + (try FileContents.read(path))
        }
        return RunSetup.fingerprint(bytes)
    }

    /// Sets the report's run id and writes it beside the frames.
    static func mark(_ report: inout SuiteReport, in directory: String) throws {
        report.runId = try runID(of: report, in: directory)
        let path = (directory as NSString).appendingPathComponent(runIDFile)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try AtomicFile.write(Data((report.runId! + "\n").utf8), to: path)
    }

    /// The run id beside a report's frames, nil when the file is missing.
    static func framesRunID(in directory: String) -> String? {
        let path = (directory as NSString).appendingPathComponent(runIDFile)
        guard let bytes = try? FileContents.read(path) else { return nil }
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A run replaces its output folder whole, so an existing folder must be empty or a report (report.json, or a
    /// run-id file beside frames) or a shard's part (part.json): never a folder of other files named by mistake
    /// (`output: .`).
    static func checkReplaceable(_ destination: String, suitePath: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: destination, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else {
            throw SuiteError(file: suitePath, line: nil, message: "output \(destination): expected a report folder, found a file")
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: destination)) ?? []
        let isReport = entries.contains("report.json") || entries.contains(SuitePart.file)
            || FileManager.default.fileExists(atPath: (destination as NSString).appendingPathComponent(runIDFile))
        guard entries.isEmpty || isReport else {
            throw SuiteError(file: suitePath, line: nil,
                             message: "output \(destination): expected an empty folder or a report folder (with report.json), found other files; a run replaces it whole")
        }
    }
}
