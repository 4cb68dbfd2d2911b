import Foundation
import Geometry

/// Reads trace CSV files (format: DESIGN.md "Trace CSV", `Traces/README.md`) with full validation.
///
/// Header `t,x,y,z` is required (any column order); `tracked` (0/1) and `true_x,true_y,true_z` are optional;
/// any other column is kept verbatim as an `ExtraColumn`. Lines starting with `#` are metadata
/// (`# key: value`). Blank lines are ignored. Fields are not quoted. Every error names the file, the
/// 1-based line and column and what was expected; nothing is returned unless the whole file is valid.
public enum TraceCSVReader {
    /// Positions beyond this (in meters, any axis) are rejected as absurd: a head is never 10 m from a phone.
    public static let maximumAbsolutePosition = 10.0

    public static func read(contentsOf path: String) throws -> HeadTrace {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file"
            throw TraceError(file: path, message: "\(reason); expected a trace CSV file")
        }
        return try parse(data, file: path)
    }

    /// Parses CSV bytes; `file` is only used in error messages.
    public static func parse(_ data: Data, file: String) throws -> HeadTrace {
        var bytes = [UInt8](data)
        bytes.append(0)  // strtod stops at the terminator; fields never run past the buffer
        return try bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(buffer: buffer, file: file)
            return try parser.run()
        }
    }

    private enum Role: Equatable {
        case t, x, y, z, tracked, trueX, trueY, trueZ
        case extra(Int)
    }

    private struct Parser {
        let buffer: UnsafeBufferPointer<UInt8>
        let file: String
        let end: Int

        var roles: [Role] = []
        var names: [String] = []
        var samples: [HeadSample] = []
        var truth: [Vec3] = []
        var hasTruth = false
        var metadata: [MetadataEntry] = []
        var extras: [ExtraColumn] = []
        var previousT = -Double.infinity
        var previousTLine = 0

        init(buffer: UnsafeBufferPointer<UInt8>, file: String) {
            self.buffer = buffer
            self.file = file
            self.end = buffer.count - 1  // the appended terminator
        }

        mutating func run() throws -> HeadTrace {
            var position = 0
            var line = 0
            if end >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { position = 3 }  // UTF-8 BOM
            while position < end {
                line += 1
                var lineEnd = position
                while lineEnd < end && buffer[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                var contentEnd = lineEnd
                if contentEnd > position && buffer[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
                defer { position = lineEnd + 1 }
                let first = skipSpaces(from: position, to: contentEnd)
                if first == contentEnd { continue }
                if buffer[first] == UInt8(ascii: "#") {
                    metadata.append(Self.metadataEntry(text(first + 1, contentEnd)))
                } else if roles.isEmpty {
                    try readHeader(from: position, to: contentEnd, line: line)
                } else {
                    try readRow(from: position, to: contentEnd, line: line)
                }
            }
            if roles.isEmpty {
                throw TraceError(file: file, line: max(line, 1), message: "missing header; expected a line 't,x,y,z' (optionally with tracked,true_x,true_y,true_z)")
            }
            if samples.isEmpty {
                throw TraceError(file: file, line: line, message: "empty trace; expected at least one data row after the header")
            }
            return HeadTrace(samples: samples, truth: hasTruth ? truth : nil, metadata: metadata, extraColumns: extras)
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

        mutating func readHeader(from start: Int, to stop: Int, line: Int) throws {
            let fields = text(start, stop).split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            var seen = Set<String>()
            for (index, name) in fields.enumerated() {
                guard !name.isEmpty else {
                    throw TraceError(file: file, line: line, column: index + 1, message: "empty column name in the header; expected t,x,y,z,…")
                }
                guard seen.insert(name).inserted else {
                    throw TraceError(file: file, line: line, column: index + 1, columnName: name, message: "duplicate column in the header")
                }
                let role: Role
                switch name {
                case "t": role = .t
                case "x": role = .x
                case "y": role = .y
                case "z": role = .z
                case "tracked": role = .tracked
                case "true_x": role = .trueX
                case "true_y": role = .trueY
                case "true_z": role = .trueZ
                default:
                    role = .extra(extras.count)
                    extras.append(ExtraColumn(name: name, values: []))
                }
                roles.append(role)
                names.append(name)
            }
            for required in ["t", "x", "y", "z"] where !seen.contains(required) {
                throw TraceError(file: file, line: line, message: "missing required column '\(required)' in the header '\(fields.joined(separator: ","))'; expected t,x,y,z")
            }
            let truthColumns = ["true_x", "true_y", "true_z"].filter(seen.contains)
            if !truthColumns.isEmpty && truthColumns.count != 3 {
                throw TraceError(file: file, line: line, message: "ground-truth columns must come together; found only \(truthColumns.joined(separator: ",")), expected true_x,true_y,true_z")
            }
            hasTruth = truthColumns.count == 3
        }

        mutating func readRow(from start: Int, to stop: Int, line: Int) throws {
            var t = 0.0, position = Vec3.zero, truePosition = Vec3.zero, tracked = true
            var fieldStart = start
            for (index, role) in roles.enumerated() {
                var fieldEnd = fieldStart
                while fieldEnd < stop && buffer[fieldEnd] != UInt8(ascii: ",") { fieldEnd += 1 }
                if fieldEnd == stop && index < roles.count - 1 {
                    throw TraceError(file: file, line: line, message: "expected \(roles.count) fields (\(names.joined(separator: ","))), found \(index + 1)")
                }
                switch role {
                case .t: t = try number(fieldStart, fieldEnd, line: line, column: index)
                case .x: position.x = try coordinate(fieldStart, fieldEnd, line: line, column: index)
                case .y: position.y = try coordinate(fieldStart, fieldEnd, line: line, column: index)
                case .z: position.z = try coordinate(fieldStart, fieldEnd, line: line, column: index)
                case .trueX: truePosition.x = try coordinate(fieldStart, fieldEnd, line: line, column: index)
                case .trueY: truePosition.y = try coordinate(fieldStart, fieldEnd, line: line, column: index)
                case .trueZ: truePosition.z = try coordinate(fieldStart, fieldEnd, line: line, column: index)
                case .tracked: tracked = try flag(fieldStart, fieldEnd, line: line, column: index)
                case .extra(let k): extras[k].values.append(text(fieldStart, fieldEnd))
                }
                fieldStart = fieldEnd + 1
            }
            if fieldStart <= stop {
                var count = roles.count
                for i in (fieldStart - 1)..<stop where buffer[i] == UInt8(ascii: ",") { count += 1 }
                throw TraceError(file: file, line: line, message: "expected \(roles.count) fields (\(names.joined(separator: ","))), found \(count)")
            }
            guard t > previousT else {
                let column = roles.firstIndex(of: .t)!
                throw TraceError(file: file, line: line, column: column + 1, columnName: "t", message: "timestamps must strictly increase; expected a value greater than \(previousT) (line \(previousTLine)), found \(t)")
            }
            previousT = t
            previousTLine = line
            samples.append(HeadSample(t: t, position: position, tracked: tracked))
            if hasTruth { truth.append(truePosition) }
        }

        func number(_ start: Int, _ stop: Int, line: Int, column: Int) throws -> Double {
            let first = skipSpaces(from: start, to: stop)
            let last = trimmedEnd(from: first, to: stop)
            guard first < last else {
                throw TraceError(file: file, line: line, column: column + 1, columnName: names[column], message: "expected a number, found an empty field")
            }
            var parsedEnd: UnsafeMutablePointer<CChar>?
            let base = UnsafeRawPointer(buffer.baseAddress! + first).assumingMemoryBound(to: CChar.self)
            let value = strtod(base, &parsedEnd)
            let consumed = parsedEnd.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? 0
            guard consumed == last - first else {
                throw TraceError(file: file, line: line, column: column + 1, columnName: names[column], message: "expected a number, found '\(text(first, last))'")
            }
            guard value.isFinite else {
                throw TraceError(file: file, line: line, column: column + 1, columnName: names[column], message: "expected a finite number, found '\(text(first, last))'")
            }
            return value
        }

        func coordinate(_ start: Int, _ stop: Int, line: Int, column: Int) throws -> Double {
            let value = try number(start, stop, line: line, column: column)
            guard abs(value) <= TraceCSVReader.maximumAbsolutePosition else {
                throw TraceError(file: file, line: line, column: column + 1, columnName: names[column], message: "expected a position within ±\(TraceCSVReader.maximumAbsolutePosition) m, found \(value) (positions are in meters)")
            }
            return value
        }

        func flag(_ start: Int, _ stop: Int, line: Int, column: Int) throws -> Bool {
            let first = skipSpaces(from: start, to: stop)
            let last = trimmedEnd(from: first, to: stop)
            if last - first == 1 && buffer[first] == UInt8(ascii: "1") { return true }
            if last - first == 1 && buffer[first] == UInt8(ascii: "0") { return false }
            throw TraceError(file: file, line: line, column: column + 1, columnName: names[column], message: "expected 0 or 1, found '\(text(first, last))'")
        }
    }
}
