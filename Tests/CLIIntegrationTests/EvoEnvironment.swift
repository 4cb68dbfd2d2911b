import Foundation
import ParallaxTestSupport
import Testing

/// What the evo reference tests need: evo (PyPI) in the repository's `.venv-evo` (`make deps-evo`; `make test`
/// runs it first). Plain `swift test` on a machine without it skips those tests and names what is missing.
enum EvoEnvironment {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The virtual environment's Python, when it can import evo.
    static let python: URL? = {
        let python = repository.appendingPathComponent(".venv-evo/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path) else { return nil }
        let probe = try? ChildProcess.run(python, arguments: ["-c", "import evo.core.metrics, evo.core.sync, evo.tools.file_interface"], timeout: 120)
        return probe?.status == 0 ? python : nil
    }()

    static var isComplete: Bool { python != nil }

    /// Why an evo test is skipped, for `.enabled(if:_:)`.
    static var skipReason: Comment {
        Comment(rawValue: "evo is missing: evo in .venv-evo (pip install evo into a venv at the repository root): run `make deps-evo`")
    }
}
