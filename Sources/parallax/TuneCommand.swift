import ArgumentParser
import Foundation
import Plumbing
import Tracking
import Tuning

struct TuneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tune",
        abstract: "Sweep a smoother's parameters × movementScale over traces; Pareto front and recommendation.",
        discussion: """
            For every grid point of the smoother (each numeric parameter a single value or a range lo...hi/step) the smoother runs once per trace; lag and stationary jitter are computed once, and the scale-dependent parallax errors at every movementScale follow exactly from sums taken in the same pass (on-glass positions are affine in the scale).
            Metrics: lag_ms (the filter's own steady-state ramp lag), jitter_mm (stationary, RMS 3D), visible_jitter_px/_mm (frame-to-frame motion on the glass while the head is still, from --settle s after it stops), tracking_px/_mm, exaggeration_px/_mm, total_px/_mm (RMS parallax error parts over the cube room's corners and edge midpoints), gain_px_per_cm (back-wall shift per cm of head motion, s·D/(z + D)·ppm/100).
            Objective (minimised): a metric or weighted sum, default visible_jitter_px. Constraints (repeatable; given ones replace the defaults lag_ms<=50 and gain_px_per_cm>=app): metric<=value, metric>=value, or metric>=app / <=app (the value of the app's default, ema α = 0.25 at s = 1.5).
            Output: the Pareto front (lag vs visible jitter) per movementScale, the recommended configuration with its reasoning, tune.json ("schema": 1, deterministic bytes) and tune.html beside it. Filters with ≥ 2 swept parameters are refined by Nelder–Mead from the grid's best point (--no-refine to skip).
            Scale-out: --shard i/n evaluates grid points i−1, i−1+n, … and writes a part (default tune.part-i-of-n.json); 'parallax merge PARTS… -o tune.json' gives exactly the unsharded result.
            Exit status: 0, 1 when no configuration meets the constraints, 2 bad input.

            Examples:
              parallax tune --traces Traces/*.csv --smoother 'ema:alpha=0.05...0.95/0.01' --movement-scale 0.5...3.0/0.1 --screen iphone-15-pro
              parallax tune --traces a.csv b.csv --smoother 'one-euro:mincutoff=0.2...3/0.2,beta=0...40/4' --movement-scale 1.5 --constraint 'lag_ms<=40'
              parallax tune --traces Traces/*.csv --shard 2/8 -o part2.json
            """
    )

    @Option(name: .long, parsing: .upToNextOption, help: "Trace CSVs (with ground truth for exact parallax errors).")
    var traces: [String] = []

    @Option(name: .long, help: "Smoother sweep, e.g. 'ema:alpha=0.05...0.95/0.01' (default).")
    var smoother = "ema:alpha=0.05...0.95/0.01"

    @Option(name: .long, help: "movementScale value or range lo...hi/step (default 0.5...3.0/0.1).")
    var movementScale = "0.5...3.0/0.1"

    @Option(name: .long, help: "Screen model (default iphone-15-pro).")
    var screen = "iphone-15-pro"

    @Option(name: .long, help: "Objective to minimise (default visible_jitter_px).")
    var objective = TuneContext.defaultObjective

    @Option(name: .long, help: "Constraint, repeatable (default: lag_ms<=50 and gain_px_per_cm>=app).")
    var constraint: [String] = []

    @Option(name: .long, help: "Depth of the cube room's back wall, m (default 0.30).")
    var roomDepth = 0.30

    @Option(name: .long, help: "Seconds after the head stops before frames count towards the visible jitter (default 0.3).")
    var settle = 0.3

    @Flag(name: .long, help: "Skip the Nelder–Mead refinement of multi-parameter filters.")
    var noRefine = false

    @Option(name: .long, help: "Evaluate shard i of n (1-based) and write a partial result.")
    var shard: String?

    @Option(name: [.short, .long], help: "Output JSON (default tune.json; with --shard tune.part-i-of-n.json).")
    var output: String?

    @Flag(name: .long, help: "Print the result JSON to stdout instead of the text summary.")
    var json = false

    func run() throws {
        let shardInfo = try shard.map(Self.parseShard)
        guard !traces.isEmpty else { throw InputError("--traces: expected at least one trace CSV, found none") }
        var loaded: [(String, HeadTrace)] = []
        for path in traces { loaded.append((path, try TraceCSVReader.read(contentsOf: path))) }
        let result: TuneResult
        do {
            let context = try TuneContext(
                smoother: smoother, movementScale: movementScale, screen: screen, traces: loaded, objective: objective,
                constraints: constraint.isEmpty ? TuneContext.defaultConstraints : constraint, refine: !noRefine,
                roomDepth: roomDepth, settle: settle)
            if let shardInfo {
                result = try Tuner.evaluate(context, shard: shardInfo)
            } else {
                result = try Tuner.run(context)
            }
        } catch let error as TuneError {
            throw InputError(error.description)
        }
        let path = output ?? shardInfo.map { "tune.part-\($0.index)-of-\($0.count).json" } ?? "tune.json"
        try TuneOutput.write(result, to: path, json: json)
    }

    static func parseShard(_ text: String) throws -> ShardInfo {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(i) else {
            throw InputError("--shard: expected i/n with 1 ≤ i ≤ n (e.g. 2/8), found '\(text)'")
        }
        return ShardInfo(index: i, count: n)
    }
}

