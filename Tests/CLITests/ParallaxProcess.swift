import Foundation
import ParallaxTestSupport

/// Runs the built `parallax` executable (the test target depends on it, so it is built first) and
/// captures its exit status and output.
struct ParallaxRun {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum ParallaxProcess {
    static var executable: URL {
        // The test bundle lives in the build products directory, next to the executable.
        var directory = Bundle.main.bundleURL
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            directory = bundle.bundleURL.deletingLastPathComponent()
        }
        let candidate = directory.appendingPathComponent("parallax")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/debug/parallax")
    }

    /// Runs `parallax` with a time limit generous for a debug build on a busy machine; past it the child is killed
    /// and the call throws, so a hung command fails its test.
    static func run(_ arguments: [String], environment: [String: String]? = nil, in directory: URL? = nil,
                    timeout seconds: Double = 300) throws -> ParallaxRun {
        let result = try ChildProcess.run(executable, arguments: arguments, environment: environment, in: directory, timeout: seconds)
        return ParallaxRun(status: result.status, stdout: result.stdoutText, stderr: result.stderrText)
    }
}
