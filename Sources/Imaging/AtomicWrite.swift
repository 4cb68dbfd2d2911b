import Foundation

/// Writes a file so that readers see either the old content or the complete new content, never a partial
/// file: the bytes go to a temporary file in the same directory (`.NAME.PID.RANDOM.tmp`), which is renamed
/// over the target. On any failure (including an interruption reported by `beforeRename`) the temporary
/// file is removed and the target is untouched.
public enum AtomicWrite {
    public static func write(_ bytes: UnsafeRawBufferPointer, to path: String,
                             beforeRename: (() throws -> Void)? = nil) throws {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw ImagingError.writeFailed(path: path, reason: String(cString: strerror(errno))) }
        var failure: String?
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                failure = String(cString: strerror(errno))
                break
            }
            offset += written
        }
        if close(descriptor) != 0 && failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil, let beforeRename {
            do { try beforeRename() } catch { failure = "interrupted before rename: \(error)" }
        }
        if failure == nil && rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw ImagingError.writeFailed(path: path, reason: failure)
        }
    }

    public static func write(_ bytes: [UInt8], to path: String, beforeRename: (() throws -> Void)? = nil) throws {
        try bytes.withUnsafeBytes { try write($0, to: path, beforeRename: beforeRename) }
    }
}
