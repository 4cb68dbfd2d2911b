import Foundation
import ParallaxTestSupport
import Testing

/// The suite report as a reviewer opens it, driven in a real browser.
@Suite struct ReportBrowserTests {
    /// Tests/Browser/report_browser_test.py in headless Chromium (Selenium and axe-core from .venv-browser, made by
    /// `make deps-browser`) on a report with two failing frames — fx/a-center's golden has a 6×6 magenta patch painted
    /// at (40, 60), so its one changed region is known exactly — a baseline and a small tuning sweep (for the
    /// interactive tuning view) and the app audit (the verdict line's failing-check count, audit.html), plus an audit
    /// page; the headline checked in the first 1280×900 and 390×844 viewports; at the end the page's accept command runs as pasted.
    /// Screenshots in .build/browser-artifacts/.
    @Test(.enabled(if: BrowserEnvironment.isComplete, BrowserEnvironment.skipReason))
    func theReportWorksInARealBrowser() throws {
        let python = try #require(BrowserEnvironment.seleniumPython)
        let fixture = try ReviewFixture()
        defer { fixture.directory.cleanUp() }
        // A small sweep (the interactive tuning view) and the app audit on the fixture's trace (the verdict line's count, audit.html).
        let sweep = "tune: {smoother: \"ema:alpha=0.1...0.5/0.05\", movement_scale: \"1.0...2.0/0.5\", screen: iphone-15-pro}\n"
            + "audit: {screens: [iphone-15-pro], mode: cube}\n"
        try (String(contentsOfFile: fixture.suite, encoding: .utf8) + sweep).write(toFile: fixture.suite, atomically: true, encoding: .utf8)
        _ = try fixture.parallax(["run", "suite.yml", "--output", "base"])
        let script = ReviewFixture.repository.appendingPathComponent("Tests/Browser/report_browser_test.py").path
        let environment = ["PATH": ParallaxProcess.executable.deletingLastPathComponent().path + ":/usr/bin:/bin", "HOME": fixture.directory.path("home")]
        let paint = try ChildProcess.run(python, arguments: [script, "--paint", fixture.directory.path("goldens/fx/a-center.png"), "40", "60", "6", "6", "ff00ff"],
                                         environment: environment, timeout: 30)
        #expect(paint.status == 0, "\(paint.stderrText)")
        let run = try fixture.parallax(["run", "suite.yml", "--output", "report", "--baseline", "base/report.json"])
        #expect(run.status == 1, "the fixture's frames should fail: \(run.stdout)")
        let audit = try fixture.parallax(["audit", "--traces", ReviewFixture.repository.appendingPathComponent("Traces/step.csv").path,
                                          "--mode", "cube", "-o", "audit"])
        #expect(audit.status == 0 || audit.status == 1, "audit: \(audit.stderr)")
        let artifacts = ReviewFixture.repository.appendingPathComponent(".build/browser-artifacts").path
        let browser = try ChildProcess.run(python, arguments: [script, fixture.directory.path("report"), artifacts,
                                                               "--patch", "fx/a-center,40,60,6,6,ff00ff", "--audit", fixture.directory.path("audit"), "--accept"],
                                           environment: environment, timeout: 240)
        #expect(browser.status == 0, "\(browser.stdoutText)\n\(browser.stderrText)")
        #expect(browser.stdoutText.contains(" passed, 0 failed"), "\(browser.stdoutText)")
        for shot in ["slider", "tune-view", "zoom-8x", "first-viewport-1280", "first-viewport-360", "first-viewport-390"] {
            #expect(FileManager.default.fileExists(atPath: artifacts + "/\(shot).png"), "no screenshot \(shot).png")
        }
    }
}
