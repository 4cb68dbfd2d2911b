import Foundation

/// A fresh, uniquely named directory under the system's temporary directory, removed by the caller with `cleanUp`.
public struct TemporaryDirectory: Sendable {
    public let url: URL

    public init(prefix: String = "parallax-test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the directory.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    public func cleanUp() { try? FileManager.default.removeItem(at: url) }
}
