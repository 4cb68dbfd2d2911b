import Foundation

extension TraceCSVReader {
    /// Reads a trace like `read(contentsOf:)`, parsing large files in chunks on several cores.
    ///
    /// The file is cut at line boundaries into at most `maximumParts` (default: the active cores, ≤ 8)
    /// chunks of at least `minimumChunkBytes` (4 MB); every chunk after the first is parsed with the header
    /// line prepended, and the parts are joined. The result is identical to the serial reader's (same samples, truth, metadata,
    /// extra columns) and does not depend on the number of cores. When any chunk fails to parse, or the
    /// timestamps do not increase across a seam, the whole file is parsed serially so that the error names
    /// the same file, line and column as `read(contentsOf:)`.
    /// `minimumChunkBytes` and `maximumParts` only change how the work is split, never the result.
    public static func readConcurrently(
        contentsOf path: String, minimumChunkBytes: Int = 4 << 20,
        maximumParts: Int = min(ProcessInfo.processInfo.activeProcessorCount, 8)
    ) throws -> HeadTrace {
        guard let data = FileManager.default.contents(atPath: path) else { return try read(contentsOf: path) }
        let parts = min(maximumParts, data.count / max(minimumChunkBytes, 1))
        guard parts >= 2, let plan = chunkPlan(data, parts: parts) else { return try parse(data, file: path) }

        let results = ChunkResults(count: plan.chunks.count)
        DispatchQueue.concurrentPerform(iterations: plan.chunks.count) { index in
            if index == 0 {
                results.set(index, try? parse(data[plan.chunks[0]], file: path))  // a slice: no copy
            } else {
                var chunk = plan.header
                chunk.append(data[plan.chunks[index]])
                results.set(index, try? parse(chunk, file: path))
            }
        }
        let traces = results.values
        guard traces.allSatisfy({ $0 != nil }) else { return try parse(data, file: path) }
        var joined = traces[0]!
        for part in traces.dropFirst().map({ $0! }) {
            guard let last = joined.samples.last?.t, let first = part.samples.first?.t, first > last,
                  (joined.truth == nil) == (part.truth == nil),
                  joined.extraColumns.map(\.name) == part.extraColumns.map(\.name)
            else { return try parse(data, file: path) }
            joined.samples.append(contentsOf: part.samples)
            if let truth = part.truth { joined.truth!.append(contentsOf: truth) }
            joined.metadata.append(contentsOf: part.metadata)
            for column in joined.extraColumns.indices { joined.extraColumns[column].values.append(contentsOf: part.extraColumns[column].values) }
        }
        return joined
    }

    /// The header line (with its newline) and the byte ranges of the chunks: the first starts at the
    /// file's start, later ones at a line start after the header; nil when the file has no usable header.
    private static func chunkPlan(_ data: Data, parts: Int) -> (header: Data, chunks: [Range<Data.Index>])? {
        let newline = UInt8(ascii: "\n")
        let start = data.startIndex, end = data.endIndex
        // Find the header: the first line that is neither blank nor a '#' comment.
        var lineStart = start
        var header: Range<Data.Index>?
        while lineStart < end {
            let lineEnd = data[lineStart...].firstIndex(of: newline) ?? end
            let content = data[lineStart..<lineEnd].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
            if let first = content.first, first != UInt8(ascii: "#"), first != UInt8(ascii: "\r") {
                header = lineStart..<min(lineEnd + 1, end)
                break
            }
            lineStart = lineEnd + 1
        }
        guard let header, header.upperBound < end else { return nil }
        var cuts = [start]
        for part in 1..<parts {
            let target = header.upperBound + (end - header.upperBound) * part / parts
            guard let newlineIndex = data[max(target, cuts.last!)...].firstIndex(of: newline), newlineIndex + 1 < end else { break }
            cuts.append(newlineIndex + 1)
        }
        cuts.append(end)
        var chunks: [Range<Data.Index>] = []
        for i in 0..<(cuts.count - 1) where cuts[i] < cuts[i + 1] { chunks.append(cuts[i]..<cuts[i + 1]) }
        guard chunks.count >= 2 else { return nil }
        var headerLine = Data(data[header])
        if headerLine.last != newline { headerLine.append(newline) }
        if headerLine.starts(with: [0xEF, 0xBB, 0xBF]) { headerLine.removeFirst(3) }
        return (headerLine, chunks)
    }
}

/// Per-chunk results written from `concurrentPerform` workers (each index written by exactly one worker).
private final class ChunkResults: @unchecked Sendable {
    private var storage: [HeadTrace?]
    private let lock = NSLock()
    init(count: Int) { storage = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: HeadTrace?) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }
    var values: [HeadTrace?] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
