import ArgumentParser
import Foundation
import Plumbing
import Projection
import Tracking

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Convert a recording from any head tracker (CSV/TSV, any columns, units, axes, frame; TUM or EuRoC trajectories) into a trace CSV.",
        discussion: """
            Columns are detected from common names (time/timestamp, x/pos_x/position_x, …, tracked/is_tracked) or
            given with --columns. Times are re-based to the first sample. Conversions apply in the order
            columns → units → axes → frame, and are all recorded in the output's '# source:' line.
            Rows with missing or non-numeric fields stop the import with file:line (exit 2), or are skipped and
            counted with --skip-bad-rows.

            TUM trajectories ('timestamp tx ty tz qx qy qz qw', 8 numbers separated by spaces, seconds) and EuRoC ground
            truth ('#timestamp [ns],p_RS_R_x [m],…,q_RS_w [],…') are detected from the text, or named with --format. Their
            timestamps stay absolute (seconds), positions stay in the file's frame, orientations go into
            head_qw,head_qx,head_qy,head_qz, EuRoC's further columns are carried as extra columns. Unsorted or repeated
            timestamps stop the import with file:line, or are sorted (repeats dropped, first kept) and counted with --sort.

            Examples:
              parallax import rec.tsv -o rec.csv
              parallax import arkit.csv --columns t=timestamp,x=pos_x,y=pos_y,z=pos_z,tracked=is_tracked --time-unit ns --position-unit cm --axes x,y,-z -o rec.csv
              parallax import arkit.csv --frame camera --screen iphone-15-pro -o rec.csv
              parallax import Traces/recordings/tum/freiburg1_xyz-groundtruth.txt -o gt.csv
              parallax import data.csv --format euroc --sort -o gt.csv
            """
    )

    @Argument(help: "Recording (CSV or TSV).")
    var input: String

    @Option(name: .shortAndLong, help: "Output trace CSV.")
    var output: String

    @Option(name: .long, help: "Column mapping t=NAME,x=NAME,y=NAME,z=NAME[,tracked=NAME] (default: detected).", transform: ColumnMapping.init)
    var columns: ColumnMapping?

    @Option(name: .long, help: "Time unit: s, ms, us, ns or ticks (.NET, 100 ns) (default s).", transform: TimeUnit.init(parsing:))
    var timeUnit = TimeUnit.seconds

    @Option(name: .long, help: "Position unit: m, cm or mm (default m).", transform: PositionUnit.init(parsing:))
    var positionUnit = PositionUnit.meters

    @Option(name: .long, help: "Axis mapping, a signed permutation such as x,y,-z (default x,y,z).", transform: AxisMapping.init)
    var axes = AxisMapping.identity

    @Option(name: .long, help: "Frame of the positions: screen (relative to the screen centre) or camera (relative to the front camera; needs --screen).",
            transform: PositionFrame.init(parsing:))
    var frame = PositionFrame.screen

    @Option(name: .long, help: "Screen whose camera offset converts camera-relative positions (iPhone name, slug or identifier).",
            transform: { try ScreenModel.parse($0) })
    var screen: ScreenModel?

    @Flag(name: .long, help: "Skip (and count) rows with missing or non-numeric fields instead of stopping.")
    var skipBadRows = false

    @Option(name: .long, help: "Trajectory format: tum or euroc (default: detected from the text; neither: a CSV/TSV recording).",
            transform: TrajectoryFormat.init(parsing:))
    var format: TrajectoryFormat?

    @Flag(name: .long, help: "TUM/EuRoC: sort rows by time (dropping repeated timestamps, first kept) and count them instead of stopping.")
    var sort = false

    /// The CSV-only options given, by flag.
    var csvOnlyFlags: [String] {
        [columns != nil ? "--columns" : nil, timeUnit != .seconds ? "--time-unit" : nil, positionUnit != .meters ? "--position-unit" : nil,
         axes != .identity ? "--axes" : nil, frame != .screen ? "--frame" : nil, skipBadRows ? "--skip-bad-rows" : nil].compactMap { $0 }
    }

    func validate() throws {
        if let format, let flag = csvOnlyFlags.first { throw ValidationError("\(flag): applies to CSV/TSV recordings, not to --format \(format)") }
        switch frame {
        case .screen: if screen != nil { throw ValidationError("--screen: only used with --frame camera") }
        case .camera: if screen == nil { throw ValidationError("--frame camera: needs --screen (whose camera offset to add)") }
        }
    }

    func run() throws {
        let detected = try format ?? TrajectoryFormat.detect(Substring(String(decoding: FileContents.read(input).prefix(1 << 16), as: UTF8.self)))
        if let trajectoryFormat = detected {
            if let flag = csvOnlyFlags.first { throw ValidationError("\(flag): applies to CSV/TSV recordings; \(input) is a \(trajectoryFormat) trajectory") }
            let result = try TrajectoryImporter.convert(contentsOf: input, to: output, format: trajectoryFormat, sort: sort)
            let trace = result.trace
            print(String(format: "%@: %@ trajectory, %d poses, %.2f s → %@", input, trajectoryFormat.description, trace.count, trace.duration, output))
            for note in result.notes { print("note: \(note)") }
            return
        }
        if sort { throw ValidationError("--sort: applies to TUM and EuRoC trajectories; \(input) is read as a CSV/TSV recording") }
        let options = ImportOptions(columns: columns, timeUnit: timeUnit, positionUnit: positionUnit, axes: axes,
                                    cameraOffset: screen?.cameraOffset, skipBadRows: skipBadRows)
        let result = try TraceImporter.convert(contentsOf: input, to: output, options: options)
        let trace = result.trace
        print(String(format: "%@: %d samples, %.2f s, columns %@%@ → %@", input, trace.count, trace.duration, result.columns.description,
                     result.skippedRows > 0 ? ", \(result.skippedRows) bad row(s) skipped" : "", output))
    }
}
