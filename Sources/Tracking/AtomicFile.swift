import Foundation

/// Writes a file so that readers only ever see the old content or the complete new content: the bytes go
/// to a temporary file in the same directory, which is then renamed over the target. On any failure the
/// temporary file is removed and the target is untouched.
public enum AtomicFile {
    public static func write(_ chunks: [[UInt8]], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw AtomicFileError(path: path, reason: String(cString: strerror(errno))) }
        var failure: String?
        for chunk in chunks where failure == nil {
            chunk.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = Foundation.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        failure = String(cString: strerror(errno))
                        return
                    }
                    offset += written
                }
            }
        }
        if close(descriptor) != 0 && failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil && rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw AtomicFileError(path: path, reason: failure)
        }
    }

    public static func write(_ bytes: [UInt8], to path: String) throws { try write([bytes], to: path) }
}

public struct AtomicFileError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): cannot write: \(reason)" }
}
