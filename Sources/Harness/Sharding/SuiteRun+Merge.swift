import Foundation
import Plumbing
import Reporting
import TestedApp
import Tuning
import Vocabulary

extension SuiteRun {
    /// `parallax merge-reports PARTS… --output DIR`: the report of a suite run as shards (`runShard`), the same as
    /// the unsharded run's — report.json byte for byte, run id included — and the same folder (every part's frames,
    /// audit and tuning files; index.html, junit.xml, summary.md, numbers.actual.json, timings.json: the union of the
    /// parts'). The parts must be every shard i/n of one suite file at one commit and version, each once, with one
    /// plan (a `SuiteError` naming the part otherwise: exit 2). The suite file (the parts' `suite_file`, unchanged since)
    /// and its goldens are read again for the budgets and the numeric golden; `options` carries the baseline,
    /// history and junit root as for `run`. The outcome's failure is the suite's verdict.
    package static func mergeReports(_ paths: [String], options given: Options) throws -> Outcome {
        guard !paths.isEmpty else { throw FieldError("parts", expected: "part folders written by parallax run --shard i/n", found: "none") }
        let parts = try paths.map { try SuitePart.read($0) }
        let first = parts[0].part
        for (path, (part, _)) in zip(paths, parts) {
            func refuse(_ message: String) -> SuiteError { SuiteError(file: path, line: nil, message: message) }
            guard part.suite == first.suite, part.suiteFile == first.suiteFile, part.suiteFingerprint == first.suiteFingerprint else {
                throw refuse("expected a part of suite '\(first.suite)' (\(first.suiteFile)) as \(paths[0]), found a part of '\(part.suite)' (\(part.suiteFile)\(part.suiteFile == first.suiteFile ? ", other contents" : ""))")
            }
            guard part.commit == first.commit, part.version == first.version else {
                throw refuse("expected a part of commit \(first.commit), ParallaxLab \(first.version) as \(paths[0]), found commit \(part.commit), ParallaxLab \(part.version)")
            }
            guard part.shard.count == first.shard.count else {
                throw refuse("expected shard i/\(first.shard.count) as \(paths[0]), found shard \(part.shard.index)/\(part.shard.count)")
            }
            // Parts of one suite file may still have replayed different app code (the folder changed between shards).
            guard part.results.app == first.results.app else {
                throw refuse("expected a part of \(Self.appText(first.results.app)) as \(paths[0]), found a part of \(Self.appText(part.results.app)): run every shard on the same app code")
            }
            guard part.units == first.units, part.balance == first.balance else {
                throw refuse("expected the plan of \(paths[0]) (the same units, balanced by \(first.balance.rawValue)), found another plan (balanced by \(part.balance.rawValue)): give every shard the same durations report")
            }
        }
        let n = first.shard.count
        var byIndex: [Int: Int] = [:]
        for (k, (part, _)) in parts.enumerated() {
            if let earlier = byIndex[part.shard.index] {
                throw SuiteError(file: paths[k], line: nil, message: "shard \(part.shard.index)/\(n) given twice (also \(paths[earlier]))")
            }
            byIndex[part.shard.index] = k
        }
        let missing = (1...n).filter { byIndex[$0] == nil }
        guard missing.isEmpty else {
            throw FieldError("parts", expected: "every shard 1/\(n)…\(n)/\(n) once", found: "missing shard\(missing.count > 1 ? "s" : "") \(missing.map { "\($0)/\(n)" }.joined(separator: ", "))")
        }
        // Every unit ran in exactly one part.
        var ranIn: [SuiteUnit: Int] = [:]
        for (k, (part, _)) in parts.enumerated() {
            for unit in part.ran {
                if let other = ranIn[unit] {
                    throw SuiteError(file: paths[k], line: nil, message: "unit '\(unit)' ran in two parts (also \(paths[other]))")
                }
                ranIn[unit] = k
            }
        }
        if let absent = first.units.first(where: { ranIn[$0] == nil }) {
            throw FieldError("parts", expected: "every unit of the suite in one part", found: "'\(absent)' in none")
        }
        if let stray = ranIn.keys.sorted(by: { $0.description < $1.description }).first(where: { !first.units.contains($0) }) {
            throw SuiteError(file: paths[ranIn[stray]!], line: nil, message: "unit '\(stray)' is not in the plan")
        }

        var options = given
        options.suitePath = first.suiteFile
        let loader = try SuiteLoader(path: first.suiteFile)
        guard RunSetup.fingerprint(try FileContents.read(first.suiteFile)) == first.suiteFingerprint else {
            throw SuiteError(file: first.suiteFile, line: nil, message: "changed since the parts were run (run the shards again)")
        }
        let suite = try loader.load()
        let inputs = try SuiteInputs.load(suite, loader: loader, progress: options.progress)
        // The audit is aggregated here, on the traces the shards measured.
        if inputs.traces.map(\.name).sorted() != first.results.setup.traces.keys.sorted()
            || inputs.traces.contains(where: { first.results.setup.traces[$0.name] != SuiteBaseline.fingerprint($0.trace) }) {
            throw SuiteError(file: first.suiteFile, line: nil, message: "its traces changed since the parts were run (run the shards again)")
        }
        let app = try SuiteApp.make(suite, loader: loader)
        guard app.identity == first.results.app else {
            throw SuiteError(file: first.suiteFile, line: loader.line(at: [.key("app"), .key("source")]),
                             message: "app.source: expected \(Self.appText(first.results.app)) as the parts ran, found \(Self.appText(app.identity)) now (run the shards again)")
        }
        let here = Self.environment()
        guard here.commit == first.commit, here.version == first.version else {
            throw SuiteError(file: paths[0], line: nil, message: "expected parts of this checkout (commit \(here.commit), ParallaxLab \(here.version)), found commit \(first.commit), ParallaxLab \(first.version)")
        }
        guard let destination = options.output else { throw FieldError("output", expected: "the merged report's folder", found: "none") }
        let target = URL(fileURLWithPath: destination).standardizedFileURL.path
        if let clash = parts.first(where: { URL(fileURLWithPath: $0.directory).standardizedFileURL.path == target }) {
            throw SuiteError(file: clash.directory, line: nil, message: "the output is a part: merge into another folder")
        }
        try ReportFolder.checkReplaceable(destination, suitePath: options.suitePath)
        let (outcome, afterPublishing) = try StagedDirectory.replace(destination) { staging in
            try copyFiles(of: parts.map(\.directory), into: staging)
            let results = combine(parts.map(\.part), units: first.units)
            var timings: [SuiteUnit: Double] = [:]
            for (_, directory) in parts {
                let path = (directory as NSString).appendingPathComponent(SuiteTimings.file)
                if FileManager.default.fileExists(atPath: path) { timings.merge(try SuiteTimings.read(report: path).byUnit) { a, _ in a } }
            }
            let run = SuiteRun(suite: suite, loader: loader, inputs: inputs, app: app, options: options, outputDirectory: staging, destination: destination)
            return try run.finish(results, timings: timings)
        }
        try afterPublishing()
        return outcome
    }

