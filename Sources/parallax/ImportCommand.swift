import ArgumentParser
import Foundation
import Projection
import Tracking

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Convert a recording from any head tracker (CSV/TSV, any columns, units, axes, frame) into a trace CSV.",
        discussion: """
            Columns are detected from common names (time/timestamp, x/pos_x/position_x, …, tracked/is_tracked) or
            given with --columns. Times are re-based to the first sample. Conversions apply in the order
            columns → units → axes → frame, and are all recorded in the output's '# source:' line.
            Rows with missing or non-numeric fields stop the import with file:line (exit 2), or are skipped and
            counted with --skip-bad-rows.

            Examples:
              parallax import rec.tsv -o rec.csv
              parallax import arkit.csv --columns t=timestamp,x=pos_x,y=pos_y,z=pos_z,tracked=is_tracked --time-unit ns --position-unit cm --axes x,y,-z -o rec.csv
              parallax import arkit.csv --frame camera --screen iphone-15-pro -o rec.csv
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

    func validate() throws {
        switch frame {
        case .screen: if screen != nil { throw ValidationError("--screen: only used with --frame camera") }
        case .camera: if screen == nil { throw ValidationError("--frame camera: needs --screen (whose camera offset to add)") }
        }
    }

    func run() throws {
        let options = ImportOptions(columns: columns, timeUnit: timeUnit, positionUnit: positionUnit, axes: axes,
                                    cameraOffset: screen?.cameraOffset, skipBadRows: skipBadRows)
        let result = try TraceImporter.convert(contentsOf: input, to: output, options: options)
        let trace = result.trace
        print(String(format: "%@: %d samples, %.2f s, columns %@%@ → %@", input, trace.count, trace.duration, result.columns.description,
                     result.skippedRows > 0 ? ", \(result.skippedRows) bad row(s) skipped" : "", output))
    }
}
