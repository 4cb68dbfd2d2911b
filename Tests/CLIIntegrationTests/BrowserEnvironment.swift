import Foundation
import ParallaxTestSupport
import Testing

/// What the browser tests need: Debian's chromium and chromium-driver, and Selenium in the repository's
/// `.venv-browser` (`make deps-browser` installs all three; `make test` runs it first). Plain `swift test` on a
/// machine without them skips those tests and names what is missing.
enum BrowserEnvironment {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Headless Chromium's executable, if installed.
    static let chromium: URL? = executable(["chromium", "chromium-browser", "google-chrome"])

    /// The virtual environment's Python, when it can import Selenium.
    static let seleniumPython: URL? = {
        let python = repository.appendingPathComponent(".venv-browser/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path) else { return nil }
        let probe = try? ChildProcess.run(python, arguments: ["-c", "import selenium"], timeout: 60)
        return probe?.status == 0 ? python : nil
    }()

    /// The missing parts, each as what provides it.
    static let missing: [String] = [
        chromium == nil ? "chromium (Debian package chromium)" : nil,
        executable(["chromedriver"]) == nil ? "chromedriver (Debian package chromium-driver)" : nil,
        seleniumPython == nil ? "Selenium in .venv-browser (pip install selenium into a venv at the repository root)" : nil,
    ].compactMap { $0 }

    static var isComplete: Bool { missing.isEmpty }

    /// Why a browser test is skipped, for `.enabled(if:_:)`.
    static var skipReason: Comment {
        Comment(rawValue: "the browser environment is incomplete, missing \(missing.joined(separator: ", ")): run `make deps-browser`")
    }

    private static func executable(_ names: [String]) -> URL? {
        for name in names {
            for directory in ["/usr/bin", "/usr/local/bin", "/usr/lib/chromium", "/snap/bin"]
            where FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") {
                return URL(fileURLWithPath: "\(directory)/\(name)")
            }
        }
        return nil
    }
}
