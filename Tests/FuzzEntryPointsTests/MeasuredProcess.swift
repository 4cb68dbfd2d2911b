import Foundation

/// A `parallax` run with its exit status, stderr and CPU time (wait4's rusage), optionally under a data
/// limit (`ulimit -d`: heap and private mappings), for checks that a bad input is refused before any large
/// allocation or long computation: over the limit an allocation fails and the process traps, which is not
/// exit 2. (A limit rather than the child's peak RSS: Linux carries the spawning test process's peak into
/// the child's ru_maxrss.) Spawned with posix_spawn rather than `Process`, which reaps the child itself and
/// so hides its rusage.
struct MeasuredRun {
    var status: Int32
    var stderr: String
    /// User + system CPU time, seconds.
    var cpuSeconds: Double
}

enum MeasuredProcess {
    /// The built `parallax` (the test target depends on it): next to the test bundle.
    static var executable: String {
        var directory = Bundle.main.bundleURL
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            directory = bundle.bundleURL.deletingLastPathComponent()
        }
        let candidate = directory.appendingPathComponent("parallax").path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        return FileManager.default.currentDirectoryPath + "/.build/debug/parallax"
    }

    static func run(_ arguments: [String], dataLimitMebibytes: Int? = nil) throws -> MeasuredRun {
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-stderr-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: errorFile) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 2, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let limit = dataLimitMebibytes.map { "ulimit -d \($0 * 1024); " } ?? ""
        let command = ["/bin/sh", "-c", limit + "exec \"$0\" \"$@\"", executable] + arguments
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, environ)
        guard spawned == 0 else { throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "posix_spawn: \(spawned)"]) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let exited = status & 0x7F == 0
        let stderr = (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return MeasuredRun(status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), stderr: stderr,
                           cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime))
    }
}

/// A fresh temporary directory, removed by the caller with `cleanUp`.
struct ScratchDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    func cleanUp() { try? FileManager.default.removeItem(at: url) }
}
