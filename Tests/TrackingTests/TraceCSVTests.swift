import Foundation
import Geometry
import ParallaxTestSupport
import Plumbing
import Testing
@testable import Tracking

@Suite struct TraceCSVTests {
    func parse(_ text: String, file: String = "trace.csv") throws -> HeadTrace {
        try TraceCSVReader.parse(Data(text.utf8), file: file)
    }

    func error(_ text: String) -> TraceError? {
        thrownError(TraceError.self) { try parse(text) }
    }

    @Test func roundTripIsLossless() throws {
        var spec = TraceSpec(seed: 9, motion: [MotionSegment(model: .glance, duration: 20)])
        spec.noise.dropoutRate = 0.5
        var trace = try TraceSynthesizer.synthesize(spec)
        trace.extraColumns = [ExtraColumn(name: "confidence", values: trace.samples.indices.map { "c\($0 % 7)" })]
        trace.metadata.append(MetadataEntry(key: "", value: "a free comment"))
        let bytes = TraceCSVWriter.encode(trace)
        let back = try TraceCSVReader.parse(Data(bytes), file: "rt.csv")
        #expect(back == trace)
        // Bit-identical doubles, not only ==.
        for (a, b) in zip(trace.samples, back.samples) {
            #expect(a.t.bitPattern == b.t.bitPattern && a.position.x.bitPattern == b.position.x.bitPattern)
        }
        #expect(TraceCSVWriter.encode(back) == bytes)
        #expect(back.samples.contains { !$0.tracked })
    }

    @Test func minimalTraceWithoutOptionalColumns() throws {
        let trace = try parse("# device: iPhone15,2\nt,x,y,z\n0.0,0.01,-0.02,0.35\n0.0166,0.011,-0.021,0.351\n")
        #expect(trace.count == 2)
        #expect(trace.truth == nil)
        #expect(trace.samples.allSatisfy { $0.tracked })
        #expect(trace.metadata("device") == "iPhone15,2")
        #expect(trace.samples[1].position == Vec3(0.011, -0.021, 0.351))
    }

    @Test func columnsInAnyOrderWithCRLFAndSpaces() throws {
        let trace = try parse("z, y ,x,t,tracked\r\n0.35, 0.2,0.1,0,0\r\n0.36,0.21,0.11,1,1\r\n")
        #expect(trace.samples[0].position == Vec3(0.1, 0.2, 0.35))
        #expect(trace.samples[0].tracked == false)
        #expect(trace.samples[1].t == 1)
    }

    @Test func missingHeader() {
        let e = error("# only metadata\n")
        #expect(e?.description.contains("trace.csv") == true)
        #expect(e?.message.contains("missing header") == true)
    }

    @Test func missingColumnNamesIt() {
        let e = error("t,x,y\n0,1,2\n")
        #expect(e?.line == 1)
        #expect(e?.message.contains("'z'") == true)
    }

    @Test func partialTruthColumnsAreRejected() {
        let e = error("t,x,y,z,true_x\n0,0,0,0.3,0\n")
        #expect(e?.message.contains("true_x,true_y,true_z") == true)
    }

    @Test func nonNumericNamesLineAndColumn() {
        let e = error("t,x,y,z\n0,0,0,0.3\n0.1,abc,0,0.3\n")
        #expect(e?.line == 3)
        #expect(e?.column == 2)
        #expect(e?.columnName == "x")
        #expect(e?.description == "trace.csv:3: column 2 'x': expected a number, found 'abc'")
    }

    @Test func nanAndInfinityAreRejected() {
        #expect(error("t,x,y,z\n0,nan,0,0.3\n")?.message.contains("finite") == true)
        #expect(error("t,x,y,z\n0,0,inf,0.3\n")?.columnName == "y")
        #expect(error("t,x,y,z\n-INF,0,0,0.3\n")?.columnName == "t")
    }

