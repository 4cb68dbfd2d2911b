import ArgumentParser
import Plumbing
import Tracking
import Trajectories
import Vocabulary

struct EvaluateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate",
        abstract: "Absolute and relative position error (APE, RPE) of an estimated trajectory against its truth, evo-compatible.",
        discussion: """
            TRUTH and ESTIMATE are TUM files ('timestamp tx ty tz qx qy qz qw'), EuRoC ground truth, or trace CSVs
            (measured positions, head_q* orientations); the format is detected, or given with --format.
            Numbers follow evo (MichaelGrupp/evo) exactly: `parallax evaluate GT EST --align sim3` gives evo_ape tum GT EST -as
            and evo_rpe tum GT EST -as (translation part, meters): rmse, mean, median, std (population), min, max, sse.
            - association nearest (evo's): each pose of the shorter trajectory is paired with the nearest-in-time pose of
              the longer one within --max-dt, after --offset is added to the estimate's timestamps; interpolate: the truth is
              interpolated at each estimate timestamp + offset (linear positions, SLERP orientations), never across a
              truth gap longer than --max-gap.
            - --align se3 / sim3: Umeyama alignment of the estimate onto the truth (on the first --align-first pairs).
            - RPE over pose pairs --delta frames apart (consecutive pairs); needs orientations on both sides.
            --html PAGE also writes the trajectories overlaid in plan (x–y) and elevation (x–z), the error over time and its
            histogram, with the report's conventions.
            --json prints {"pairs", "time_offset_s", "association", "alignment", "ape": {…}, "rpe": {…}, "notes"}.

            Examples:
              parallax evaluate Traces/recordings/tum/freiburg1_xyz-groundtruth.txt Traces/recordings/tum/freiburg1_xyz-rgbdslam.txt --align sim3
              parallax evaluate gt.csv est.csv --association interpolate --offset 0.047 --align se3 --json
            """
    )

    @Argument(help: "Truth trajectory (TUM, EuRoC or trace CSV).")
    var truth: String

    @Argument(help: "Estimated trajectory (TUM, EuRoC or trace CSV).")
    var estimate: String

    @Option(name: .long, help: "Format of both files: tum or euroc (default: detected; neither: trace CSV).", transform: TrajectoryFormat.init(parsing:))
    var format: TrajectoryFormat?

    @Option(name: .long, help: "Association: nearest (evo's) or interpolate (default nearest).", transform: { text in
        guard let method = AssociationMethod(rawValue: text) else { throw ValidationError("expected nearest or interpolate, found '\(text)'") }
        return method
    })
    var association = AssociationMethod.nearest

    @Option(name: .long, help: "Largest time difference of a nearest pair, s (evo's t_max_diff).")
    var maxDt: Double = 0.01

    @Option(name: .long, help: "Seconds added to the estimate's timestamps (evo's t_offset).")
    var offset: Double = 0

    @Option(name: .long, help: "Interpolate: no truth interpolated between samples further apart than this, s.")
    var maxGap: Double = 0.1

    @Option(name: .long, help: "Alignment of the estimate onto the truth: none, se3 or sim3 (default none).",
            transform: TrajectoryEvaluation.AlignmentKind.init(parsing:))
    var align = TrajectoryEvaluation.AlignmentKind.none

    @Option(name: .long, help: "Align on the first N pairs only (default: all).")
    var alignFirst: Int?

    @Option(name: .long, help: "RPE delta in frames.")
    var delta: Int = 1

    @Flag(name: .long, help: "Sort each file's rows by time (stable) instead of refusing an out-of-order timestamp (repeated ones are always read, as evo does).")
    var sort = false

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    @Option(name: .long, help: "Also write an HTML page: trajectories overlaid in plan and elevation, error over time, histogram.")
    var html: String?

    /// The library's options from the flags.
    var options: TrajectoryEvaluation.Options {
        var options = TrajectoryEvaluation.Options()
        options.association = association
        options.maxDifference = maxDt
        options.offset = offset
        options.maxGap = maxGap
        options.alignment = align
        options.alignFirst = alignFirst
        options.delta = delta
        return options
    }

    static let flags = ["max_difference": "--max-dt", "offset": "--offset", "max_gap": "--max-gap", "delta": "--delta", "align_first": "--align-first"]

    func validate() throws {
        do { try options.validate() } catch let error as FieldError { throw error.naming(flags: Self.flags) }
        // Accepted by the library (nothing to align), but a flag without effect here.
        if alignFirst != nil, align == .none { throw ValidationError("--align-first: needs --align se3 or sim3") }
    }

    func run() throws {
        let result = try TrajectoryEvaluation.run(truthFile: truth, estimateFile: estimate, format: format, sort: sort, options: options)
        if let html {
            try AtomicFile.write(result.page(truthFile: truth, estimateFile: estimate).html, to: html)
        }
        print(json ? result.json : result.text)
    }
}
