import Foundation

/// Whether a process runs in CI, read from the `CI` environment variable as the ecosystem reads it (ci-info,
/// Playwright): set to anything but an empty text, `false` or `0` (any case). The one reader of `CI`.
package enum ContinuousIntegration {
    package static func isActive(in environment: [String: String]) -> Bool {
        guard let value = environment["CI"]?.trimmingCharacters(in: .whitespaces) else { return false }
        return !value.isEmpty && value.lowercased() != "false" && value != "0"
    }
}
