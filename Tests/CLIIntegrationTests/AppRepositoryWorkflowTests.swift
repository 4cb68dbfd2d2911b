import Foundation
import ParallaxTestSupport
import Testing
import Yams

/// Issue 46's acceptance, in a temporary git repository holding the sample app (Tests/Fixtures/apps/SampleApp, with a
/// recenter defect to fix by hand later): `parallax init` writes the suite, the workflow and the known failures; the
/// workflow's `run:` steps, run as they are with bash (the ParallaxLab build step replaced by this build's
/// `parallax`), then
/// - on a pull request that adds ParallaxLab (its base has no suite, so no baseline): pass, the failures accepted;
/// - on a pull request that lowers α in the app's code: exit 1, naming the metrics worse than on the base commit;
/// - on a pull request that fixes recenter by hand: recenter-idempotent reported better, "remove it from
///   parallax-known-failures.yml", and the run passes.
@Suite(.serialized) struct AppRepositoryWorkflowTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let sampleApp = repository.appendingPathComponent("Tests/Fixtures/apps/SampleApp")

    /// The sample app's recenter as written (idempotent) and a defect: the origin taken from the smoothed position,
    /// which is already offset by the origin, so a second press moves the picture again.
    static let recenter = "origin = SIMD2(lastRaw.x, lastRaw.y)"
    static let recenterDefect = "origin = SIMD2(currentPosition.x, currentPosition.y)"
    /// α as built (the smoother's weight and the slider's default), and lowered.
    static let alpha = ["ExponentialSmoother(weight: 0.5)", "var smoothingAlpha: Float = 0.5"]
    static let alphaLowered = ["ExponentialSmoother(weight: 0.15)", "var smoothingAlpha: Float = 0.15"]

    /// The test's git repository of the app.
    struct AppRepository {
        let folder: TemporaryDirectory
        var url: URL { folder.url.appendingPathComponent("app") }

        init() throws {
            folder = try TemporaryDirectory(prefix: "app-repository")
            try FileManager.default.copyItem(at: AppRepositoryWorkflowTests.sampleApp, to: url)
            try edit("Sources/HeadTrackingService.swift", [AppRepositoryWorkflowTests.recenter], [AppRepositoryWorkflowTests.recenterDefect])
            try git(["init", "-q", "-b", "main"])
            try commit("the app (recenter takes the smoothed position)")
        }

        @discardableResult
        func git(_ arguments: [String]) throws -> String {
            let result = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/git"),
                                              arguments: ["-c", "user.name=test", "-c", "user.email=test@example.org"] + arguments, in: url)
            guard result.status == 0 else { throw TestFailure("git \(arguments.joined(separator: " ")): \(result.stderrText)") }
            return result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// Commits everything but the report folder; returns the commit.
        func commit(_ message: String) throws -> String {
            // Reports/ is kept out by the .gitignore parallax init writes (and does not exist before it).
            try git(["add", "--all"])
            try git(["commit", "-q", "-m", message])
            return try git(["rev-parse", "HEAD"])
        }

        func edit(_ file: String, _ old: [String], _ new: [String]) throws {
            let path = url.appendingPathComponent(file).path
            var text = try String(contentsOfFile: path, encoding: .utf8)
            for (a, b) in zip(old, new) {
                guard text.contains(a) else { throw TestFailure("\(file) has no '\(a)'") }
                text = text.replacingOccurrences(of: a, with: b)
            }
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }

        func read(_ file: String) throws -> String { try String(contentsOfFile: url.appendingPathComponent(file).path, encoding: .utf8) }
    }

    /// The workflow's one job as written: its environment and steps.
    struct Workflow {
        var environment: [String: String]
        var steps: [[String: Any]]

        init(_ text: String) throws {
            let root = try #require(try Yams.load(yaml: text) as? [String: Any])
            environment = try #require(root["env"] as? [String: Any]).mapValues { "\($0)" }
            let jobs = try #require(root["jobs"] as? [String: Any])
            let job = try #require(jobs["suite"] as? [String: Any])
            steps = try #require(job["steps"] as? [[String: Any]])
        }

        /// The `uses:` of the steps that run an action (not run here: checkout, cache and upload are GitHub's).
        var actions: [String] { steps.compactMap { $0["uses"] as? String } }

        /// Runs the job of a pull request with base `base` in the repository checked out at its head: every `run:`
        /// step in order under bash -eo pipefail as GitHub runs it, each step's `if:` and `${{ }}` evaluated for a pull
        /// request, the build step replaced by a checkout folder holding this build's `parallax` (as
        /// .build/release/parallax) and the Makefile. Returns the output of "Run the suite" and its status (nil when
        /// a step before it failed).
        func runPullRequest(in repository: AppRepository, base: String) throws -> (status: Int32, output: String, stepSummary: String) {
            let runnerTemp = repository.folder.url.appendingPathComponent("runner-\(UUID().uuidString)")
            let parallaxlab = runnerTemp.appendingPathComponent("parallaxlab")
            try FileManager.default.createDirectory(at: parallaxlab.appendingPathComponent(".build/release"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: parallaxlab.appendingPathComponent(".build/release/parallax"), withDestinationURL: ParallaxProcess.executable)
            try FileManager.default.createSymbolicLink(at: parallaxlab.appendingPathComponent("Makefile"),
                                                       withDestinationURL: AppRepositoryWorkflowTests.repository.appendingPathComponent("Makefile"))
            let stepSummary = runnerTemp.appendingPathComponent("step-summary.md")
            FileManager.default.createFile(atPath: stepSummary.path, contents: Data())
            let inherited = ProcessInfo.processInfo.environment
            var environment = environment.merging(["PATH": inherited["PATH"] ?? "/usr/bin:/bin", "HOME": inherited["HOME"] ?? runnerTemp.path,
                                                   "CI": "true", "GITHUB_ACTIONS": "true", "GITHUB_EVENT_NAME": "pull_request",
                                                   "GITHUB_WORKSPACE": repository.url.path, "RUNNER_TEMP": runnerTemp.path,
                                                   "GITHUB_STEP_SUMMARY": stepSummary.path]) { _, new in new }
            if let cache = inherited["PARALLAX_CACHE_DIR"] { environment["PARALLAX_CACHE_DIR"] = cache }
            let expressions = ["${{ github.event.pull_request.base.sha }}": base]
            for step in steps {
                let name = step["name"] as? String ?? "(unnamed)"
                guard let script = step["run"] as? String, name != "Build ParallaxLab at the pinned commit" else { continue }
                if let condition = step["if"] as? String {
                    // The only condition a run step has: the baseline runs on pull requests.
                    #expect(condition == "github.event_name == 'pull_request'", "step '\(name)': if: \(condition)")
                }
                var stepEnvironment = environment
                for (key, value) in step["env"] as? [String: Any] ?? [:] {
                    let text = "\(value)"
                    stepEnvironment[key] = try #require(expressions[text], "step '\(name)': env \(key): \(text) is not a known expression")
                }
                let result = try ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), arguments: ["--noprofile", "--norc", "-eo", "pipefail", "-c", script],
                                                  environment: stepEnvironment, in: repository.url, timeout: 600)
                if name == "Run the suite" {
                    return (result.status, result.stdoutText + result.stderrText, try String(contentsOf: stepSummary, encoding: .utf8))
                }
                guard result.status == 0 else { throw TestFailure("step '\(name)' exited \(result.status): \(result.stdoutText)\n\(result.stderrText)") }
            }
            throw TestFailure("the workflow has no step 'Run the suite'")
        }
    }

    @Test func initThenPullRequestsChangeTheVerdict() throws {
        let app = try AppRepository()
        defer { app.folder.cleanUp() }
        let before = try app.git(["rev-parse", "HEAD"])

        // parallax init: the three files, the pin read from this checkout's git.
        let initRun = try ParallaxProcess.run(["init", "--parallaxlab-repository", Self.repository.path], in: app.url)
        #expect(initRun.status == 0, "\(initRun.stdout)\n\(initRun.stderr)")
        let head = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/git"), arguments: ["-C", Self.repository.path, "rev-parse", "HEAD"]).stdoutText
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let workflowText = try app.read(".github/workflows/parallax.yml")
        let workflow = try Workflow(workflowText)
        #expect(workflow.environment["PARALLAXLAB_COMMIT"] == head && workflow.environment["PARALLAXLAB_REPOSITORY"] == Self.repository.path)
        #expect(workflow.actions == ["actions/checkout@v4", "actions/cache@v4", "actions/upload-artifact@v4"])
        let suite = try app.read("parallax.yml")
        #expect(suite.contains("app: {source: .}") && suite.contains("builtin:sway") && suite.contains("app_source: .") && suite.contains("gate: true"))
        // The recenter defect fails its check now: a known failure with its value and a reason to fill in.
        let known = try app.read("parallax-known-failures.yml")
        #expect(known.contains("- check: recenter-idempotent") && known.contains("- check: latency") && known.contains("reason: \"\""), "\(known)")
        // The report folder kept out of git, in a .gitignore made for it (the sample repository has none).
        #expect(try app.read(".gitignore") == "# parallax run's report folder (parallax init)\n/Reports/\n")
        let withParallax = try app.commit("ParallaxLab: parallax init")

        // 1. The pull request that adds ParallaxLab: no suite on its base, so no baseline; the current failures accepted.
        let first = try workflow.runPullRequest(in: app, base: before)
        #expect(first.status == 0, "\(first.output)")
        #expect(first.output.contains("PASS") && first.output.contains("0 new, 0 worse"), "\(first.output)")
        #expect(first.stepSummary.contains("## ParallaxLab") && first.stepSummary.contains("known failures (parallax-known-failures.yml)"))

        // 2. A pull request that lowers α in the app's code: worse than its base, named.
        try app.git(["checkout", "-q", "-b", "alpha", withParallax])
        try app.edit("Sources/HeadTrackingService.swift", Self.alpha, Self.alphaLowered)
        _ = try app.commit("smoother: α 0.15")
        let alpha = try workflow.runPullRequest(in: app, base: withParallax)
        #expect(alpha.status == 1, "\(alpha.output)")
        #expect(alpha.output.contains("worse than the baseline"), "\(alpha.output)")
        // The app's tracking lag on sway (EMA lag (1 − α)/α frames: 1 → 5.7 frames at 60 Hz) and its latency check.
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: app.url.appendingPathComponent("Reports/latest/report.json"))) as? [String: Any]
        let deltas = try #require(report?["baseline"] as? [[String: Any]])
        let worse = Set(deltas.filter { $0["state"] as? String == "worse" }.compactMap { $0["key"] as? String })
        #expect(worse.contains("sway × app × iphone-15-pro × s=2.0 / lag_ms"), "\(worse.sorted())")
        #expect(worse.contains("audit latency on sway / audit_p95"), "\(worse.sorted())")
        #expect(alpha.output.contains("audit check latency: worse than its known failure"), "\(alpha.output)")
        let junit = try String(contentsOf: app.url.appendingPathComponent("Reports/latest/junit.xml"), encoding: .utf8)
        #expect(junit.contains("<testcase classname=\"parallax.audit\" name=\"latency\"") && junit.contains("type=\"AuditCheck\""))

        // 3. A pull request that fixes recenter by hand: better, and the known failure to remove.
        try app.git(["checkout", "-q", "-b", "recenter", withParallax])
        try app.edit("Sources/HeadTrackingService.swift", [Self.recenterDefect], [Self.recenter])
        _ = try app.commit("recenter on the raw position")
        let fixed = try workflow.runPullRequest(in: app, base: withParallax)
        #expect(fixed.status == 0, "\(fixed.output)")
        #expect(fixed.output.contains("audit check recenter-idempotent: better") && fixed.output.contains("remove it from parallax-known-failures.yml"),
                "\(fixed.output)")
        #expect(fixed.stepSummary.contains("remove it from parallax-known-failures.yml"))
        let fixedReport = try JSONSerialization.jsonObject(with: Data(contentsOf: app.url.appendingPathComponent("Reports/latest/report.json"))) as? [String: Any]
        let better = (fixedReport?["baseline"] as? [[String: Any]] ?? []).filter { $0["state"] as? String == "better" }.compactMap { $0["key"] as? String }
        #expect(better.contains("audit recenter-idempotent / audit_p95"), "\(better)")
    }
}

/// A step of the test that could not go on.
struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
