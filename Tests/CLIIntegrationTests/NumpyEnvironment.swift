import Foundation
import ParallaxTestSupport
import Testing

/// What the numpy reference tests need: numpy in the repository's `.venv-evo` (evo depends on it; `make deps-evo`,
/// which `make test` runs, installs both). Plain `swift test` on a machine without it skips those tests and names
/// what is missing.
enum NumpyEnvironment {
    /// The virtual environment's Python, when it can import numpy.
    static let python: URL? = {
        let python = EvoEnvironment.repository.appendingPathComponent(".venv-evo/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path) else { return nil }
        let probe = try? ChildProcess.run(python, arguments: ["-c", "import numpy"], timeout: 120)
        return probe?.status == 0 ? python : nil
    }()

    static var isComplete: Bool { python != nil }

    /// Why a numpy test is skipped, for `.enabled(if:_:)`.
    static var skipReason: Comment {
        Comment(rawValue: "numpy is missing: numpy in .venv-evo (installed with evo into a venv at the repository root): run `make deps-evo`")
    }
}
