import Foundation
import Vocabulary

/// The button presses of a replay as `--events` writes them: `recenter@2.0,recenter@2.6` — the reset button
/// (the app's `resetOrigin()` and `resetReference()`) at each time, in seconds of the trace.
package struct ReplayEvents: TextParsable, Hashable, Sendable {
    /// The times of the reset button's presses, ascending.
    package var recenters: [Double]

    package init(recenters: [Double] = []) { self.recenters = recenters.sorted() }

    package init(parsing text: String) throws {
        var times: [Double] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = item.trimmingCharacters(in: .whitespaces).split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0] == "recenter", let t = Double(parts[1]), t.isFinite, t >= 0 else {
                throw FieldError("events", expected: "recenter@SECONDS, comma-separated (e.g. recenter@2.0,recenter@2.6)", found: "'\(item)'")
            }
            times.append(t)
        }
        self.init(recenters: times)
    }
}
