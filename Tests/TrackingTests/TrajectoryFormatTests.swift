import Foundation
import Geometry
import Testing
import Tracking
import Vocabulary

/// TUM and EuRoC trajectories: detection, reading (orientation w first), the trace they import into, TUM
/// written back with the same numbers, and every malformed row (unsorted, repeated, NaN, wrong width) refused
/// with file:line — or sorted and counted when asked.
struct TrajectoryFormatTests {
    static let tum = """
        # ground truth trajectory
        # timestamp tx ty tz qx qy qz qw
        1305031098.6659 1.3563 0.6305 1.6380 0.6132 0.5962 -0.3311 -0.3986
        1305031098.6758 1.3543 0.6306 1.6360 0.6129 0.5966 -0.3316 -0.3980
        1305031098.6858 1.3548 0.6302 1.6345 0.6141 0.5979 -0.3289 -0.3963

        """
    static let euroc = """
        #timestamp, p_RS_R_x [m], p_RS_R_y [m], p_RS_R_z [m], q_RS_w [], q_RS_x [], q_RS_y [], q_RS_z [], v_RS_R_x [m s^-1]
        1403715524907143168,0.515356,1.996773,0.971104,0.161996,0.789985,-0.205376,0.554528,-0.002276
        1403715524912143104,0.515342,1.996723,0.971077,0.161904,0.790015,-0.205283,0.554546,-0.003425

        """

    func message(_ text: String, _ format: TrajectoryFormat? = nil, sort: Bool = false) -> String {
        do { _ = try TrajectoryReader.parse(text, file: "f.txt", format: format, sort: sort); return "no error" } catch { return "\(error)" }
    }

    @Test func decodesFromItsNameAsTheCommandLineReadsIt() throws {
        #expect(try JSONDecoder().decode([TrajectoryFormat].self, from: Data(#"["tum", "EuRoC"]"#.utf8)) == [.tum, .euroc])
        #expect {
            try JSONDecoder().decode([TrajectoryFormat].self, from: Data(#"["kitti"]"#.utf8))
        } throws: { error in
            (error as? DecodingError).flatMap(FieldError.init)?.description == "[0].format: expected one of tum, euroc, found 'kitti'"
        }
    }

    @Test func detectsTheFormatFromTheText() {
        #expect(TrajectoryFormat.detect(Substring(Self.tum)) == .tum)
        #expect(TrajectoryFormat.detect(Substring(Self.euroc)) == .euroc)
        #expect(TrajectoryFormat.detect("t,x,y,z\n0,0,0,0.35\n") == nil)
        #expect(TrajectoryFormat.detect("1 2 3 4 5 6 7\n") == nil)
    }

    @Test func crlfAndTabsReadAsLinesAndSpaces() throws {
        let text = Self.tum.replacingOccurrences(of: "\n", with: "\r\n").replacingOccurrences(of: " 1.", with: "\t1.")
        #expect(TrajectoryFormat.detect(Substring(text)) == .tum)
        let result = try TrajectoryReader.parse(text, file: "crlf.txt")
        #expect(result.trajectory == (try TrajectoryReader.parse(Self.tum, file: "gt.txt")).trajectory)
        #expect(result.lines == [3, 4, 5])
    }

    @Test func readsTUMWithWLast() throws {
        let result = try TrajectoryReader.parse(Self.tum, file: "gt.txt")
        #expect(result.format == .tum && result.lines == [3, 4, 5])
        let t = result.trajectory
        #expect(t.times == [1305031098.6659, 1305031098.6758, 1305031098.6858])
        #expect(t.positions[0] == Vec3(1.3563, 0.6305, 1.6380))
        #expect(t.orientations?[0] == Quaternion(w: -0.3986, x: 0.6132, y: 0.5962, z: -0.3311))
    }

    @Test func readsEuRoCInNanosecondsWithWFirstAndCarriesTheOtherColumns() throws {
        let result = try TrajectoryReader.parse(Self.euroc, file: "data.csv")
        #expect(result.format == .euroc)
        #expect(result.trajectory.times == [1403715524907143168 / 1e9, 1403715524912143104 / 1e9])
        #expect(result.trajectory.orientations?[1] == Quaternion(w: 0.161904, x: 0.790015, y: -0.205283, z: 0.554546))
        #expect(result.extraColumns == [ExtraColumn(name: "v_RS_R_x", values: ["-0.002276", "-0.003425"])])
        #expect(result.notes == ["EuRoC columns carried as extra columns: v_RS_R_x"])
    }

    @Test func tumToTraceToTUMGivesTheSameNumbers() throws {
        let read = try TrajectoryReader.parse(Self.tum, file: "gt.txt")
        let (trace, notes) = try read.trajectory.headTrace(metadata: [], file: "gt.txt", lines: read.lines)
        #expect(notes.isEmpty)
        #expect(try trace.orientations(.head)?.count == 3)
        let back = try TraceCSVReader.parse(Data(TraceCSVWriter.encode(trace)), file: "gt.csv")
        let tum = TUMWriter.encode(try PoseTrajectory(trace: back))
        let again = try TrajectoryReader.parse(tum, file: "out.txt")
        #expect(again.trajectory == read.trajectory)
        #expect(tum.contains("1305031098.6659 1.3563 0.6305 1.638 0.6132 0.5962 -0.3311 -0.3986\n"))
    }

    @Test(arguments: [TrajectoryFormat.tum, .euroc])
    func malformedRowsNameFileAndLine(_ format: TrajectoryFormat) {
        let lines = (format == .tum ? Self.tum : Self.euroc).split(separator: "\n").map(String.init)
        let (header, first, second) = format == .tum ? (lines[0] + "\n" + lines[1], lines[2], lines[3]) : (lines[0], lines[1], lines[2])
        let headerLines = format == .tum ? 2 : 1
        let timeName = format == .tum ? "timestamp" : "timestamp"
        // Unsorted: the second row before the first.
        #expect(message([header, second, first].joined(separator: "\n"), format).hasPrefix("f.txt:\(headerLines + 2): column 1 '\(timeName)': timestamp "))
        #expect(message([header, second, first].joined(separator: "\n"), format).contains(" is before line \(headerLines + 1)'s"))
        // NaN in x.
        let separator: Character = format == .tum ? " " : ","
        var fields = first.split(separator: separator).map(String.init)
        fields[1] = "nan"
        #expect(message([header, fields.joined(separator: String(separator))].joined(separator: "\n"), format)
                == "f.txt:\(headerLines + 1): column 2 '\(format == .tum ? "tx" : "p_RS_R_x")': expected a finite number, found 'nan'")
        // Wrong width.
        let short = first.split(separator: separator).dropLast(format == .tum ? 1 : 2).joined(separator: String(separator))
        #expect(message([header, short].joined(separator: "\n"), format).hasPrefix("f.txt:\(headerLines + 1): expected "))
        let long = first + String(separator) + "1"
        #expect(message([header, first, second, long].joined(separator: "\n"), format).hasPrefix("f.txt:\(headerLines + 3): expected "))
    }

