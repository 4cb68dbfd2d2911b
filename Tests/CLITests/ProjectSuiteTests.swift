import Foundation
import ParallaxTestSupport
import Testing

/// The project's own suite passes, and its HTML report works in a real browser: headless Chromium loads
/// index.html from disk; any script error or broken image fails the test; a screenshot is kept at
/// .build/report-screenshot.png to look at. (`make test` installs Debian's chromium first.)
@Suite(.serialized) struct ProjectSuiteTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func projectSuitePassesAndItsReportRendersInABrowser() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let output = dir.path("report")
        let run = try ParallaxProcess.run(["run", "parallax.yml", "--output", output], environment: ["CI": "true", "PATH": "/usr/bin:/bin"],
                                          in: Self.repository)
        #expect(run.status == 0, "parallax run parallax.yml: \(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("PASS"))
        for file in ["index.html", "report.json", "junit.xml", "summary.md"] {
            #expect(FileManager.default.fileExists(atPath: "\(output)/\(file)"), "\(file) missing")
        }
        let summary = try Data(contentsOf: URL(fileURLWithPath: "\(output)/summary.md"))
        #expect(summary.count < 100_000)

        let browser = try #require(Self.chromium(), "headless Chromium is needed for this test: run `make deps-browser` (Debian package chromium)")
        let page = URL(fileURLWithPath: "\(output)/index.html").absoluteString
        let common = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--virtual-time-budget=5000", "--enable-logging=stderr", "--v=0"]
        let dom = try Self.execute(browser, common + ["--dump-dom", page])
        let body = dom.stdout.range(of: "<body[^>]*>", options: .regularExpression).map { String(dom.stdout[$0]) } ?? ""
        #expect(body.contains("data-loaded=\"1\""), "the page's load handler did not run: \(body)")
        #expect(body.contains("data-errors=\"0\""), "script errors on the page: \(body)")
        #expect(body.contains("data-broken-images=\"0\""), "broken images on the page: \(body)")
        let consoleErrors = dom.stderr.split(separator: "\n").filter { $0.contains("CONSOLE") && ($0.contains("Uncaught") || $0.contains("Error")) }
        #expect(consoleErrors.isEmpty, "console errors: \(consoleErrors)")
        let screenshot = Self.repository.appendingPathComponent(".build/report-screenshot.png").path
        let shot = try Self.execute(browser, common + ["--window-size=1280,2400", "--screenshot=\(screenshot)", page])
        #expect(shot.status == 0)
        #expect(FileManager.default.fileExists(atPath: screenshot))
    }

    static func chromium() -> String? {
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for directory in ["/usr/bin", "/usr/local/bin", "/snap/bin"] where FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") {
                return "\(directory)/\(name)"
            }
        }
        return nil
    }

    static func execute(_ executable: String, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes concurrently so neither can fill up and block the browser.
        nonisolated(unsafe) var errData = Data()
        let reader = Thread { errData = err.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !reader.isFinished { usleep(1000) }
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }
}
