import Foundation

/// A finished `parallax` run: exit status, both output streams and the CPU time it used.
public struct ParallaxRun: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// User + system CPU time, seconds.
    public var cpuSeconds: Double
}

/// The built `parallax` executable and how tests run it. A test target that runs it depends on the `parallax`
/// target, so it is built before the tests run.
public enum ParallaxProcess {
    /// The one locator: `parallax` beside the test bundle in the build products directory, or `.build/debug/parallax`
    /// under the current directory.
    public static var executable: URL {
        var directory = Bundle.main.bundleURL
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            directory = bundle.bundleURL.deletingLastPathComponent()
        }
        let candidate = directory.appendingPathComponent("parallax")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/debug/parallax")
    }

    /// Runs `parallax` through `ChildProcess` with a time limit generous for a debug build on a busy machine; past it
    /// the child is killed and the call throws, so a hung command fails its test. `dataLimitMebibytes` runs it under
    /// `ulimit -d` (heap and private mappings), for checks that a bad input is refused before any large allocation:
    /// over the limit an allocation fails and the process traps, which is not exit 2. (A limit rather than the
    /// child's peak RSS: Linux carries the spawning test process's peak into the child's ru_maxrss.)
    public static func run(_ arguments: [String], environment: [String: String]? = nil, in directory: URL? = nil,
                           dataLimitMebibytes: Int? = nil, timeout seconds: Double = 300) throws -> ParallaxRun {
        let result: ChildProcessResult
        if let dataLimitMebibytes {
            // The shell sets the limit, then becomes parallax (exec), so the status and CPU time are parallax's own.
            result = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"),
                                          arguments: ["-c", "ulimit -d \(dataLimitMebibytes * 1024); exec \"$0\" \"$@\"", executable.path] + arguments,
                                          environment: environment, in: directory, timeout: seconds)
        } else {
            result = try ChildProcess.run(executable, arguments: arguments, environment: environment, in: directory, timeout: seconds)
        }
        return ParallaxRun(status: result.status, stdout: result.stdoutText, stderr: result.stderrText, cpuSeconds: result.cpuSeconds)
    }
}