/// Writing and printing a tune result (shared by `tune` and `merge`).
enum TuneOutput {
    static func write(_ result: TuneResult, to path: String, json: Bool) throws {
        let data = try result.jsonData()
        try AtomicFile.write([UInt8](data), to: path)
        var written = [path]
        if result.kind == TuneResult.kindFull {
            let html = URL(fileURLWithPath: path).deletingLastPathComponent()
                .appendingPathComponent(URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent + ".html").path
            try AtomicFile.write(Array(TuneReport.document(result).utf8), to: html)
            written.append(html)
        }
        if json {
            FileHandle.standardOutput.write(data)
        } else {
            print(summary(result), terminator: "")
            print("wrote \(written.joined(separator: ", "))")
        }
        if result.kind == TuneResult.kindFull && result.recommendation == nil {
            throw RegressionError("tune: \(result.notes.last ?? "no configuration meets the constraints")")
        }
    }

    static func summary(_ result: TuneResult) -> String {
        var out = ""
        let grid = result.parameters.isEmpty ? "1 point" : result.parameters.map { name in
            "\(name) (\(Set(result.configurations.map { $0.values[result.parameters.firstIndex(of: name)!] }).count))"
        }.joined(separator: " × ")
        let scope = result.shard.map { " (shard \($0.index)/\($0.count))" } ?? ""
        out += "tune\(scope): \(result.filter) \(grid) × movementScale (\(result.movementScales.count)) on \(result.setup.traces.count) trace(s): \(result.configurations.count * result.movementScales.count) configurations\n"
        guard result.kind == TuneResult.kindFull, let fronts = result.pareto else { return out }
        let k = result.recommendation.flatMap { r in result.movementScales.firstIndex(of: r.movementScale) } ?? 0
        let byIndex = Dictionary(uniqueKeysWithValues: result.configurations.map { ($0.index, $0) })
        let front = fronts[k].indices
        out += "Pareto front (lag vs visible jitter) at movementScale \(result.movementScales[k]): \(front.count) configuration(s)\n"
        let shown = front.count <= 12 ? front : (0..<12).map { front[$0 * (front.count - 1) / 11] }
        for index in shown {
            guard let c = byIndex[index] else { continue }
            let lag = c.lagMs.map { String(format: "%.1f", $0) } ?? "n/a"
            let jitter = c.errors[k].visibleJitterPx.map { String(format: "%.3f", $0) } ?? "n/a"
            out += "  \(c.smoother): lag \(lag) ms, visible jitter \(jitter) px\n"
        }
        if let r = result.recommendation {
            out += "Recommendation: \(r.reasoning)\n"
        } else {
            out += "Recommendation: none\n"
        }
        for note in result.notes { out += "note: \(note)\n" }
        return out
    }
}
