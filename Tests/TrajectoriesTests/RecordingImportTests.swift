import Foundation
import Geometry
import ParallaxTestSupport
import Projection
import Testing
import Tracking
import Trajectories
import Vocabulary

/// `RecordingImport`, the one import of `parallax import` and a suite's `import:`: the same trace as the importers
/// it chooses between, what it reports, and every refused combination as a `FieldError` naming its field — from
/// `validate()`, from the detected format, and from a suite's mapping.
struct RecordingImportTests {
    static let tum = "# timestamp tx ty tz qx qy qz qw\n" + (0..<40).map { k in
        let t = 100 + Double(k) / 30
        return "\(t) \(0.1 * sin(t)) \(0.05 * cos(2 * t)) \(0.35 + 0.02 * sin(3 * t)) 0 0 0 1"
    }.joined(separator: "\n") + "\n"
    static let csv = "timestamp_ms,pos_x,pos_y,pos_z\n" + (0..<40).map { k in "\(1000 + 16 * k),\(k),\(2 * k),-35" }.joined(separator: "\n") + "\n"

    func files() throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory()
        try Self.tum.write(toFile: dir.path("rec.tum"), atomically: true, encoding: .utf8)
        try Self.csv.write(toFile: dir.path("rec.csv"), atomically: true, encoding: .utf8)
        return dir
    }

    @Test func readsAsTheImporterOfTheDetectedFormat() throws {
        let dir = try files()
        defer { dir.cleanUp() }
        var lines: [String] = []
        let trajectory = try RecordingImport().read(contentsOf: dir.path("rec.tum")) { lines.append($0) }
        #expect(trajectory == (try TrajectoryImporter.read(contentsOf: dir.path("rec.tum"), format: .tum, sort: false).trace))
        #expect(lines == [String(format: "%@: tum trajectory, 40 poses, %.2f s", dir.path("rec.tum"), 39.0 / 30)])

        var options = ImportOptions(timeUnit: .milliseconds, positionUnit: .centimeters, axes: try AxisMapping("x,y,-z"))
        options.cameraOffset = try ScreenModel.parse("iphone-15-pro").cameraOffset
        lines = []
        let recording = try RecordingImport(csv: options).read(contentsOf: dir.path("rec.csv")) { lines.append($0) }
        #expect(recording == (try TraceImporter.read(contentsOf: dir.path("rec.csv"), options: options).trace))
        #expect(lines == ["\(dir.path("rec.csv")): 40 samples, 0.62 s, columns t=timestamp_ms,x=pos_x,y=pos_y,z=pos_z"])

        // `convert` writes what `read` returns and says where.
        lines = []
        try RecordingImport(csv: options).convert(contentsOf: dir.path("rec.csv"), to: dir.path("out.csv")) { lines.append($0) }
        #expect(try TraceCSVReader.read(contentsOf: dir.path("out.csv")).samples.count == 40)
        #expect(lines.last == "→ \(dir.path("out.csv")): 40 samples")
    }

    @Test func pairsWithItsTruthAndReportsThePairing() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let (recording, truth) = TruthPairingTests().pair()
        try TraceCSVWriter.write(recording, to: dir.path("rec.csv"))
        try TUMWriter.encode(truth).write(toFile: dir.path("mocap.tum"), atomically: true, encoding: .utf8)
        let options = TruthPairing.Options(alignment: .sim3)
        var lines: [String] = []
        let paired = try RecordingImport(truth: .init(path: dir.path("mocap.tum"), pairing: options)).read(contentsOf: dir.path("rec.csv")) { lines.append($0) }
        let expected = try TruthPairing.pair(recording: TraceImporter.read(contentsOf: dir.path("rec.csv"), options: ImportOptions()).trace,
                                             truth: TrajectoryFile.read(contentsOf: dir.path("mocap.tum")), truthName: "mocap.tum", options: options)
        #expect(paired == expected.trace && paired.truth != nil)
        #expect(lines.count == 3)
        #expect(lines[1] == "\(dir.path("mocap.tum")): 2520 poses; \(expected.summary)")
        // The truth's clock is 1000 s ahead of a recording 47 ms late: no latency can be read from the offset.
        #expect(lines[2].hasPrefix("the clocks differ by 999.95"), "\(lines[2])")
    }

    @Test(arguments: [
        (RecordingImport(truth: .init(path: "t.tum", pairing: .init(offset: .nan))), "truth_offset: expected a finite time in s, found nan"),
        (RecordingImport(truth: .init(path: "t.tum", pairing: .init(offset: -.infinity))), "truth_offset: expected a finite time in s, found -inf"),
        (RecordingImport(truth: .init(path: "t.tum", pairing: .init(maxGap: 0))), "truth_max_gap: expected a time > 0 s, found 0.0"),
        (RecordingImport(truth: .init(path: "t.tum", pairing: .init(maxGap: .infinity))), "truth_max_gap: expected a time > 0 s, found inf"),
        (RecordingImport(format: .tum, csv: ImportOptions(timeUnit: .milliseconds)), "time_unit: expected a CSV/TSV recording, found a tum trajectory"),
        (RecordingImport(format: .euroc, csv: ImportOptions(skipBadRows: true)), "skip_bad_rows: expected a CSV/TSV recording, found a euroc trajectory"),
    ])
    func validateNamesTheField(_ recordingImport: RecordingImport, _ message: String) throws {
        let dir = try files()
        defer { dir.cleanUp() }
        #expect(throws: FieldError.self) { try recordingImport.validate() }
        // Before any file is read: a missing recording is not what is reported.
        #expect { try recordingImport.read(contentsOf: dir.path("missing.csv")) } throws: { "\($0)" == message }
    }

    @Test func whatOnlyTheDetectedFormatRefusesNamesTheField() throws {
        let dir = try files()
        defer { dir.cleanUp() }
        #expect(throws: Never.self) { try RecordingImport(csv: ImportOptions(positionUnit: .centimeters)).validate() }
        #expect { try RecordingImport(csv: ImportOptions(positionUnit: .centimeters)).read(contentsOf: dir.path("rec.tum")) } throws: {
            "\($0)" == "position_unit: expected a CSV/TSV recording, found a tum trajectory"
        }
        #expect { try RecordingImport(sort: true).read(contentsOf: dir.path("rec.csv")) } throws: {
            "\($0)" == "sort: expected a TUM or EuRoC recording (sort applies to their rows), found a CSV/TSV recording"
        }
        // With a truth, sorting is the truth's: an unsorted truth is read sorted, and the note says so.
        let lines = Self.tum.split(separator: "\n")
        try ([lines[0], lines[2], lines[1]] + lines.dropFirst(3)).joined(separator: "\n").write(toFile: dir.path("truth.tum"), atomically: true, encoding: .utf8)
        let truth = RecordingImport.Truth(path: dir.path("truth.tum"), pairing: .init(offset: 0, alignment: .none))
        #expect(throws: TraceError.self) { try RecordingImport(truth: truth).read(contentsOf: dir.path("rec.tum")) }
        #expect(try RecordingImport(sort: true, truth: truth).read(contentsOf: dir.path("rec.tum")).truth?.count == 40)
    }

    func decoded(_ json: String) throws -> RecordingImport {
        try JSONDecoder().decode(RecordingImport.self, from: Data(json.utf8))
    }

    @Test func aSuiteMappingDecodesIntoTypedOptions() throws {
        let decoded = try decoded("""
            {"columns": "t=ts,x=px,y=py,z=pz", "time_unit": "ms", "position_unit": "cm", "axes": "x,y,-z", "frame": "camera",
             "screen": "iphone-15-pro", "skip_bad_rows": true, "truth": "gt.tum", "truth_format": "tum", "truth_offset": 0.1,
             "truth_align": "sim3", "truth_max_gap": 0.2}
            """)
        #expect(decoded.format == nil && !decoded.sort)
        #expect(decoded.csv.columns == ColumnMapping(t: "ts", x: "px", y: "py", z: "pz"))
        #expect(decoded.csv.timeUnit == .milliseconds && decoded.csv.positionUnit == .centimeters && decoded.csv.skipBadRows)
        #expect(decoded.csv.axes == (try AxisMapping("x,y,-z")))
        #expect(decoded.csv.cameraOffset == (try ScreenModel.parse("iphone-15-pro").cameraOffset))
        let truth = try #require(decoded.truth)
        #expect(truth.path == "gt.tum" && truth.format == .tum)
        #expect(truth.pairing.offset == 0.1 && truth.pairing.alignment == .sim3 && truth.pairing.maxGap == 0.2)
        let trajectory = try self.decoded(#"{"format": "euroc", "sort": true}"#)
        #expect(trajectory.format == .euroc && trajectory.sort && trajectory.truth == nil)
    }

    @Test(arguments: [
        (#"{"time_unit": "fortnights"}"#, "time_unit: expected one of s, ms, us, ns, ticks, found 'fortnights'"),
        (#"{"frame": "camera"}"#, "screen: expected the screen whose camera offset to add (frame: camera), found none"),
        (#"{"truth_offset": 0.1}"#, "truth_offset: expected a 'truth' file to pair with, found no truth"),
        (#"{"truth": "gt.tum", "truth_align": "affine"}"#, "truth_align: expected none, se3 or sim3, found 'affine'"),
        (#"{"truth": "gt.tum", "truth_format": "kitti"}"#, "truth_format: expected tum or euroc, found 'kitti'"),
        (#"{"truth": "gt.tum", "truth_max_gap": -1}"#, "truth_max_gap: expected a time > 0 s, found -1.0"),
        (#"{"format": "tum", "axes": "y,x,z"}"#, "axes: expected a CSV/TSV recording, found a tum trajectory"),
        (#"{"time_units": "ms"}"#, "time_units: unknown key 'time_units'; expected one of: axes, columns, format, frame, position_unit, screen, skip_bad_rows, sort, time_unit, truth, truth_align, truth_format, truth_max_gap, truth_offset"),
    ])
    func aBadSuiteValueIsADecodingErrorAtItsKey(_ json: String, _ message: String) {
        #expect { try decoded(json) } throws: { ($0 as? DecodingError)?.fieldDescription == message }
    }
}
