import Foundation
import ParallaxTestSupport
import Testing

/// What a team does with a run in CI: gate on a baseline and accept an intended change from the report (looking
/// at the report in a real browser: CLIIntegrationTests/ReportBrowserTests).
@Suite(.serialized) struct ReviewLoopTests {
    @Test func acceptingTheFailedFramesMakesTheNextRunPass() throws {
        let fixture = try ReviewFixture()
        defer { fixture.directory.cleanUp() }
        let failing = try fixture.parallax(["run", "suite.yml"])
        #expect(failing.status == 1, "\(failing.stdout)")
        #expect(failing.stdout.contains("frame fx/b-offset: fail"))

        let refused = try fixture.parallax(["accept", "report", "--failed"], environment: ["CI": "true"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("CI"))
        let unknown = try fixture.parallax(["accept", "report", "--only", "fx/nope"])
        #expect(unknown.status == 2 && unknown.stderr.contains("fx/nope"))

        let accepted = try fixture.parallax(["accept", "report", "--failed"])
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stdout.contains("accepted frame fx/b-offset (fail)"))
        #expect(accepted.stdout.contains("accepted numbers numbers/fixture (fail)"))
        #expect(!accepted.stdout.contains("fx/a-center"), "a passing frame was accepted: \(accepted.stdout)")
        let sidecar = try String(contentsOfFile: fixture.directory.path("goldens/fx/b-offset.json"), encoding: .utf8)
        #expect(sidecar.contains("0.05"), "the sidecar does not hold the new head: \(sidecar)")

        let passing = try fixture.parallax(["run", "suite.yml"])
        #expect(passing.status == 0, "after accept: \(passing.stdout)")
    }

    @Test func acceptRefusesAReportOfAnotherSuite() throws {
        let fixture = try ReviewFixture()
        defer { fixture.directory.cleanUp() }
        _ = try fixture.parallax(["run", "suite.yml"])
        try ReviewFixture.suiteText.replacingOccurrences(of: "name: review fixture", with: "name: other")
            .write(toFile: fixture.suite, atomically: true, encoding: .utf8)
        let refused = try fixture.parallax(["accept", "report", "--all"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("suite 'other'"), "\(refused.stderr)")
    }

    @Test func aBaselineWithOneWorsenedMetricExitsOneAndShowsIt() throws {
        let fixture = try ReviewFixture()
        defer { fixture.directory.cleanUp() }
        _ = try fixture.parallax(["accept", "report", "--all"]).status  // no report yet: refused
        _ = try fixture.parallax(["run", "suite.yml", "--output", "first"])
        #expect(try fixture.parallax(["accept", "first", "--all"]).status == 0)
        let base = try fixture.parallax(["run", "suite.yml", "--output", "base"])
        #expect(base.status == 0, "\(base.stdout)")
        // Same code, same inputs: every metric the same, the run passes.
        let same = try fixture.parallax(["run", "suite.yml", "--output", "same", "--baseline", "base/report.json"])
        #expect(same.status == 0, "\(same.stdout)")
        #expect(same.stdout.contains("0 worse, 0 better"), "\(same.stdout)")

        // The baseline had half the lag: this run's lag is worse beyond its band (15 %, ≥ 1 ms).
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: fixture.url.appendingPathComponent("base/report.json"))) as! [String: Any]
        var scenarios = json["scenarios"] as! [[String: Any]]
        var metrics = scenarios[0]["metrics"] as! [String: Double]
        let lag = try #require(metrics["lag_ms"])
        metrics["lag_ms"] = lag * 0.5
        scenarios[0]["metrics"] = metrics
        json["scenarios"] = scenarios
        try JSONSerialization.data(withJSONObject: json).write(to: fixture.url.appendingPathComponent("worse.json"))
        let worse = try fixture.parallax(["run", "suite.yml", "--output", "pr", "--baseline", "worse.json"])
        #expect(worse.status == 1, "\(worse.stdout)")
        #expect(worse.stdout.contains("1 worse"), "\(worse.stdout)")
        let summary = try String(contentsOfFile: fixture.directory.path("pr/summary.md"), encoding: .utf8)
        #expect(summary.contains("/ lag_ms |") && summary.contains("▲ worse"), "\(summary)")
        let html = try String(contentsOfFile: fixture.directory.path("pr/index.html"), encoding: .utf8)
        #expect(html.contains("delta worse") && html.contains("▲ worse"))
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: fixture.url.appendingPathComponent("pr/report.json"))) as! [String: Any]
        let deltas = report["baseline"] as! [[String: Any]]
        #expect(deltas.filter { $0["state"] as? String == "worse" }.map { $0["metric"] as? String } == ["lag_ms"])
        #expect(deltas.contains { ($0["key"] as? String)?.hasPrefix("frame fx/a-center / ssim_mean") == true && $0["state"] as? String == "same" })
        // Only marking: exit 0.
        let marked = try fixture.parallax(["run", "suite.yml", "--output", "pr2", "--baseline", "worse.json", "--no-fail-on-regression"])
        #expect(marked.status == 0, "\(marked.stdout)")
    }

    @Test func aBaselineOfAnotherSetupIsRefused() throws {
        let fixture = try ReviewFixture()
        defer { fixture.directory.cleanUp() }
        _ = try fixture.parallax(["run", "suite.yml", "--output", "base"])
        try ReviewFixture.suiteText.replacingOccurrences(of: "smoothers: [\"ema:alpha=0.25\"]", with: "smoothers: [\"ema:alpha=0.5\"]")
            .write(toFile: fixture.suite, atomically: true, encoding: .utf8)
        let refused = try fixture.parallax(["run", "suite.yml", "--output", "pr", "--baseline", "base/report.json"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("different setup") && refused.stderr.contains("smoothers"), "\(refused.stderr)")
        let allowed = try fixture.parallax(["run", "suite.yml", "--output", "pr", "--baseline", "base/report.json", "--allow-different-setup"])
        #expect(allowed.status == 1, "a frame still fails: \(allowed.stdout)")
        #expect(allowed.stdout.contains("new") && allowed.stdout.contains("gone"), "\(allowed.stdout)")
    }

    @Test func historyGrowsByOneLinePerRunAndTheReportDrawsIt() throws {
        let fixture = try ReviewFixture()
        defer { fixture.directory.cleanUp() }
        for _ in 0..<2 { _ = try fixture.parallax(["run", "suite.yml", "--history", "history.jsonl"]) }
        let lines = try String(contentsOfFile: fixture.directory.path("history.jsonl"), encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.contains("\"suite\":\"review fixture\"") && $0.contains("\"frames_failed\":1") })
        let html = try String(contentsOfFile: fixture.directory.path("report/index.html"), encoding: .utf8)
        #expect(html.contains("History (2 runs)"))
    }
}
