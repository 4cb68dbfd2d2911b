import ArgumentParser
import Audit
import DeviceFacts
import Projection
import Tracking
import Trajectories
import Vocabulary

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
            head_qw,head_qx,head_qy,head_qz, EuRoC's further columns are carried as extra columns. Repeated timestamps (real
            TUM and EuRoC files have them) are read as evo reads them; a trace keeps the last row of each run (evo's pick
            on a tie), counted in a note. Out-of-order timestamps stop the import with file:line, or are sorted (stable)
            and counted with --sort.

            A ParallaxRecorder recording (first line '# parallax-recorder 1'; AppInTheLoop/Recorder) is read in the ARKit frame \
            and screen axes it decides (parallax arkit-frame): head position relative to the front camera in the screen's axes, \
            device_q from the CoreMotion attitude, tracked flags; an undecided recording is refused.

            Examples:
              parallax import recording.csv -o rec.csv          (a ParallaxRecorder recording)
              parallax import rec.tsv -o rec.csv
              parallax import arkit.csv --columns t=timestamp,x=pos_x,y=pos_y,z=pos_z,tracked=is_tracked --time-unit ns --position-unit cm --axes x,y,-z -o rec.csv
              parallax import arkit.csv --frame camera --screen iphone-15-pro -o rec.csv
              parallax import Traces/recordings/tum/freiburg1_xyz-groundtruth.txt -o gt.csv
              parallax import data.csv --format euroc --sort -o gt.csv
              parallax import phone.csv --truth mocap.tum -o paired.csv        (offset estimated, SE(3) alignment)

            With --truth, the truth (TUM, EuRoC or a trace CSV) is paired with the recording: the time offset (truth time =
            recording time + offset) estimated from the cross-correlation of the two speed signals and refined to sub-sample
            by the alignment residual (or given with --truth-offset); the truth interpolated at each recorded time (linear
            positions, SLERP orientations, never across a truth gap longer than --truth-max-gap: recorded samples without truth
            are left out and counted); the truth's frame aligned onto the recording's by Umeyama (--truth-align se3, sim3 or
            none). The offset, the alignment and the residual are printed and written as # truth_… metadata; the truth's
            orientations go into true_head_qw,true_head_qx,true_head_qy,true_head_qz.
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

    @Flag(name: .long, help: "TUM/EuRoC: sort rows by time (stable) and count them instead of stopping at an out-of-order timestamp.")
    var sort = false

    @Option(name: .long, help: "Ground truth of the same motion (TUM, EuRoC or trace CSV): paired into the trace's true_x,true_y,true_z columns.")
    var truth: String?

    @Option(name: .long, help: "Format of --truth: tum or euroc (default: detected; neither: trace CSV).", transform: TrajectoryFormat.init(parsing:))
    var truthFormat: TrajectoryFormat?

    @Option(name: .long, help: "Truth time = recording time + this, s (default: estimated from the speed cross-correlation).")
    var truthOffset: Double?

    @Option(name: .long, help: "Frame alignment of the truth onto the recording: none, se3 or sim3 (default se3).",
            transform: TrajectoryEvaluation.AlignmentKind.init(parsing:))
    var truthAlign = TrajectoryEvaluation.AlignmentKind.se3

    @Option(name: .long, help: "No truth interpolated between samples further apart than this, s (default: 3 × the truth's median interval).")
    var truthMaxGap: Double?

    /// The library's field names, by flag.
    static let flags = ["columns": "--columns", "time_unit": "--time-unit", "position_unit": "--position-unit", "axes": "--axes", "frame": "--frame",
                        "skip_bad_rows": "--skip-bad-rows", "sort": "--sort", "truth_offset": "--truth-offset", "truth_max_gap": "--truth-max-gap"]

    /// The import the flags ask for; a pairing flag without --truth has nowhere to go.
    func recordingImport() throws -> RecordingImport {
        if truth == nil, let flag = [truthFormat != nil ? "--truth-format" : nil, truthOffset != nil ? "--truth-offset" : nil,
                                     truthAlign != .se3 ? "--truth-align" : nil, truthMaxGap != nil ? "--truth-max-gap" : nil].compactMap({ $0 }).first {
            throw ValidationError("\(flag): needs --truth")
        }
        let csv = ImportOptions(columns: columns, timeUnit: timeUnit, positionUnit: positionUnit, axes: axes,
                                cameraOffset: frame == .camera ? screen?.cameraOffset : nil, skipBadRows: skipBadRows)
        return RecordingImport(format: format, csv: csv, sort: sort, truth: truth.map {
            RecordingImport.Truth(path: $0, format: truthFormat, pairing: TruthPairing.Options(offset: truthOffset, alignment: truthAlign, maxGap: truthMaxGap))
        })
    }

    func validate() throws {
        do { try recordingImport().validate() } catch let error as FieldError { throw error.naming(flags: Self.flags) }
        switch frame {
        case .screen: if screen != nil { throw ValidationError("--screen: only used with --frame camera") }
        case .camera: if screen == nil { throw ValidationError("--frame camera: needs --screen (whose camera offset to add)") }
        }
    }

    func run() throws {
        if try RecordedTrace.isRecording(contentsOf: input) {
            let set = [columns != nil ? "--columns" : nil, timeUnit != .seconds ? "--time-unit" : nil, positionUnit != .meters ? "--position-unit" : nil,
                       axes != .identity ? "--axes" : nil, frame != .screen ? "--frame" : nil, skipBadRows ? "--skip-bad-rows" : nil,
                       format != nil ? "--format" : nil, sort ? "--sort" : nil, truth != nil ? "--truth" : nil].compactMap { $0 }
            if let flag = set.first { throw ValidationError("\(flag): not for a ParallaxRecorder recording (its frame and axes come from parallax arkit-frame's decision)") }
            try RecordedTrace.convert(contentsOf: input, to: output) { print($0) }
            return
        }
        do { try recordingImport().convert(contentsOf: input, to: output) { print($0) } } catch let error as FieldError {
            throw error.naming(flags: Self.flags)
        }
    }
}
