import Dispatch
import Foundation
import Geometry
import Plumbing

/// Reads trace CSV files (format: `Traces/README.md`; ARCHITECTURE.md "File formats") with full validation.
///
/// Header `t,x,y,z` is required (any column order); `tracked` (0/1) and `true_x,true_y,true_z` are optional;
/// any other column is kept verbatim as an `ExtraColumn`. Lines starting with `#` are metadata
/// (`# key: value`). Blank lines are ignored. Fields are not quoted. Every error names the file, the
/// 1-based line and column and what was expected; nothing is returned unless the whole file is valid.
///
/// Large files are parsed in line-aligned chunks on all cores; the result and the error reported (the first
/// one in file order) do not depend on the number of chunks.
public enum TraceCSVReader {
    /// Positions beyond this (in meters, any axis) are rejected as absurd: a head is never 10 m from a phone.
    public static let maximumAbsolutePosition = 10.0

    public static func read(contentsOf path: String) throws -> HeadTrace {
        // Mapped: the parser reads the file in place, without a copy.
        guard let data = try? FileContents.mapped(path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file"
            throw TraceError(file: path, message: "\(reason); expected a trace CSV file")
        }
        return try parse(data, file: path)
    }

    /// Parses CSV bytes; `file` is only used in error messages. `chunks` (default: one per core for large
    /// inputs) only changes speed, never the result.
    public static func parse(_ data: Data, file: String, chunks: Int? = nil) throws -> HeadTrace {
        try data.withUnsafeBytes { raw in
            try parse(buffer: raw.bindMemory(to: UInt8.self), file: file, chunks: chunks)
        }
    }

    private static func parse(buffer: UnsafeBufferPointer<UInt8>, file: String, chunks requested: Int?) throws -> HeadTrace {
        let end = buffer.count
        var header = HeaderScan(buffer: buffer, file: file)
        try header.run(end: end)
        guard let layout = header.layout else {
            throw TraceError(file: file, line: max(header.line, 1), message: "missing header; expected a line 't,x,y,z' (optionally with tracked,true_x,true_y,true_z)")
        }
        let dataStart = header.position
        let automatic = min(ProcessInfo.processInfo.activeProcessorCount, (end - dataStart) / (1 << 20) + 1, 16)
        let chunkCount = max(1, min(requested ?? automatic, max(end - dataStart, 1)))
        var boundaries = [dataStart]
        for k in 1..<chunkCount {
            var cut = max(dataStart + (end - dataStart) * k / chunkCount, boundaries[k - 1])
            while cut < end && buffer[cut - 1] != UInt8(ascii: "\n") { cut += 1 }
            boundaries.append(cut)
        }
        boundaries.append(end)

        let cuts = boundaries
        var results = [ChunkResult?](repeating: nil, count: chunkCount)
        results.withUnsafeMutableBufferPointer { slots in
            // Each chunk reads the shared input and writes only its own slot.
            Parallel.forEach(chunkCount) { k in
                var chunk = ChunkParser(buffer: buffer, file: file, layout: layout)
                chunk.run(from: cuts[k], to: cuts[k + 1])
                slots[k] = chunk.result
            }
        }

        // Merge in file order; the first error in file order wins.
        var line = header.line
        var trace = HeadTrace(samples: [], truth: layout.hasTruth ? [] : nil, metadata: header.metadata,
                              extraColumns: layout.extraNames.map { ExtraColumn(name: $0, values: []) })
        trace.samples.reserveCapacity(results.reduce(0) { $0 + $1!.samples.count })
        var previous: (t: Double, line: Int)?
        for result in results.map({ $0! }) {
            if let first = result.samples.first, let previous, !(first.t > previous.t) {
                throw TraceError(file: file, line: line + result.firstSampleLine, column: layout.tColumn + 1, columnName: "t",
                                 message: "timestamps must strictly increase; expected a value greater than \(previous.t) (line \(previous.line)), found \(first.t)")
            }
            if var error = result.error {
                error.line = error.line.map { $0 + line }
                if let message = result.errorPreviousLine.map({ error.message.replacingOccurrences(of: "(line \($0))", with: "(line \($0 + line))") }) {
                    error.message = message
                }
                throw error
            }
            trace.samples.append(contentsOf: result.samples)
            trace.truth?.append(contentsOf: result.truth)
            for k in trace.extraColumns.indices { trace.extraColumns[k].values.append(contentsOf: result.extras[k]) }
            trace.metadata.append(contentsOf: result.metadata)
            if let last = result.samples.last { previous = (last.t, line + result.lastSampleLine) }
            line += result.lines
        }
        if trace.samples.isEmpty {
            throw TraceError(file: file, line: line, message: "empty trace; expected at least one data row after the header")
        }
        return trace
    }

