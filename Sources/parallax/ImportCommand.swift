import ArgumentParser
import Foundation
import Plumbing
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

    @Option(name: .long, help: "Column mapping t=NAME,x=NAME,y=NAME,z=NAME[,tracked=NAME] (default: detected).")
    var columns: String?

    @Option(name: .long, help: "Time unit: s, ms, us, ns or ticks (.NET, 100 ns) (default s).")
    var timeUnit: String = "s"

    @Option(name: .long, help: "Position unit: m, cm or mm (default m).")
    var positionUnit: String = "m"

    @Option(name: .long, help: "Axis mapping, a signed permutation such as x,y,-z (default x,y,z).")
    var axes: String = "x,y,z"

    @Option(name: .long, help: "Frame of the positions: screen (relative to the screen centre) or camera (relative to the front camera; needs --screen).")
    var frame: String = "screen"

    @Option(name: .long, help: "Screen whose camera offset converts camera-relative positions (iPhone name, slug or identifier).")
    var screen: String?

    @Flag(name: .long, help: "Skip (and count) rows with missing or non-numeric fields instead of stopping.")
    var skipBadRows = false

    func run() throws {
        var options = ImportOptions()
        do {
            options.columns = try columns.map(ColumnMapping.init)
            options.axes = try AxisMapping(axes)
        } catch let error as FieldError {
            throw error.naming(flags: ["columns": "--columns", "axes": "--axes"])
        }
        guard let time = TimeUnit(rawValue: timeUnit) else {
            throw InputError("--time-unit: expected one of \(TimeUnit.allCases.map(\.rawValue).joined(separator: ", ")), found '\(timeUnit)'")
        }
        guard let position = PositionUnit(rawValue: positionUnit) else {
            throw InputError("--position-unit: expected one of \(PositionUnit.allCases.map(\.rawValue).joined(separator: ", ")), found '\(positionUnit)'")
        }
        options.timeUnit = time
        options.positionUnit = position
        options.skipBadRows = skipBadRows
        switch frame {
        case "screen":
            if screen != nil { throw InputError("--screen: only used with --frame camera") }
        case "camera":
            guard let screen else { throw InputError("--frame camera: needs --screen (whose camera offset to add)") }
            do { options.cameraOffset = try ScreenModel.parse(screen).cameraOffset } catch let error as FieldError { throw InputError("--screen: \(error.description)") }
        default:
            throw InputError("--frame: expected screen or camera, found '\(frame)'")
        }
        let result = try TraceImporter.read(contentsOf: input, options: options)
        try TraceCSVWriter.write(result.trace, to: output)
        let trace = result.trace
        print(String(format: "%@: %d samples, %.2f s, columns %@%@ → %@", input, trace.count, trace.duration, result.columns.description,
                     result.skippedRows > 0 ? ", \(result.skippedRows) bad row(s) skipped" : "", output))
    }
}
