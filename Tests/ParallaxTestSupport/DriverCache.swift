import Foundation

/// The replay driver cache every test of one `swift test` process shares, in-process and through the `parallax`
/// processes the tests start: each app's driver (the sample app's above all) is built once per run, not once per
/// suite. `$PARALLAX_CACHE_DIR` when the run sets it (`make test` does: `.build/test-driver-cache`), else a
/// temporary folder. The cache is keyed by content (`DriverPackage`), so sharing it changes no result.
public enum DriverCache {
    public static let url: URL = {
        if let path = ProcessInfo.processInfo.environment["PARALLAX_CACHE_DIR"], !path.isEmpty {
            try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            return URL(fileURLWithPath: path)
        }
        return try! TemporaryDirectory(prefix: "driver-cache").url
    }()

    /// This process's environment with `PARALLAX_CACHE_DIR` at the cache: for the `parallax` processes a test starts.
    public static var environment: [String: String] {
        ProcessInfo.processInfo.environment.merging(["PARALLAX_CACHE_DIR": url.path]) { _, new in new }
    }

    /// The path of `name` inside the cache.
    public static func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}