    struct Layout {
        enum Role: Equatable {
            case t, x, y, z, tracked, trueX, trueY, trueZ
            case extra(Int)
        }
        var roles: [Role]
        var names: [String]
        var extraNames: [String]
        var hasTruth: Bool
        var tColumn: Int
        /// The 6-DoF quaternion columns present (all four of a group, else the header is refused): the
        /// indices into `extraNames`, w first.
        var orientationGroups: [(columns: OrientationColumns, extras: [Int])] = []
    }

    static func metadataEntry(_ raw: String) -> MetadataEntry {
        let body = raw.hasPrefix(" ") ? String(raw.dropFirst()) : raw
        if let colon = body.range(of: ": ") ?? (body.hasSuffix(":") ? body.range(of: ":", options: .backwards) : nil) {
            let key = String(body[..<colon.lowerBound])
            if !key.isEmpty, !key.contains(" ") {
                return MetadataEntry(key: key, value: String(body[colon.upperBound...]))
            }
        }
        return MetadataEntry(key: "", value: body)
    }

    /// Reads metadata lines up to and including the header.
    private struct HeaderScan {
        let buffer: UnsafeBufferPointer<UInt8>
        let file: String
        var position = 0
        var line = 0
        var metadata: [MetadataEntry] = []
        var layout: Layout?

        init(buffer: UnsafeBufferPointer<UInt8>, file: String) {
            self.buffer = buffer
            self.file = file
        }

        mutating func run(end: Int) throws {
            if end >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { position = 3 }  // UTF-8 BOM
            while position < end && layout == nil {
                line += 1
                var lineEnd = position
                while lineEnd < end && buffer[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                var contentEnd = lineEnd
                if contentEnd > position && buffer[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
                let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[position..<contentEnd]), as: UTF8.self)
                position = min(lineEnd + 1, end)
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty { continue }
                if trimmed.hasPrefix("#") {
                    metadata.append(TraceCSVReader.metadataEntry(String(trimmed.dropFirst())))
                } else {
                    layout = try readHeader(text)
                }
            }
        }

        func readHeader(_ text: String) throws -> Layout {
            let fields = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            var seen = Set<String>()
            var roles: [Layout.Role] = []
            var extraNames: [String] = []
            for (index, name) in fields.enumerated() {
                guard !name.isEmpty else {
                    throw TraceError(file: file, line: line, column: index + 1, message: "empty column name in the header; expected t,x,y,z,…")
                }
                guard seen.insert(name).inserted else {
                    throw TraceError(file: file, line: line, column: index + 1, columnName: name, message: "duplicate column in the header")
                }
                switch name {
                case "t": roles.append(.t)
                case "x": roles.append(.x)
                case "y": roles.append(.y)
                case "z": roles.append(.z)
                case "tracked": roles.append(.tracked)
                case "true_x": roles.append(.trueX)
                case "true_y": roles.append(.trueY)
                case "true_z": roles.append(.trueZ)
                default:
                    roles.append(.extra(extraNames.count))
                    extraNames.append(name)
                }
            }
            for required in ["t", "x", "y", "z"] where !seen.contains(required) {
                throw TraceError(file: file, line: line, message: "missing required column '\(required)' in the header '\(fields.joined(separator: ","))'; expected t,x,y,z")
            }
            let truthColumns = ["true_x", "true_y", "true_z"].filter(seen.contains)
            if !truthColumns.isEmpty && truthColumns.count != 3 {
                throw TraceError(file: file, line: line, message: "ground-truth columns must come together; found only \(truthColumns.joined(separator: ",")), expected true_x,true_y,true_z")
            }
            var layout = Layout(roles: roles, names: fields, extraNames: extraNames, hasTruth: truthColumns.count == 3,
                                tColumn: roles.firstIndex(of: .t)!)
            for columns in OrientationColumns.allCases {
                let present = columns.names.filter(seen.contains)
                guard !present.isEmpty else { continue }
                guard present.count == 4 else {
                    throw TraceError(file: file, line: line, message: "orientation columns must come together; found only \(present.joined(separator: ",")), expected \(columns.names.joined(separator: ","))")
                }
                layout.orientationGroups.append((columns, columns.names.map { extraNames.firstIndex(of: $0)! }))
            }
            return layout
        }
    }

