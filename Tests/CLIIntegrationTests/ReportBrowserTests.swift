import Foundation
import ParallaxTestSupport
import Testing

/// The suite report as a reviewer opens it, driven in a real browser.
@Suite struct ReportBrowserTests {
    /// Tests/Browser/report_browser_test.py in headless Chromium (Selenium from .venv-browser, made by
    /// `make deps-browser`) on a report with a failing frame, a baseline and a small tuning sweep (for the
    /// interactive tuning view); screenshots in .build/browser-artifacts/.
    @Test(.enabled(if: BrowserEnvironment.isComplete, BrowserEnvironment.skipReason))
    func theReportWorksInARealBrowser() throws {
        let python = try #require(BrowserEnvironment.seleniumPython)
        let fixture = try ReviewFixture()
        defer { fixture.directory.cleanUp() }
        let sweep = "tune: {smoother: \"ema:alpha=0.1...0.5/0.05\", movement_scale: \"1.0...2.0/0.5\", screen: iphone-15-pro}\n"
        try (String(contentsOfFile: fixture.suite, encoding: .utf8) + sweep).write(toFile: fixture.suite, atomically: true, encoding: .utf8)
        _ = try fixture.parallax(["run", "suite.yml", "--output", "base"])
        let run = try fixture.parallax(["run", "suite.yml", "--output", "report", "--baseline", "base/report.json"])
        #expect(run.status == 1, "the fixture's frame should fail: \(run.stdout)")
        let artifacts = ReviewFixture.repository.appendingPathComponent(".build/browser-artifacts").path
        let script = ReviewFixture.repository.appendingPathComponent("Tests/Browser/report_browser_test.py").path
        let browser = try ChildProcess.run(python, arguments: [script, fixture.directory.path("report"), artifacts],
                                           environment: ["PATH": "/usr/bin:/bin", "HOME": fixture.directory.path("home")], timeout: 90)
        #expect(browser.status == 0, "\(browser.stdoutText)\n\(browser.stderrText)")
        #expect(browser.stdoutText.contains(" passed, 0 failed"), "\(browser.stdoutText)")
        #expect(FileManager.default.fileExists(atPath: artifacts + "/slider.png"))
        #expect(FileManager.default.fileExists(atPath: artifacts + "/tune-view.png"))
    }
}
