import Foundation
import Plumbing
import Reporting

/// `parallax init [DIR]`: sets up an app's repository for ParallaxLab — the suite (`AppRepositorySuite`), the GitHub
/// Actions workflow (`AppRepositoryWorkflow`) and `parallax-known-failures.yml` from the app's current audit
/// (`KnownFailuresFile`). The suite is measured before it is written (its scenarios, budgets and audit, as `parallax
/// run` would), so that the first run passes with the current failures accepted. Refuses a folder without the app's
/// cube scene controller and any existing file it would write (exit 2, naming it); the files are written into a
/// staging folder and moved into place only when all are made, so nothing is half-written.
package enum AppRepositorySetup {
    /// The files, relative to the app's folder, in the order they are written.
    package static let suiteFile = "parallax.yml"
    package static let workflowFile = ".github/workflows/parallax.yml"
    package static let files = [suiteFile, workflowFile, KnownFailures.fileName]

    package struct Outcome {
        /// The files written (paths as `directory` names them).
        package var written: [String]
        /// The failing audit checks recorded as known failures.
        package var knownFailures: [AuditCheckSummary]
        /// The budgets written at the app's measured value (the design limit broken).
        package var loosenedBudgets: [String]
        package var pin: ParallaxLabPin
    }

    package static func run(directory: String, pin: ParallaxLabPin, progress: @escaping (String) -> Void = { _ in }) throws -> Outcome {
        try check(directory)
        let name = URL(fileURLWithPath: directory).standardizedFileURL.lastPathComponent
        let suitePath = (directory as NSString).appendingPathComponent(suiteFile)
        // Measure the suite with the design budgets, as `parallax run` would.
        let draft = AppRepositorySuite.text(name: name, pin: pin, measured: AppRepositorySuite.budgets.map { _ in nil })
        let measured = try measure(draft, path: suitePath, progress: progress)
        let suiteText = AppRepositorySuite.text(name: name, pin: pin, measured: measured.budgets)
        let branch = (try? SuiteRun.shell("git", ["-C", directory, "symbolic-ref", "--short", "HEAD"])).flatMap { $0.isEmpty ? nil : $0 } ?? "main"
        let texts = [suiteText, AppRepositoryWorkflow.text(pin: pin, branch: branch), KnownFailuresFile.text(measured.checks)]

        // Stage all, then move each into place.
        let staging = (directory as NSString).appendingPathComponent(".parallax-init.staging-\(getpid())")
        try? FileManager.default.removeItem(atPath: staging)
        defer { try? FileManager.default.removeItem(atPath: staging) }
        for (file, text) in zip(files, texts) {
            let staged = (staging as NSString).appendingPathComponent(file)
            try FileManager.default.createDirectory(atPath: (staged as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try AtomicFile.write(Data(text.utf8), to: staged)
        }
        var moved: [String] = []
        var createdFolders: [String] = []
        do {
            for file in files {
                let target = (directory as NSString).appendingPathComponent(file)
                var folder = (target as NSString).deletingLastPathComponent
                var missing: [String] = []
                while !FileManager.default.fileExists(atPath: folder) { missing.append(folder); folder = (folder as NSString).deletingLastPathComponent }
                try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                createdFolders += missing
                // moveItem refuses an existing target: a file made since the check above is not overwritten.
                try FileManager.default.moveItem(atPath: (staging as NSString).appendingPathComponent(file), toPath: target)
                moved.append(target)
            }
            if let ignore = try ignoringReports(directory) { moved.append(ignore) }
        } catch {
            for path in moved { try? FileManager.default.removeItem(atPath: path) }
            for folder in createdFolders { try? FileManager.default.removeItem(atPath: folder) }
            throw SuiteError(file: directory, line: nil, message: "cannot write the files (nothing written): \(error.localizedDescription)")
        }
        return Outcome(written: moved, knownFailures: measured.checks.filter { !$0.passed },
                       loosenedBudgets: zip(AppRepositorySuite.budgets, measured.budgets).compactMap { $1 == nil ? nil : $0.metric }, pin: pin)
    }

    /// The report folder `parallax run` writes (`Reports/`) kept out of git: `.gitignore` made, or a line added to the
    /// one there, unless it already names the folder; the path when the file was changed, else nil. Written last and
    /// whole (`AtomicFile`), so a failure leaves the old file.
    static func ignoringReports(_ directory: String) throws -> String? {
        let path = (directory as NSString).appendingPathComponent(".gitignore")
        let old = FileManager.default.fileExists(atPath: path) ? String(decoding: try FileContents.read(path), as: UTF8.self) : ""
        let lines = old.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        guard !lines.contains(where: { ["Reports", "Reports/", "/Reports", "/Reports/"].contains($0) }) else { return nil }
        let separator = old.isEmpty || old.hasSuffix("\n") ? "" : "\n"
        try AtomicFile.write(Data((old + separator + "# parallax run's report folder (parallax init)\n/Reports/\n").utf8), to: path)
        return path
    }

    /// Refuses a folder that is not an app's (no CubeSceneController.swift below it) and one holding a file `init` writes.
    package static func check(_ directory: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw SuiteError(file: directory, line: nil, message: "no such folder (parallax init sets up an app's repository)")
        }
        guard containsController(directory) else {
            throw SuiteError(file: directory, line: nil,
                             message: "no app here: no CubeSceneController.swift found below it (parallax init sets up the repository of a head-tracked app)")
        }
        for file in files {
            let path = (directory as NSString).appendingPathComponent(file)
            if FileManager.default.fileExists(atPath: path) {
                throw SuiteError(file: path, line: nil, message: "already exists; parallax init writes nothing over an existing file (move it away to set up again)")
            }
        }
    }

    /// The folder holds a cube scene controller (the app's other files may be missing: the replay then says which).
    static func containsController(_ directory: String) -> Bool {
        guard let walker = FileManager.default.enumerator(at: URL(fileURLWithPath: directory), includingPropertiesForKeys: nil,
                                                          options: [.skipsHiddenFiles]) else { return false }
        for case let url as URL in walker where url.lastPathComponent == "CubeSceneController.swift" { return true }
        return false
    }

    /// The draft suite run as `parallax run` runs it (scenarios, then the audit, into a temporary folder): each design
    /// budget's worst value on the app's scenarios when it breaks the limit, and the audit's checks.
    static func measure(_ text: String, path: String, progress: @escaping (String) -> Void) throws -> (budgets: [Double?], checks: [AuditCheckSummary]) {
        let loader = try SuiteLoader(path: path, text: text)
        let suite = try loader.load()
        let app = try SuiteApp.make(suite, loader: loader)
        let inputs = try SuiteInputs.load(suite, loader: loader, progress: progress)
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        var options = SuiteRun.Options(suitePath: path)
        options.progress = progress
        let run = SuiteRun(suite: suite, loader: loader, inputs: inputs, app: app, options: options, outputDirectory: scratch.path, destination: scratch.path)
        var timings: [SuiteUnit: Double] = [:]
        let results = try run.stages(jobs: [], frameRunner: run.frameRunner(), timings: &timings)
        let budgets = suite.budgets.map { budget -> Double? in
            let found = SuiteBudgets.evaluate([budget], on: results.scenarios, appSmoother: app.scenarios)
            guard found.contains(where: { !$0.passed }) else { return nil }
            return found.compactMap(\.value).max()
        }
        let audit = try SuiteAudit.finish(suite.audit!, suiteName: suite.name, traces: inputs.traces, loader: loader, appReplay: app.replay,
                                          evaluations: results.auditEvaluations ?? [], bands: suite.baselineBands, outputDirectory: scratch.path)
        return (budgets, audit.summary.checkValues ?? [])
    }
}

/// A uniquely named folder under the system's temporary directory, removed by `remove`.
private struct TemporaryFolder {
    let path: String
    init() throws {
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent("parallax-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