    @Test func timestampsMustStrictlyIncrease() {
        let e = error("t,x,y,z\n0,0,0,0.3\n0.2,0,0,0.3\n0.2,0,0,0.3\n")
        #expect(e?.line == 4)
        #expect(e?.columnName == "t")
        #expect(e?.message.contains("strictly increase") == true)
        #expect(error("t,x,y,z\n0.5,0,0,0.3\n0.1,0,0,0.3\n")?.line == 3)
    }

    @Test func emptyTrace() {
        let e = error("t,x,y,z\n\n")
        #expect(e?.message.contains("empty trace") == true)
        #expect(error("")?.message.contains("missing header") == true)
    }

    @Test func absurdPositions() {
        let e = error("t,x,y,z\n0,0,0,0.3\n1,0,0,12.5\n")
        #expect(e?.line == 3)
        #expect(e?.columnName == "z")
        #expect(e?.message.contains("±10.0 m") == true)
        #expect(error("t,x,y,z,true_x,true_y,true_z\n0,0,0,0.3,-11,0,0.3\n")?.columnName == "true_x")
    }

    @Test func wrongFieldCountAndBadFlag() {
        #expect(error("t,x,y,z\n0,0,0\n")?.message.contains("expected 4 fields") == true)
        #expect(error("t,x,y,z\n0,0,0,0.3,9\n")?.message.contains("found 5") == true)
        let flag = error("t,x,y,z,tracked\n0,0,0,0.3,yes\n")
        #expect(flag?.columnName == "tracked")
        #expect(flag?.message.contains("expected 0 or 1") == true)
        let words = try? parse("t,x,y,z,tracked\n0,0,0,0.3,true\n1,0,0,0.3,FALSE\n")
        #expect(words?.samples.map(\.tracked) == [true, false])
    }

    @Test func duplicateColumn() {
        #expect(error("t,x,y,z,x\n0,0,0,0.3,0\n")?.message.contains("duplicate") == true)
    }

    @Test func missingFileIsAnError() {
        #expect(throws: TraceError.self) { try TraceCSVReader.read(contentsOf: "/nonexistent/trace.csv") }
    }

    @Test func writeIsAtomicAndReadable() throws {
        let dir = try TemporaryDirectory(prefix: "parallax-csv")
        defer { dir.cleanUp() }
        let trace = try TraceSynthesizer.synthesize(TraceSpec(motion: [MotionSegment(model: .sway, duration: 2)]))
        let path = dir.path("t.csv")
        try TraceCSVWriter.write(trace, to: path)
        #expect(try TraceCSVReader.read(contentsOf: path) == trace)
        // Only the final file remains: no temporary siblings.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path) == ["t.csv"])
        // A write into a missing directory fails cleanly.
        #expect(throws: FileError.self) { try TraceCSVWriter.write(trace, to: dir.path("no/such/dir.csv")) }
    }
}

@Suite struct TraceCSVChunkingTests {
    @Test func resultAndFirstErrorDoNotDependOnTheChunkCount() throws {
        var spec = TraceSpec(seed: 4, motion: [MotionSegment(model: .sway, duration: 60)])
        spec.noise.dropoutRate = 0.3
        let trace = try TraceSynthesizer.synthesize(spec)
        let bytes = Data(TraceCSVWriter.encode(trace))
        for chunks in [1, 2, 3, 7] {
            #expect(try TraceCSVReader.parse(bytes, file: "c.csv", chunks: chunks) == trace)
        }
        // Break the timestamps in two places; every chunking must report the earlier one, with its line.
        var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = lines.firstIndex { $0.hasPrefix("t,") }!
        lines[header + 1500] = lines[header + 1498]
        lines[header + 2800] = "not,a,number,row,1,0,0,0"
        let broken = Data(lines.joined(separator: "\n").utf8)
        for chunks in [1, 2, 5] {
            #expect { try TraceCSVReader.parse(broken, file: "c.csv", chunks: chunks) } throws: { error in
                guard let error = error as? TraceError else { return false }
                return error.line == header + 1501 && error.columnName == "t"
                    && error.message.contains("(line \(header + 1500))")
            }
        }
    }
}
