import Foundation
import Plumbing

extension TraceSummary {
    /// JSON of several summaries keyed by path (sorted keys, pretty-printed), as `parallax inspect --json` prints it.
    public static func json(_ summaries: [(path: String, summary: TraceSummary)]) throws -> String {
        let encoder = JSONEncoder.deterministic()
        let object = Dictionary(uniqueKeysWithValues: summaries.map { ($0.path, $0.summary) })
        return String(decoding: try encoder.encode(object), as: UTF8.self)
    }

    /// A Markdown table, one row per trace.
    public static func markdownTable(_ summaries: [(path: String, summary: TraceSummary)]) -> String {
        var out = "| trace | samples | duration (s) | rate (Hz) | tracked | gaps (longest s) | frozen (longest s) | RMS error x/y/z (mm) |\n"
            + "|---|---:|---:|---:|---:|---:|---:|---|\n"
        for (path, s) in summaries {
            out += String(format: "| %@ | %d | %.2f | %.1f | %.1f %% | %d (%.2f) | %d (%.2f) | %@ |\n", path, s.samples, s.duration, s.rate,
                          s.trackedFraction * 100, s.breaks.gaps, s.breaks.longestGap, s.breaks.frozenStretches, s.breaks.longestFrozen, s.errorText)
        }
        return out
    }

    /// Four lines: the path, then samples and timing, tracking and ranges, and the error against truth.
    public func text(path: String) -> String {
        [path,
         String(format: "  samples %d, duration %.3f s, rate %.2f Hz (median interval %.2f ms)", samples, duration, rate, medianInterval * 1000),
         String(format: "  tracked %.2f %%, x [%.4f, %.4f] m, y [%.4f, %.4f] m, z [%.4f, %.4f] m", trackedFraction * 100,
                minimum.x, maximum.x, minimum.y, maximum.y, minimum.z, maximum.z),
         String(format: "  gaps (> %.1f ms) %d, total %.3f s, longest %.3f s; frozen stretches (≥ %d identical positions) %d, total %.3f s, longest %.3f s",
                breaks.gapThreshold * 1000, breaks.gaps, breaks.gapTotal, breaks.longestGap, TraceBreaks.minimumFrozenRun,
                breaks.frozenStretches, breaks.frozenTotal, breaks.longestFrozen),
         "  RMS error against truth x/y/z: \(errorText)\(hasTruth ? " mm" : "")",
        ].joined(separator: "\n") + "\n"
    }

    private var errorText: String {
        rmsError.map { String(format: "%.2f / %.2f / %.2f", $0.x * 1000, $0.y * 1000, $0.z * 1000) } ?? "no truth"
    }
}
