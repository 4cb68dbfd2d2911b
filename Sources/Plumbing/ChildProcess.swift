import Foundation

/// What a finished child process left: its exit status, everything it wrote to each stream and the CPU time it used.
package struct ChildProcessResult: Sendable {
    /// The exit code, or 128 + the signal number when a signal ended it (as a shell reports it).
    package var status: Int32
    package var stdout: Data
    package var stderr: Data
    /// User + system CPU time of the child, seconds.
    package var cpuSeconds: Double

    package var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    package var stderrText: String { String(decoding: stderr, as: UTF8.self) }
}

/// The child ran past its time limit and was killed.
package struct ChildProcessTimeout: Error, CustomStringConvertible {
    package var command: String
    package var seconds: Double
    /// What the child had written to stdout when it was killed.
    package var stdout = Data()
    package var description: String { "\(command) did not finish within \(seconds) s and was killed" }
}

/// The program could not be started (missing, not executable, or the folder to run it in is missing).
package struct ChildProcessLaunchFailure: Error, CustomStringConvertible {
    package var command: String
    package var reason: String
    package var description: String { "\(command) could not be started: \(reason)" }
}

/// Runs a program to completion and captures both output streams whole: the one child-process runner (the
/// app-replay driver, the tests).
///
/// Each stream goes to its own temporary file rather than a pipe, so a child that writes more than a pipe buffer
/// (64 KB on Linux) to either stream never blocks on a reader. The child is spawned with `posix_spawn` and reaped
/// with `wait4` (Foundation's `Process` reaps its children itself and so hides their CPU time). A thread blocks in
/// `waitid(WNOWAIT)` until the child exits, leaving it unreaped; a child still running at the time limit is killed
/// (SIGKILL), which is safe because an unreaped child's pid cannot have been reused, and the call throws
/// `ChildProcessTimeout`, so a caller fails instead of hanging.
package enum ChildProcess {
    /// `environment` nil: this process's own; otherwise exactly the given variables.
    package static func run(_ executable: URL, arguments: [String], environment: [String: String]? = nil, in directory: URL? = nil,
                           timeout seconds: Double = 120) throws -> ChildProcessResult {
        let command = ([executable.path] + arguments).joined(separator: " ")
        let captures = FileManager.default.temporaryDirectory.appendingPathComponent("child-process-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: captures, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: captures) }
        let stdoutPath = captures.appendingPathComponent("stdout").path, stderrPath = captures.appendingPathComponent("stderr").path

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if let directory {
            guard let changeDirectory = ChildProcess.changeDirectoryAction, changeDirectory(&actions, directory.path) == 0 else {
                throw ChildProcessLaunchFailure(command: command, reason: "cannot set its working directory \(directory.path)")
            }
        }

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let variables = environment.map { $0.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } }
        let envp: [UnsafeMutablePointer<CChar>?]? = variables.map { $0.map { strdup($0) } + [nil] }
        defer { envp?.forEach { free($0) } }

        var pid: pid_t = 0
        var spawned: Int32 = 0
        // ETXTBSY: an executable written a moment ago (a copied binary, a freshly built driver) is still open for
        // writing in a child that another thread forked before the writer closed it; the child drops it when it
        // execs, so the spawn is tried again for up to 0.5 s.
        for attempt in 0..<50 {
            spawned = envp.map { posix_spawn(&pid, executable.path, &actions, nil, argv, $0) }
                ?? posix_spawn(&pid, executable.path, &actions, nil, argv, environ)
            guard spawned == ETXTBSY, attempt < 49 else { break }
            usleep(10_000)
        }
        guard spawned == 0 else { throw ChildProcessLaunchFailure(command: command, reason: String(cString: strerror(spawned))) }

        let exited = DispatchSemaphore(value: 0)
        let child = pid
        Thread {
            var info = siginfo_t()
            while waitid(P_PID, id_t(child), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
            exited.signal()
        }.start()
        let timedOut = exited.wait(timeout: .now() + seconds) == .timedOut
        if timedOut {
            kill(pid, SIGKILL)
            exited.wait()
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        if timedOut { throw ChildProcessTimeout(command: command, seconds: seconds, stdout: Data(try FileContents.read(stdoutPath))) }

        func duration(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        let signal = status & 0x7F
        return ChildProcessResult(status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal,
                                  stdout: Data(try FileContents.read(stdoutPath)),
                                  stderr: Data(try FileContents.read(stderrPath)),
                                  cpuSeconds: duration(usage.ru_utime) + duration(usage.ru_stime))
    }

    private typealias ChangeDirectoryAction = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29+, macOS 10.15+). glibc declares it only under _GNU_SOURCE,
    /// which Swift's Glibc module does not set, so there it is looked up by name.
    private static let changeDirectoryAction: ChangeDirectoryAction? = {
        #if canImport(Glibc)
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addchdir_np") else { return nil }
        return unsafeBitCast(symbol, to: ChangeDirectoryAction.self)
        #else
        return { posix_spawn_file_actions_addchdir_np($0, $1) }
        #endif
    }()
}
