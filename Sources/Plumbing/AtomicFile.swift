import Foundation

/// The one way ParallaxLab writes files: readers only ever see the old content or the complete new content.
/// The bytes go to a temporary file in the same directory (`.NAME.PID.RANDOM.tmp`), which is then renamed
/// over the target. On any failure (including an interruption reported by `beforeRename`) the temporary
/// file is removed and the target is untouched.
package enum AtomicFile {
    /// Writes `chunks` one after the other (large outputs are produced in blocks; they are never joined).
    package static func write(_ chunks: [[UInt8]], to path: String, beforeRename: (() throws -> Void)? = nil) throws {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw FileError(path: path, operation: .write, reason: String(cString: strerror(errno))) }
        var failure: String?
        for chunk in chunks where failure == nil {
            chunk.withUnsafeBytes { failure = writeAll($0, to: descriptor) }
        }
        if close(descriptor) != 0 && failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil, let beforeRename {
            do { try beforeRename() } catch { failure = "interrupted before rename: \(error)" }
        }
        if failure == nil && rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw FileError(path: path, operation: .write, reason: failure)
        }
    }

    package static func write(_ bytes: [UInt8], to path: String, beforeRename: (() throws -> Void)? = nil) throws {
        try write([bytes], to: path, beforeRename: beforeRename)
    }

    package static func write(_ data: Data, to path: String) throws {
        try write([[UInt8](data)], to: path)
    }

    package static func write(_ text: String, to path: String) throws {
        try write([Array(text.utf8)], to: path)
    }

    /// Writes the whole buffer, retrying after EINTR; returns the error text or nil.
    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> String? {
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            offset += written
        }
        return nil
    }
}
