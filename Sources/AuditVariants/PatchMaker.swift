import AppReplay
import Audit
import DeviceFacts
import Foundation
import Plumbing
import Vocabulary

/// `parallax audit --app-source DIR --patches OUT`: each failing check's fix (`AppFixes`) applied to a copy of the
/// app's code, built against the stand-ins, replayed on every trace and measured again; a patch is offered only when
/// its check then passes on every trace. `all.diff` holds every offered fix, with the whole audit measured after it.
package enum PatchMaker {
    /// Refuses a patches folder that exists and is not empty, or whose parent cannot be written, before any work.
    package static func checkDestination(_ path: String) throws {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue, (try? fm.contentsOfDirectory(atPath: path))?.isEmpty == true else {
                throw FieldError("patches", expected: "a folder that does not exist or is empty (nothing is overwritten)", found: "'\(path)'")
            }
        }
        let parent = ((path as NSString).standardizingPath as NSString).deletingLastPathComponent
        var parentIsDirectory: ObjCBool = false
        guard fm.fileExists(atPath: parent.isEmpty ? "." : parent, isDirectory: &parentIsDirectory), parentIsDirectory.boolValue,
              fm.isWritableFile(atPath: parent.isEmpty ? "." : parent) else {
            throw FieldError("patches", expected: "a folder in an existing folder that can be written", found: "'\(path)'")
        }
    }

    /// Writes each written patch and all.diff into `path`, whole: staged beside it, then moved into place.
    package static func write(_ patches: AuditPatches, to path: String) throws {
        try checkDestination(path)
        let fm = FileManager.default
        let target = URL(fileURLWithPath: path).standardizedFileURL
        let staging = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).partial-\(UUID().uuidString)")
        try fm.createDirectory(at: staging, withIntermediateDirectories: true)
        do {
            for patch in patches.patches where patch.status == .written {
                try Data((patch.diff ?? "").utf8).write(to: staging.appendingPathComponent(patch.file!))
            }
            if let combined = patches.combined { try Data(combined.diff.utf8).write(to: staging.appendingPathComponent(combined.file)) }
            if fm.fileExists(atPath: target.path) { try fm.removeItem(at: target) }
            try fm.moveItem(at: staging, to: target)
        } catch {
            try? fm.removeItem(at: staging)
            throw error
        }
    }

    package static func make(_ options: AuditOptions, result: AuditResult, replay: AppReplay) throws -> AuditPatches {
        let app = try AppCode(replay.app)
        // Each failing check's fix built and measured side by side (each variant compiles incrementally from the
        // app's build, mostly on one core); the patches keep the checks' order.
        let failing = result.checks.filter { !$0.passed && $0.countsInVerdict }
        let made: [(patch: AuditPatch, offered: SourceFix?)?] = try Parallel.map(failing.count) { i in
            let check = failing[i]
            guard let fix = AppFixes.fix(for: check.id, screens: options.screens) else {
                guard let why = AppFixes.noPatch(for: check.id) else { return nil }
                var patch = AuditPatch(check: check.id, status: .noPatch, before: check.p95, unit: check.unit)
                patch.reason = why
                return (patch, nil)
            }
            var patch = AuditPatch(check: check.id, status: .notApplicable, before: check.p95, unit: check.unit)
            do {
                let edited = try fix.apply(to: app.texts)
                patch.diff = try header(for: [check], restingAlsoOn: fix.restsOn, result: result, app: app) + app.diff(edited)
                let after = try measure(edited, app: app, replay: replay, options: options)
                guard let measured = after.checks.first(where: { $0.id == check.id }) else { return nil }
                (patch.after, patch.passesAfter) = (measured.p95, measured.passed)
                patch.status = measured.passed ? .written : .doesNotPass
                if measured.passed {
                    patch.file = "\(check.id.rawValue).diff"
                    return (patch, fix)
                }
            } catch let error as SourceFixError {
                patch.reason = error.reason
            } catch let error as AppReplayError {
                patch.status = .doesNotBuild
                patch.reason = "\(error)".split(separator: "\n").first.map(String.init)
            }
            return (patch, nil)
        }
        let patches = made.compactMap { $0?.patch }
        var offered = made.compactMap { $0?.offered }
        var combined: CombinedPatch?
        if !offered.isEmpty {
            // Each offered fix in turn, in the form that applies once the others before it are in (a fix none of
            // whose forms then applies is left out of all.diff, and the combined line does not name it).
            var edited = app.texts, combinedFixes: [SourceFix] = []
            for fix in offered {
                guard let next = try? fix.apply(to: edited) else { continue }
                edited = next
                combinedFixes.append(fix)
            }
            offered = combinedFixes
            let after = try measure(edited, app: app, replay: replay, options: options)
            let checks = offered.map(\.check)
            combined = CombinedPatch(file: "all.diff", checks: checks, stillFailing: after.failing.map(\.id), auditPasses: after.passed,
                                     diff: try header(for: result.checks.filter { checks.contains($0.id) }, restingAlsoOn: offered.reduce(into: Set()) { $0.formUnion($1.restsOn) },
                                                      result: result, app: app) + app.diff(edited))
        }
        return AuditPatches(directory: "", patches: patches, combined: combined)
    }

    /// The audit of the app's code with `edited` in place of its files.
    static func measure(_ edited: [String: String], app: AppCode, replay: AppReplay, options: AuditOptions) throws -> AuditResult {
        let copy = try app.copy(with: edited)
        defer { try? FileManager.default.removeItem(at: copy) }
        var patched = options
        patched.appReplay = try AppReplay(appSource: copy.path, cacheRoot: replay.driver.cache.root.deletingLastPathComponent(), timeout: replay.timeout)
        return try AppAudit.run(patched)
    }

    /// What a patch's reader needs before applying it: what it fixes, what it was made for, how it was measured and
    /// what the measurement rests on. `git apply` skips these lines (they precede the first `---`).
    static func header(for checks: [CheckResult], restingAlsoOn edits: Set<AuditAssumption> = [], result: AuditResult, app: AppCode) throws -> String {
        let hypotheses = Set(checks.flatMap(\.restsOn)).union(edits).sorted().map { "\($0.rawValue) (\($0.hypothesis.status.rawValue))" }
        var lines = ["ParallaxLab audit fix for \(checks.map(\.id.rawValue).joined(separator: ", "))"]
        lines += checks.map { "  \($0.id.rawValue): \($0.fix.description)" }
        lines += [
            "Made by parallax \(ParallaxVersion.string) for the app's code at \(app.folder) (source hash \(app.hash)); apply it from that folder's root with git apply.",
            "Measured on: \(result.traces.joined(separator: ", ")) on \(result.screens.joined(separator: ", ")), ARKit frame \(result.arkitFrame.rawValue) (a hypothesis), baseline \(result.baseline.rawValue).",
            "Rests on: arkit-frame = \(result.arkitFrame.rawValue)" + (hypotheses.isEmpty ? "" : ", " + hypotheses.joined(separator: ", ")) + ".",
            "",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}

/// The app's Swift files as text, by the path below its folder, and where the compiled ones are by name.
struct AppCode {
    var folder: String
    var hash: String
    /// Every `.swift` file below the folder (hidden folders skipped), by relative path.
    var sources: [String: String]
    /// The compiled files' texts by name (what `SourceEdit.file` names).
    var texts: [String: String]
    var paths: [String: String]

    init(_ app: AppSourceFolder) throws {
        folder = app.path
        hash = app.hash
        let root = URL(fileURLWithPath: app.path).standardizedFileURL
        var sources: [String: String] = [:]
        if let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) {
            for case let url as URL in walker {
                if url.lastPathComponent.hasPrefix(".") { walker.skipDescendants(); continue }
                guard url.pathExtension == "swift" else { continue }
                let relative = String(url.standardizedFileURL.path.dropFirst(root.path.count + 1))
                sources[relative] = String(decoding: try FileContents.read(url.path), as: UTF8.self)
            }
        }
        self.sources = sources
        paths = Dictionary(uniqueKeysWithValues: app.files.map { ($0.name, $0.relativePath) })
        texts = paths.compactMapValues { sources[$0] }
    }

    /// A temporary copy of the Swift files with `edited` (by name) in place.
    func copy(with edited: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-patched-\(UUID().uuidString)")
        for (relative, text) in sources {
            let name = (relative as NSString).lastPathComponent
            let url = root.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try (paths[name] == relative ? edited[name] ?? text : text).write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    /// The unified diff of the edited files (`diff -u`, a/ and b/ prefixes, paths below the folder), in path order.
    func diff(_ edited: [String: String]) throws -> String {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var out = ""
        for name in edited.keys.sorted(by: { paths[$0]! < paths[$1]! }) where edited[name] != texts[name] {
            let relative = paths[name]!
            let before = scratch.appendingPathComponent("before"), after = scratch.appendingPathComponent("after")
            try texts[name]!.write(to: before, atomically: true, encoding: .utf8)
            try edited[name]!.write(to: after, atomically: true, encoding: .utf8)
            let run = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/diff"),
                                           arguments: ["-u", "--label", "a/\(relative)", "--label", "b/\(relative)", before.path, after.path])
            guard run.status == 1 else { throw SourceFixError(reason: "diff: \(run.stderrText)") }
            out += run.stdoutText
        }
        return out
    }
}
