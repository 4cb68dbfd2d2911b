import Foundation

extension OnsetLagReport {
    /// Rows of `parallax analyze`'s lag table: the onset and steady medians, then the bins.
    package var textRows: [(label: String, value: String)] {
        func ms(_ seconds: Double?) -> String { seconds.map { String(format: "%.1f ms", $0 * 1000) } ?? "—" }
        func edge(_ seconds: Double) -> String { String(format: "%g", seconds * 1000) }
        let window = edge(onsetWindowSeconds)
        var rows = [
            (label: "lag after onset (0–\(window) ms)", value: "\(ms(onsetSeconds))  (median over \(movements) movements from rest, \(jumps) jumps)"),
            (label: "lag after \(window) ms (steady)", value: ms(steadySeconds)),
        ]
        let bins = self.bins.map { bin in
            "\(edge(bin.fromSeconds))\(bin.toSeconds.map { "–" + edge($0) } ?? "+") ms: \(ms(bin.medianSeconds)) (\(bin.frames))"
        }
        rows.append((label: "  by time since onset (frames)", value: bins.joined(separator: ", ")))
        return rows
    }
}
