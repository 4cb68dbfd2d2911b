import Foundation
import Geometry
import Testing
import Tracking

@Suite struct ConcurrentTraceReaderTests {
    static func temporaryFile(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-reader-\(UUID().uuidString).csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Split into many small chunks, the result equals the serial reader's exactly.
    @Test func chunkedParseEqualsSerialParse() throws {
        var spec = TraceSpec(seed: 6, motion: [MotionSegment(model: .walkBy, duration: 20)])
        spec.noise.dropoutRate = 1
        var trace = try TraceSynthesizer.synthesize(spec)
        trace.extraColumns = [ExtraColumn(name: "confidence", values: trace.samples.indices.map { "\($0 % 7)" })]
        var text = String(decoding: TraceCSVWriter.encode(trace), as: UTF8.self)
        text = "\u{FEFF}" + text.replacingOccurrences(of: "\n5.0", with: "\n# note: in the middle\n\n5.0")
        let path = try Self.temporaryFile(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let serial = try TraceCSVReader.read(contentsOf: path)
        for parts in [2, 3, 8] {
            let chunked = try TraceCSVReader.readConcurrently(contentsOf: path, minimumChunkBytes: 1000, maximumParts: parts)
            #expect(chunked == serial, "\(parts) parts")
        }
        #expect(serial.metadata.contains { $0.key == "note" })
    }

    /// Errors (also across a chunk seam) are the serial reader's, naming the same line.
    @Test func errorsMatchTheSerialReader() throws {
        var rows = ["t,x,y,z"]
        for k in 0..<400 { rows.append("\(Double(k) / 60),0.01,0.02,0.35") }
        rows[300] = "4.0,0.01,0.02,0.35"  // t goes backwards in the second half
        let path = try Self.temporaryFile(rows.joined(separator: "\n") + "\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var serialError: TraceError?
        do { _ = try TraceCSVReader.read(contentsOf: path) } catch let error as TraceError { serialError = error }
        var chunkedError: TraceError?
        do { _ = try TraceCSVReader.readConcurrently(contentsOf: path, minimumChunkBytes: 500) } catch let error as TraceError { chunkedError = error }
        #expect(serialError != nil)
        #expect(chunkedError == serialError)
    }
}
