import Foundation
import Plumbing

/// The folder that holds built drivers and the stand-ins' build (`app-replay/` under `$PARALLAX_CACHE_DIR`, else
/// `$XDG_CACHE_HOME/parallax`, else `~/.cache/parallax`), and the rules every entry in it keeps:
/// - an entry is built in a staging folder `<name>.staging-<pid>-<uuid>` beside it and renamed into place only whole,
///   so a reader never sees a half-written entry; a staging folder whose process is gone (killed mid-build) is swept
///   by the next build;
/// - one process builds a given entry at a time (`<name>.lock`, an advisory `flock` the kernel drops when its holder
///   dies); another waits for it and then uses what it built;
/// - the cache is bounded: after each driver build the least recently used drivers beyond `maximumDrivers` are
///   removed, and stand-ins builds beyond `maximumStandIns` (each ParallaxLab build and toolchain has its own).
package struct ReplayCache: Sendable {
    package let root: URL

    /// Drivers kept: a driver with its incremental state is about 3 MB.
    package static let maximumDrivers = 48
    /// Stand-ins builds kept (one per ParallaxLab build and toolchain in use; about 4 MB each).
    package static let maximumStandIns = 3

    /// `cacheRoot` nil: `$PARALLAX_CACHE_DIR`, else `$XDG_CACHE_HOME/parallax`, else `~/.cache/parallax`.
    package init(cacheRoot: URL? = nil) {
        root = (cacheRoot ?? Self.defaultCacheRoot).appendingPathComponent("app-replay")
    }

    static var defaultCacheRoot: URL {
        let environment = ProcessInfo.processInfo.environment
        if let dir = environment["PARALLAX_CACHE_DIR"], !dir.isEmpty { return URL(fileURLWithPath: dir) }
        if let dir = environment["XDG_CACHE_HOME"], !dir.isEmpty { return URL(fileURLWithPath: dir).appendingPathComponent("parallax") }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/parallax")
    }

    package func entry(_ name: String) -> URL { root.appendingPathComponent(name) }

    /// Makes the entry `name` unless `isBuilt` says it is there: under its lock, in a staging folder that `fill`
    /// writes and that is renamed into place on success (removed otherwise).
    package func build(_ name: String, isBuilt: (URL) -> Bool, fill: (URL) throws -> Void) throws {
        let folder = entry(name)
        if isBuilt(folder) { return touch(folder) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let lock = try FileLock(path: root.appendingPathComponent("\(name).lock").path)
        defer { lock.unlock() }
        if isBuilt(folder) { return touch(folder) }  // another process built it while this one waited
        sweepStaging()
        let staging = root.appendingPathComponent("\(name).staging-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: staging) }
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        try fill(staging)
        if FileManager.default.fileExists(atPath: folder.path) { try FileManager.default.removeItem(at: folder) }  // an entry damaged by hand
        try FileManager.default.moveItem(at: staging, to: folder)
    }

    /// Marks an entry as just used (eviction removes the least recently used first).
    func touch(_ folder: URL) {
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: folder.path)
    }

    /// Removes staging folders whose building process is gone or no longer builds (after stopping the compiler
    /// processes it left working in them), and lock files of entries that are gone and that no process holds.
    package func sweepStaging() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: root.path) else { return }
        for name in names {
            if let range = name.range(of: ".staging-"),
               let pid = name[range.upperBound...].split(separator: "-").first.flatMap({ Int32($0) }) {
                // Its builder is gone when its process is, or — its pid reused meanwhile — when the entry's lock, which
                // a builder holds while its staging folder exists, is free.
                let lockPath = entry(String(name[..<range.lowerBound])).path + ".lock"
                let gone = kill(pid, 0) != 0 && errno == ESRCH || !FileManager.default.fileExists(atPath: lockPath)
                let lock = gone ? nil : try? FileLock(path: lockPath, wait: false)
                guard gone || lock != nil else { continue }
                Self.stopProcesses(workingIn: entry(name))
                try? FileManager.default.removeItem(at: entry(name))
                lock?.unlock()
            } else if name.hasSuffix(".lock"), !FileManager.default.fileExists(atPath: entry(String(name.dropLast(".lock".count))).path),
                      let lock = try? FileLock(path: entry(name).path, wait: false) {
                try? FileManager.default.removeItem(at: entry(name))
                lock.unlock()
            }
        }
    }

    /// Kills the processes whose working directory is `folder` or below it: a killed build's compiler and its jobs,
    /// which run in the staging folder and outlive the process that started them.
    static func stopProcesses(workingIn folder: URL) {
        #if os(Linux)
        let prefix = folder.standardizedFileURL.path
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(name), pid != getpid(),
                  let cwd = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(name)/cwd"),
                  cwd == prefix || cwd.hasPrefix(prefix + "/") else { continue }
            kill(pid, SIGKILL)
        }
        #endif
    }

    /// The entries whose names start with `prefix` (not staging folders nor locks), most recently used first.
    func entries(prefix: String) -> [(url: URL, used: Date)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && !$0.contains(".staging-") && !$0.hasSuffix(".lock") }.compactMap { name in
            let url = entry(name)
            guard let date = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date else { return nil }
            return (url, date)
        }.sorted { $0.used != $1.used ? $0.used > $1.used : $0.url.path < $1.url.path }
    }

    /// Removes the least recently used entries with `prefix` beyond `keep`, each under its lock (an entry another
    /// process is building or has just locked stays), and its lock file.
    package func evict(prefix: String, keep: Int) {
        for (url, _) in entries(prefix: prefix).dropFirst(keep) {
            let lockPath = url.path + ".lock"
            guard let lock = try? FileLock(path: lockPath, wait: false) else { continue }
            try? FileManager.default.removeItem(at: url)
            try? FileManager.default.removeItem(atPath: lockPath)
            lock.unlock()
        }
    }
}

/// An advisory lock on a file (`flock`), held until `unlock` or the holder's death.
struct FileLock {
    private let descriptor: Int32

    /// Waits for the lock unless `wait` is false (then throws when another holds it).
    init(path: String, wait: Bool = true) throws {
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileError(path: path, operation: .write, reason: "cannot open the cache's lock file: \(String(cString: strerror(errno)))") }
        var result: Int32
        repeat { result = flock(descriptor, wait ? LOCK_EX : LOCK_EX | LOCK_NB) } while result != 0 && errno == EINTR
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw FileError(path: path, operation: .write, reason: "cannot lock the cache entry: \(reason)")
        }
    }

    func unlock() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