    /// "the app (code f7310c2e…) from Tests/Fixtures/apps/SampleApp", as a merge names the app a part ran.
    static func appText(_ identity: AppIdentity?) -> String {
        guard let identity else { return "no app" }
        return identity.kind == .code ? "the app's code \(identity.hash ?? "?") from \(identity.source)" : identity.label
    }

    /// The parts' results in the suite's order (the order of `units`), as the unsharded run has them.
    static func combine(_ parts: [SuitePart], units: [SuiteUnit]) -> SuiteStageResults {
        let order = Dictionary(units.enumerated().map { ($0.element, $0.offset) }) { a, _ in a }
        var results = SuiteStageResults(setup: parts[0].results.setup)
        results.scenarios = parts.flatMap(\.results.scenarios).enumerated().sorted { a, b in
            let ka = order[.scenarios(trace: a.element.trace, smoother: a.element.smoother)] ?? Int.max
            let kb = order[.scenarios(trace: b.element.trace, smoother: b.element.smoother)] ?? Int.max
            return ka != kb ? ka < kb : a.offset < b.offset
        }.map(\.element)
        results.frames = parts.flatMap(\.results.frames).sorted { (order[.frame($0.name)] ?? Int.max) < (order[.frame($1.name)] ?? Int.max) }
        for part in parts {
            results.frameNumbers.merge(part.results.frameNumbers) { a, _ in a }
            if part.ran.contains(.tune) {
                results.tune = part.results.tune
                results.tuneSections = part.results.tuneSections
            }
            if let evaluations = part.results.auditEvaluations { results.auditEvaluations = (results.auditEvaluations ?? []) + evaluations }
            if let comparisons = part.results.appComparisons { results.appComparisons = (results.appComparisons ?? []) + comparisons }
        }
        results.app = parts[0].results.app
        // Each trace's comparison in the suite's order, as the unsharded run appends them.
        let appUnit = { (trace: String) in order[.scenarios(trace: trace, smoother: Budget.Scope.appName)] ?? Int.max }
        results.appComparisons = results.appComparisons?.sorted { appUnit($0.trace) < appUnit($1.trace) }
        return results
    }

    /// Every file of every part except its part.json and timings.json, at the same place in the merged folder; a file
    /// in two parts is refused (each unit writes only its own files).
    static func copyFiles(of directories: [String], into staging: String) throws {
        var from: [String: String] = [:]
        for directory in directories {
            for relative in (FileManager.default.subpaths(atPath: directory) ?? []).sorted() where relative != SuitePart.file && relative != SuiteTimings.file {
                let source = (directory as NSString).appendingPathComponent(relative)
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
                if let other = from[relative] {
                    throw SuiteError(file: source, line: nil, message: "also in the part \(other): two parts wrote the same file")
                }
                from[relative] = directory
                let target = (staging as NSString).appendingPathComponent(relative)
                try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try AtomicFile.write(Data(try FileContents.read(source)), to: target)
            }
        }
    }
}
