import Foundation

/// The one way ParallaxLab reads a whole file into memory: one allocation of the file's size, no copy (or a
/// mapping of the file, `mapped`).
package enum FileContents {
    package static func read(_ path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw FileError(path: path, operation: .read, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileError(path: path, operation: .read, reason: String(cString: strerror(errno))) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw FileError(path: path, operation: .read, reason: "is a directory") }
        let size = Int(info.st_size)
        var failure: String?
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            var offset = 0
            while offset < size {
                let got = Foundation.read(descriptor, buffer.baseAddress! + offset, size - offset)
                if got < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    break
                }
                if got == 0 { break }
                offset += got
            }
            count = offset
        }
        if let failure { throw FileError(path: path, operation: .read, reason: failure) }
        return bytes
    }

    /// The file mapped into memory instead of read: for large inputs parsed in place (a trace CSV of a million
    /// rows, 140 MB), no copy at all. Where mapping fails, the file is read (and its error is `read`'s).
    package static func mapped(_ path: String) throws -> Data {
        if let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) { return data }
        return Data(try read(path))
    }
}

/// A file that could not be read or written: `PATH: cannot read: REASON` / `PATH: cannot write: REASON`.
package struct FileError: Error, Equatable, CustomStringConvertible {
    package enum Operation: String, Sendable { case read, write }
    package var path: String
    package var operation: Operation
    package var reason: String

    package init(path: String, operation: Operation, reason: String) {
        self.path = path
        self.operation = operation
        self.reason = reason
    }

    package var description: String { "\(path): cannot \(operation.rawValue): \(reason)" }
}
