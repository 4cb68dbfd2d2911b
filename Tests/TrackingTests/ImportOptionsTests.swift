import Foundation
import Geometry
import ParallaxTestSupport
import Testing
import Tracking
import Vocabulary

@Suite struct ImportOptionsTests {
    @Test func unitsAndFramesParseTheirNamesAndNameTheFieldWhenWrong() throws {
        #expect(try ["s", "ms", "us", "ns", "ticks"].map { try TimeUnit(parsing: $0) } == [.seconds, .milliseconds, .microseconds, .nanoseconds, .ticks])
        #expect(try ["m", "cm", "mm"].map { try PositionUnit(parsing: $0) } == [.meters, .centimeters, .millimeters])
        #expect(try ["screen", "camera"].map { try PositionFrame(parsing: $0) } == [.screen, .camera])
        #expect(TimeUnit.ticks.description == "ticks" && PositionUnit.centimeters.description == "cm" && PositionFrame.camera.description == "camera")
        for (parse, message) in [
            ({ _ = try TimeUnit(parsing: "fortnights") }, "time_unit: expected one of s, ms, us, ns, ticks, found 'fortnights'"),
            ({ _ = try PositionUnit(parsing: "in") }, "position_unit: expected one of m, cm, mm, found 'in'"),
            ({ _ = try PositionFrame(parsing: "world") }, "frame: expected screen or camera, found 'world'"),
        ] as [(() throws -> Void, String)] {
            #expect { try parse() } throws: { ($0 as? FieldError)?.description == message }
        }
    }

    @Test func theMemberwiseOptionsKeepEveryValue() throws {
        let columns = ColumnMapping(t: "ts", x: "px", y: "py", z: "pz")
        let options = ImportOptions(columns: columns, timeUnit: .milliseconds, positionUnit: .millimeters, axes: try AxisMapping("x,y,-z"),
                                    cameraOffset: Vec3(0, 0.07, 0), skipBadRows: true)
        #expect(options.columns == columns && options.timeUnit == .milliseconds && options.positionUnit == .millimeters)
        #expect(options.axes.description == "x,y,-z" && options.cameraOffset == Vec3(0, 0.07, 0) && options.skipBadRows)
        let defaults = ImportOptions()
        #expect(defaults.columns == nil && defaults.timeUnit == .seconds && defaults.positionUnit == .meters && defaults.axes == .identity)
        #expect(defaults.cameraOffset == nil && !defaults.skipBadRows)
    }

    /// Milliseconds and centimetres: t = 1000, 1020 ms → 0, 0.02 s; x = 1 cm → 0.01 m.
    @Test func convertWritesTheImportedTrace() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        try "time,x,y,z\n1000,1,2,35\n1020,1.5,2,35\n".write(toFile: dir.path("rec.csv"), atomically: true, encoding: .utf8)
        let result = try TraceImporter.convert(contentsOf: dir.path("rec.csv"), to: dir.path("out.csv"),
                                               options: ImportOptions(timeUnit: .milliseconds, positionUnit: .centimeters))
        let written = try TraceCSVReader.read(contentsOf: dir.path("out.csv"))
        #expect(written.samples.map(\.t) == [0, 0.02])
        #expect(abs(written.samples[1].position.x - 0.015) < 1e-12 && abs(written.samples[0].position.z - 0.35) < 1e-12)
        #expect(result.trace.count == 2 && result.columns == ColumnMapping(t: "time", x: "x", y: "y", z: "z"))
        #expect(throws: TraceError.self) { try TraceImporter.convert(contentsOf: dir.path("missing.csv"), to: dir.path("none.csv"), options: ImportOptions()) }
        #expect(!FileManager.default.fileExists(atPath: dir.path("none.csv")))
    }
}
