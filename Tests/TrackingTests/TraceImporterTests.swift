import Foundation
import Geometry
import Testing
@testable import Tracking
import Vocabulary

@Suite struct TraceImporterTests {
    static func importing(_ text: String, _ configure: (inout ImportOptions) -> Void = { _ in }) throws -> TraceImporter.Result {
        var options = ImportOptions()
        configure(&options)
        return try TraceImporter.parse(text, file: "rec.csv", options: options)
    }

    @Test func crlfLineEndingsAreLines() throws {
        // Swift reads "\r\n" as one Character: a split at "\n" alone would see one line.
        let result = try Self.importing("t,x,y,z\r\n0,0,0,0.35\r\n0.1,0,0,0.36\r\n")
        #expect(result.trace.samples.map(\.t) == [0, 0.1])
        #expect(result.trace.samples.map(\.position.z) == [0.35, 0.36])
    }

    @Test func detectsCommonColumnNamesAndConvertsUnitsAxesAndFrame() throws {
        // ARKit-like export: epoch nanoseconds, centimetres, z negative toward the user, camera-relative.
        let text = """
            # exported by some app
            "timestamp_ns"\t"pos_x"\t"pos_y"\t"pos_z"\t"is_tracked"\tconfidence
            1700000000000000000\t1.5\t-2\t-35\t1\t0.9
            1700000000016666667\t1.6\t-2.1\t-35.2\ttrue\t0.8
            1700000000033333333\t1.7\t-2.2\t-35.4\t0\t0.1
            """
        let result = try Self.importing(text) {
            $0.timeUnit = .nanoseconds
            $0.positionUnit = .centimeters
            $0.axes = try! AxisMapping("x,y,-z")
            $0.cameraOffset = Vec3(0, 0.07, 0)
        }
        #expect(result.columns == ColumnMapping(t: "timestamp_ns", x: "pos_x", y: "pos_y", z: "pos_z", tracked: "is_tracked"))
        let s = result.trace.samples
        #expect(s.count == 3)
        // Integer epoch times are re-based exactly: 16 666 667 ns.
        #expect(s[0].t == 0 && s[1].t == 0.016666667 && s[2].t == 0.033333333)
        #expect(abs(s[0].position.x - 0.015) < 1e-15 && abs(s[0].position.y - (-0.02 + 0.07)) < 1e-15 && abs(s[0].position.z - 0.35) < 1e-15)
        #expect(s.map(\.tracked) == [true, true, false])
        let source = try #require(result.trace.metadata("source"))
        for part in ["from rec.csv", "timestamp_ns", "(detected)", "time in ns re-based", "positions in cm", "axes x,y,-z", "camera offset (0.0, 0.07, 0.0)", "not carried over: confidence"] {
            #expect(source.contains(part), "\(part) in \(source)")
        }
    }

    @Test func ticksMillisecondsAndAnExplicitMapping() throws {
        let text = "when,a,b,c\n637000000000000000,10,20,300\n637000000001666667,11,21,301\n"
        let ticks = try Self.importing(text) {
            $0.columns = try! ColumnMapping("t=when,x=a,y=b,z=c")
            $0.timeUnit = .ticks
            $0.positionUnit = .millimeters
            $0.axes = try! AxisMapping("-y,x,z")
        }
        #expect(abs(ticks.trace.samples[1].t - 0.1666667) < 1e-12)
        // Output x = −input y, output y = input x.
        #expect(ticks.trace.samples[0].position == Vec3(-0.02, 0.01, 0.3))
        #expect(ticks.trace.metadata("source")!.contains("no tracked column: every row tracked"))
        let ms = try Self.importing("time,x,y,z\n5.5,0,0,0.3\n22.5,0,0,0.3\n") { $0.timeUnit = .milliseconds }
        #expect(ms.trace.samples.map(\.t) == [0, 0.017])
    }

    @Test func badRowsNameFileLineAndColumnOrAreSkipped() throws {
        let text = "t,x,y,z\n0,0,0,0.3\n0.1,abc,0,0.3\n0.2,0,0.3\n0.3,0,0,0.3\n0.25,0,0,0.3\n"
        #expect {
            try Self.importing(text)
        } throws: { error in
            (error as? TraceError)?.description == "rec.csv:3: column 2 'x': expected a number, found 'abc'"
        }
        let skipped = try Self.importing(text) { $0.skipBadRows = true }
        // Line 3 (abc), line 4 (a missing field) and line 6 (time going back) are skipped.
        #expect(skipped.skippedRows == 3)
        #expect(skipped.trace.samples.map(\.t) == [0, 0.3])
        #expect(skipped.trace.metadata("source")!.contains("3 bad row(s) skipped"))
        #expect(throws: TraceError.self) { try Self.importing("t,x,y,z\n0,0,0,0.3\n0.1,0,0,0.3\n0.05,0,0,0.3\n") }
    }

    @Test func rejectsUnknownColumnsAndBadOptions() throws {
        #expect(throws: TraceError.self) { try Self.importing("foo,bar,baz,qux\n0,0,0,0\n") }
        #expect(throws: TraceError.self) { try Self.importing("t,x,y,z\n0,0,0,0.3\n") { $0.columns = try! ColumnMapping("t=time,x=x,y=y,z=z") } }
        #expect(throws: FieldError.self) { try AxisMapping("x,x,z") }
        #expect(throws: FieldError.self) { try AxisMapping("x,y") }
        #expect(throws: FieldError.self) { try ColumnMapping("t=a,x=b,y=c") }
        #expect(try AxisMapping("X, -Z, +y").description == "x,-z,y")
        // A position unit mistake (mm read as m) is caught by the ±10 m plausibility limit.
        #expect(throws: TraceError.self) { try Self.importing("t,x,y,z\n0,0,0,350\n") }
    }
}