    struct ChunkResult {
        var samples: [HeadSample] = []
        var truth: [Vec3] = []
        var extras: [[String]]
        var metadata: [MetadataEntry] = []
        /// Lines in the chunk, and the chunk-relative lines of its first and last samples.
        var lines = 0
        var firstSampleLine = 0
        var lastSampleLine = 0
        /// The chunk's first error, with a chunk-relative line.
        var error: TraceError?
        var errorPreviousLine: Int?
    }

    /// Parses the data rows of one line-aligned chunk; line numbers are relative to the chunk's start.
    private struct ChunkParser {
        let buffer: UnsafeBufferPointer<UInt8>
        let file: String
        let layout: Layout
        var result: ChunkResult
        var previousT = -Double.infinity
        var previousTLine = 0

        init(buffer: UnsafeBufferPointer<UInt8>, file: String, layout: Layout) {
            self.buffer = buffer
            self.file = file
            self.layout = layout
            self.result = ChunkResult(extras: Array(repeating: [], count: layout.extraNames.count))
        }

        mutating func run(from start: Int, to stop: Int) {
            result.samples.reserveCapacity((stop - start) / 40)
            if layout.hasTruth { result.truth.reserveCapacity((stop - start) / 40) }
            var position = start
            var line = 0
            do {
                while position < stop {
                    line += 1
                    var lineEnd = position
                    while lineEnd < stop && buffer[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                    var contentEnd = lineEnd
                    if contentEnd > position && buffer[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
                    let first = skipSpaces(from: position, to: contentEnd)
                    if first < contentEnd {
                        if buffer[first] == UInt8(ascii: "#") {
                            result.metadata.append(TraceCSVReader.metadataEntry(text(first + 1, contentEnd)))
                        } else {
                            try readRow(from: position, to: contentEnd, line: line)
                        }
                    }
                    position = lineEnd + 1
                }
            } catch let error as TraceError {
                result.error = error
            } catch {
                result.error = TraceError(file: file, line: line, message: "\(error)")
            }
            result.lines = line
        }

        func skipSpaces(from start: Int, to stop: Int) -> Int {
            var i = start
            while i < stop && (buffer[i] == UInt8(ascii: " ") || buffer[i] == UInt8(ascii: "\t")) { i += 1 }
            return i
        }

        func trimmedEnd(from start: Int, to stop: Int) -> Int {
            var i = stop
            while i > start && (buffer[i - 1] == UInt8(ascii: " ") || buffer[i - 1] == UInt8(ascii: "\t")) { i -= 1 }
            return i
        }

        func text(_ start: Int, _ stop: Int) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<stop]), as: UTF8.self)
        }

        mutating func readRow(from start: Int, to stop: Int, line: Int) throws {
            var t = 0.0, position = Vec3.zero, truePosition = Vec3.zero, tracked = true
            var fieldStart = start
            let roles = layout.roles
            for index in 0..<roles.count {
                var fieldEnd = fieldStart
                while fieldEnd < stop && buffer[fieldEnd] != UInt8(ascii: ",") { fieldEnd += 1 }
                if fieldEnd == stop && index < roles.count - 1 {
                    throw TraceError(file: file, line: line, message: "expected \(roles.count) fields (\(layout.names.joined(separator: ","))), found \(index + 1)")
                }
                switch roles[index] {
                case .t: t = try number(fieldStart, fieldEnd, line: line, column: index)
                case .x: position.x = try coordinate(fieldStart, fieldEnd, line: line, column: index)
                case .y: position.y = try coordinate(fieldStart, fieldEnd, line: line, column: index)
                case .z: position.z = try coordinate(fieldStart, fieldEnd, line: line, column: index)
                case .trueX: truePosition.x = try coordinate(fieldStart, fieldEnd, line: line, column: index)
                case .trueY: truePosition.y = try coordinate(fieldStart, fieldEnd, line: line, column: index)
                case .trueZ: truePosition.z = try coordinate(fieldStart, fieldEnd, line: line, column: index)
                case .tracked: tracked = try flag(fieldStart, fieldEnd, line: line, column: index)
                case .extra(let k): result.extras[k].append(text(fieldStart, fieldEnd))
                }
                fieldStart = fieldEnd + 1
            }
            if fieldStart <= stop {
                var count = roles.count
                for i in (fieldStart - 1)..<stop where buffer[i] == UInt8(ascii: ",") { count += 1 }
                throw TraceError(file: file, line: line, message: "expected \(roles.count) fields (\(layout.names.joined(separator: ","))), found \(count)")
            }
            for group in layout.orientationGroups {
                let parts = group.extras.map { Double(result.extras[$0].last!.trimmingCharacters(in: .whitespaces)) }
                guard let w = parts[0], let x = parts[1], let y = parts[2], let z = parts[3] else {
                    throw TraceError(file: file, line: line, message: "\(group.columns.names.joined(separator: ",")): expected four numbers, found '\(group.extras.map { result.extras[$0].last! }.joined(separator: ","))'")
                }
                if let complaint = OrientationColumns.complaint(Quaternion(w: w, x: x, y: y, z: z)) {
                    throw TraceError(file: file, line: line, message: "\(group.columns.names.joined(separator: ",")): \(complaint)")
                }
            }
            guard t > previousT else {
                result.errorPreviousLine = previousTLine
                throw TraceError(file: file, line: line, column: layout.tColumn + 1, columnName: "t", message: "timestamps must strictly increase; expected a value greater than \(previousT) (line \(previousTLine)), found \(t)")
            }
            if result.samples.isEmpty { result.firstSampleLine = line }
            result.lastSampleLine = line
            previousT = t
            previousTLine = line
            result.samples.append(HeadSample(t: t, position: position, tracked: tracked))
            if layout.hasTruth { result.truth.append(truePosition) }
        }

        func number(_ start: Int, _ stop: Int, line: Int, column: Int) throws -> Double {
            let first = skipSpaces(from: start, to: stop)
            let last = trimmedEnd(from: first, to: stop)
            guard first < last else {
                throw TraceError(file: file, line: line, column: column + 1, columnName: layout.names[column], message: "expected a number, found an empty field")
            }
            let base = buffer.baseAddress! + first
            if let value = DecimalParser.parse(base, count: last - first) { return value }
            // Rare shapes (long digit strings, hex, nan…) go to strtod on a NUL-terminated copy of the field.
            var field = Array(UnsafeBufferPointer(start: base, count: last - first))
            field.append(0)
            let (value, consumed) = field.withUnsafeBufferPointer { copy -> (Double, Int) in
                var parsedEnd: UnsafeMutablePointer<CChar>?
                let cBase = UnsafeRawPointer(copy.baseAddress!).assumingMemoryBound(to: CChar.self)
                let value = strtod(cBase, &parsedEnd)
                return (value, parsedEnd.map { UnsafeRawPointer($0) - UnsafeRawPointer(cBase) } ?? 0)
            }
            guard consumed == last - first else {
                throw TraceError(file: file, line: line, column: column + 1, columnName: layout.names[column], message: "expected a number, found '\(text(first, last))'")
            }
            guard value.isFinite else {
                throw TraceError(file: file, line: line, column: column + 1, columnName: layout.names[column], message: "expected a finite number, found '\(text(first, last))'")
            }
            return value
        }

        func coordinate(_ start: Int, _ stop: Int, line: Int, column: Int) throws -> Double {
            let value = try number(start, stop, line: line, column: column)
            guard abs(value) <= TraceCSVReader.maximumAbsolutePosition else {
                throw TraceError(file: file, line: line, column: column + 1, columnName: layout.names[column], message: "expected a position within ±\(TraceCSVReader.maximumAbsolutePosition) m, found \(value) (positions are in meters)")
            }
            return value
        }

        func flag(_ start: Int, _ stop: Int, line: Int, column: Int) throws -> Bool {
            let first = skipSpaces(from: start, to: stop)
            let last = trimmedEnd(from: first, to: stop)
            if last - first == 1 && buffer[first] == UInt8(ascii: "1") { return true }
            if last - first == 1 && buffer[first] == UInt8(ascii: "0") { return false }
            // Exports written from Swift (`String(faceAnchor.isTracked)`) say true/false.
            switch text(first, last).lowercased() {
            case "true": return true
            case "false": return false
            default:
                throw TraceError(file: file, line: line, column: column + 1, columnName: layout.names[column], message: "expected 0 or 1 (or true/false), found '\(text(first, last))'")
            }
        }
    }
}
