import Foundation
import ParallaxTestSupport
import Testing

/// The project's own suite passes, and its HTML report works in a real browser: headless Chromium loads
/// index.html from disk; any script error or broken image fails the test; a screenshot is kept at
/// .build/report-screenshot.png to look at. The suite runs once, into .build/project-suite-report/ (kept to look
/// at), and both tests read that run.
@Suite(.serialized) struct ProjectSuiteTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let output = repository.appendingPathComponent(".build/project-suite-report")

    /// `parallax run parallax.yml`, run by whichever test comes first (the suite takes most of a minute in a debug build).
    static let projectRun = Result<ParallaxRun, any Error> {
        try? FileManager.default.removeItem(at: output)
        return try ParallaxProcess.run(["run", "parallax.yml", "--output", output.path], environment: ["CI": "true", "PATH": "/usr/bin:/bin"],
                                       in: repository)
    }

    @Test func projectSuitePasses() throws {
        let run = try Self.projectRun.get()
        #expect(run.status == 0, "parallax run parallax.yml: \(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("PASS"))
        for file in ["index.html", "report.json", "junit.xml", "summary.md"] {
            #expect(FileManager.default.fileExists(atPath: Self.output.appendingPathComponent(file).path), "\(file) missing")
        }
        let summary = try Data(contentsOf: Self.output.appendingPathComponent("summary.md"))
        #expect(summary.count < 100_000)
    }

    /// Issue 44's weights: the pages (index.html, audit.html, tune.html) ≤ 1.5 MB together, the pictures (audit/ and
    /// motion/) ≤ 2.5 MB, every picture's file there, lazy-loaded and sized.
    @Test func itsReportStaysLight() throws {
        _ = try Self.projectRun.get()
        func size(_ name: String) throws -> Int {
            try FileManager.default.attributesOfItem(atPath: Self.output.appendingPathComponent(name).path)[.size] as? Int ?? 0
        }
        let pages = try ["index.html", "audit.html", "tune.html"].map(size).reduce(0, +)
        #expect(pages <= 1_500_000, "the pages weigh \(pages) bytes")
        var pictures = 0
        for folder in ["audit", "motion"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: Self.output.appendingPathComponent(folder).path)
            #expect(names.contains { $0.hasSuffix(".png") }, "no pictures in \(folder)/")
            pictures += try names.map { try size(folder + "/" + $0) }.reduce(0, +)
        }
        #expect(pictures <= 2_500_000, "the pictures weigh \(pictures) bytes")
        for page in ["index.html", "audit.html"] {
            let html = try String(contentsOf: Self.output.appendingPathComponent(page), encoding: .utf8)
            let images = html.matches(of: /<img [^>]*src="(audit|motion)\/([^"]+)"[^>]*>/)
            #expect(!images.isEmpty, "\(page) shows no pictures")
            for image in images {
                let tag = String(image.output.0)
                #expect(tag.contains("loading=\"lazy\"") && tag.contains("width=\"") && tag.contains("height=\""), "\(page): \(tag)")
                #expect(FileManager.default.fileExists(atPath: Self.output.appendingPathComponent("\(image.output.1)/\(image.output.2)").path), "\(page): \(tag)")
            }
        }
    }

    @Test(.enabled(if: BrowserEnvironment.isComplete, BrowserEnvironment.skipReason))
    func itsReportRendersInHeadlessChromium() throws {
        _ = try Self.projectRun.get()
        let browser = try #require(BrowserEnvironment.chromium)
        let page = Self.output.appendingPathComponent("index.html").absoluteString
        let common = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--virtual-time-budget=5000", "--enable-logging=stderr", "--v=0"]
        let dom = try ChildProcess.run(browser, arguments: common + ["--dump-dom", page])
        let body = dom.stdoutText.range(of: "<body[^>]*>", options: .regularExpression).map { String(dom.stdoutText[$0]) } ?? ""
        #expect(body.contains("data-loaded=\"1\""), "the page's load handler did not run: \(body)")
        #expect(body.contains("data-errors=\"0\""), "script errors on the page: \(body)")
        #expect(body.contains("data-broken-images=\"0\""), "broken images on the page: \(body)")
        let consoleErrors = dom.stderrText.split(separator: "\n").filter { $0.contains("CONSOLE") && ($0.contains("Uncaught") || $0.contains("Error")) }
        #expect(consoleErrors.isEmpty, "console errors: \(consoleErrors)")
        let screenshot = Self.repository.appendingPathComponent(".build/report-screenshot.png").path
        let shot = try ChildProcess.run(browser, arguments: common + ["--window-size=1280,2400", "--screenshot=\(screenshot)", page])
        #expect(shot.status == 0)
        #expect(FileManager.default.fileExists(atPath: screenshot))
    }
}
