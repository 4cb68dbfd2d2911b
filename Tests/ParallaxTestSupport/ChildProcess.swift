import Foundation

/// What a finished child process left: its exit status and everything it wrote to each stream.
public struct ChildProcessResult: Sendable {
    public var status: Int32
    public var stdout: Data
    public var stderr: Data

    public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    public var stderrText: String { String(decoding: stderr, as: UTF8.self) }
}

/// The child ran past its time limit and was killed.
public struct ChildProcessTimeout: Error, CustomStringConvertible {
    public var command: String
    public var seconds: Double
    public var description: String { "\(command) did not finish within \(seconds) s and was killed" }
}

/// Runs a program to completion and captures both output streams whole.
///
/// Each stream goes to its own temporary file rather than a pipe, so a child that writes more than a pipe buffer
/// (64 KB on Linux) to either stream never blocks on a reader. A child still running at the time limit is killed
/// (SIGKILL) and the call throws `ChildProcessTimeout`, so a test fails instead of hanging.
public enum ChildProcess {
    public static func run(_ executable: URL, arguments: [String], environment: [String: String]? = nil, in directory: URL? = nil,
                           timeout seconds: Double = 120) throws -> ChildProcessResult {
        let captures = try TemporaryDirectory(prefix: "child-process")
        defer { captures.cleanUp() }
        let stdoutURL = captures.url.appendingPathComponent("stdout"), stderrURL = captures.url.appendingPathComponent("stderr")
        for url in [stdoutURL, stderrURL] { try Data().write(to: url) }
        let stdoutFile = try FileHandle(forWritingTo: stdoutURL), stderrFile = try FileHandle(forWritingTo: stderrURL)
        defer { try? stdoutFile.close(); try? stderrFile.close() }

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdoutFile
        process.standardError = stderrFile
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        if exited.wait(timeout: .now() + seconds) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            exited.wait()
            throw ChildProcessTimeout(command: ([executable.path] + arguments).joined(separator: " "), seconds: seconds)
        }
        return ChildProcessResult(status: process.terminationStatus,
                                  stdout: try Data(contentsOf: stdoutURL), stderr: try Data(contentsOf: stderrURL))
    }
}
