/// A file or buffer that is not a usable image, or a write that failed. The description is one line that
/// names the file (when there is one) and what was expected.
public enum ImagingError: Error, Equatable, CustomStringConvertible {
    /// The bytes are not a valid PNG (bad signature, corrupt or truncated data); `reason` is libpng's.
    case invalidPNG(path: String, reason: String)
    /// Encoding failed (writing and reading files fail with `Plumbing.FileError`).
    case writeFailed(path: String, reason: String)
    /// An in-memory image with inconsistent dimensions or parameters.
    case invalidImage(String)

    public var description: String {
        switch self {
        case let .invalidPNG(path, reason): return "\(path): not a valid PNG: \(reason)"
        case let .writeFailed(path, reason): return "\(path): cannot write: \(reason)"
        case let .invalidImage(reason): return "invalid image: \(reason)"
        }
    }
}