    @Test func sortingSortsKeepsRepeatsAndCounts() throws {
        let lines = Self.tum.split(separator: "\n").map(String.init)
        let text = [lines[4], lines[2], lines[3], lines[2]].joined(separator: "\n")
        let result = try TrajectoryReader.parse(text, file: "f.txt", sort: true)
        #expect(result.trajectory.times == [1305031098.6659, 1305031098.6659, 1305031098.6758, 1305031098.6858])
        #expect(result.movedRows == 3 && result.repeatedRows == 1)  // [c, a, b, a] → [a, a, b, c]: b stays in place
        #expect(result.lines == [2, 4, 3, 1])
        #expect(result.notes == ["sorted by time: 3 row(s) moved", "1 row(s) repeat the previous row's timestamp: all kept, as evo reads them"])
    }

    /// Repeated timestamps are read without sorting, every row kept in file order, as evo reads them; a trace
    /// keeps the last row of each run (evo 1.38.1's pick for an equal stamp), and both say how many.
    @Test(arguments: TrajectoryFormat.allCases)
    func repeatedTimestampsAreReadAsEvoReadsThem(_ format: TrajectoryFormat) throws {
        let rows: [(Double, Double)] = [(1.0, 0.1), (1.001, 0.2), (1.001, 0.3), (1.001, 0.4), (1.002, 0.5), (1.002, 0.6), (1.003, 0.7)]
        let text = rows.map { t, x in
            format == .tum ? "\(t) \(x) 0 0.5 0 0 0 1" : "\(Int((t * 1e9).rounded())),\(x),0,0.5,1,0,0,0"
        }.joined(separator: "\n")
        let result = try TrajectoryReader.parse(text, file: "f.txt", format: format)
        #expect(result.trajectory.positions.map(\.x) == rows.map(\.1))
        #expect(result.repeatedRows == 3 && result.movedRows == 0)
        #expect(result.notes == ["3 row(s) repeat the previous row's timestamp: all kept, as evo reads them"])

        let imported = try TrajectoryImporter.parse(Array(text.utf8), file: "f.txt", format: format, sort: false)
        #expect(imported.trace.samples.map(\.position.x) == [0.1, 0.4, 0.6, 0.7])
        #expect(imported.notes.contains("a trace's times strictly increase: of each run of repeated timestamps the last row kept (evo's pick on a tie), 3 row(s) left out"))
    }
}
