import Foundation

/// A folder replaced whole or not at all — `AtomicFile` for a folder. Everything is written into a staging
/// folder beside the destination (`.NAME.staging-PID`, same parent, so renames never cross a file system);
/// `commit()` swaps it in. Killed at any point, a process leaves the previous folder as it was: before the swap
/// only the staging folder has changed; the swap itself is one `renameat2(RENAME_EXCHANGE)` on Linux (elsewhere,
/// or where the file system refuses it, the old folder is renamed aside to `.NAME.old-PID` first and the
/// next run puts it back if the process died in between). Leftovers of processes that are gone are removed
/// when the next staged folder for the same destination is opened; those of live processes are left alone.
package struct StagedDirectory: Sendable {
    /// Where the folder ends up.
    package let destination: String
    /// Where it is written until `commit()`.
    package let path: String

    /// Creates an empty staging folder for `destination`, after cleaning up what dead runs left beside it.
    /// Refuses a destination that is a file.
    package init(destination: String) throws {
        let trimmed = destination.hasSuffix("/") && destination.count > 1 ? String(destination.dropLast()) : destination
        self.destination = trimmed
        let parent = Self.parent(of: trimmed), name = (trimmed as NSString).lastPathComponent
        let pid = getpid()
        path = (parent as NSString).appendingPathComponent(Self.stagingName(name, pid: pid))
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: trimmed, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw FileError(path: trimmed, operation: .write, reason: "expected a folder to write into, found a file")
        }
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        try Self.removeLeftovers(of: name, in: parent, destination: trimmed)
        try? FileManager.default.removeItem(atPath: path)  // a dead process with our pid
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false) } catch {
            throw FileError(path: path, operation: .write, reason: "cannot create the staging folder (\(error.localizedDescription))")
        }
    }

    /// Writes a folder whole: `write` fills a staging folder (its path is the argument), which then replaces
    /// `destination`; if `write` or the swap throws, the staging folder is removed and `destination` is untouched.
    package static func replace<Result>(_ destination: String, by write: (String) throws -> Result) throws -> Result {
        let staging = try StagedDirectory(destination: destination)
        do {
            let result = try write(staging.path)
            try staging.commit()
            return result
        } catch {
            staging.discard()
            throw error
        }
    }

    /// Swaps the staging folder in as the destination and removes the previous folder.
    package func commit() throws {
        let pid = getpid()
        guard FileManager.default.fileExists(atPath: destination) else {
            guard rename(path, destination) == 0 else { throw Self.failure(path, "cannot rename it to \(destination)") }
            return
        }
        if let exchange = Self.exchange, exchange(AT_FDCWD, path, AT_FDCWD, destination, Self.renameExchange) == 0 {
            // The staging path now holds the previous folder.
            try? FileManager.default.removeItem(atPath: path)
            return
        }
        let parent = Self.parent(of: destination), name = (destination as NSString).lastPathComponent
        let aside = (parent as NSString).appendingPathComponent(Self.asideName(name, pid: pid))
        try? FileManager.default.removeItem(atPath: aside)
        guard rename(destination, aside) == 0 else { throw Self.failure(destination, "cannot rename it aside to \(aside)") }
        guard rename(path, destination) == 0 else {
            let failure = Self.failure(path, "cannot rename it to \(destination)")
            _ = rename(aside, destination)
            throw failure
        }
        try? FileManager.default.removeItem(atPath: aside)
    }

    /// Removes the staging folder (a run that failed before writing its report leaves the previous one).
    package func discard() {
        try? FileManager.default.removeItem(atPath: path)
    }

    static func stagingName(_ name: String, pid: pid_t) -> String { ".\(name).staging-\(pid)" }
    static func asideName(_ name: String, pid: pid_t) -> String { ".\(name).old-\(pid)" }

    private static func parent(of path: String) -> String {
        let parent = (path as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }

    /// Staging folders of dead processes are removed; a previous folder left aside by a process that died between
    /// its two renames (no destination) is put back, else removed.
    private static func removeLeftovers(of name: String, in parent: String, destination: String) throws {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
        for entry in entries.sorted() {
            let staging = entry.hasPrefix(".\(name).staging-"), aside = entry.hasPrefix(".\(name).old-")
            guard staging || aside, let pid = pid_t(entry.split(separator: "-").last ?? ""), pid != getpid(), !isAlive(pid) else { continue }
            let leftover = (parent as NSString).appendingPathComponent(entry)
            if aside && !FileManager.default.fileExists(atPath: destination) && rename(leftover, destination) == 0 { continue }
            try? FileManager.default.removeItem(atPath: leftover)
        }
    }

    private static func isAlive(_ pid: pid_t) -> Bool { pid > 0 && (kill(pid, 0) == 0 || errno == EPERM) }

    private static func failure(_ path: String, _ reason: String) -> FileError {
        FileError(path: path, operation: .write, reason: "\(reason) (\(String(cString: strerror(errno))))")
    }

    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    private static let renameExchange: UInt32 = 1 << 1

    /// glibc's `renameat2` (2.28+), declared only under _GNU_SOURCE, which Swift's Glibc module does not set.
    private static let exchange: RenameAt2? = {
        #if os(Linux)
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
        #else
        return nil
        #endif
    }()
}
