import Foundation
import ParallaxTestSupport
import Testing

/// `parallax evaluate` against evo itself (PyPI `evo` in .venv-evo, the independent reference) on the committed
/// freiburg1_xyz truth and RGBD-SLAM estimate, and on fixtures of our own that repeat timestamps in TUM and EuRoC
/// (`Tests/Fixtures/repeated-timestamps`, read without flags): the same pairs, and APE and RPE statistics within 1e-6 m.
@Suite struct EvoReferenceTests {
    static let data = EvoEnvironment.repository.appendingPathComponent("Traces/recordings/tum")
    static let truth = data.appendingPathComponent("freiburg1_xyz-groundtruth.txt").path
    static let estimate = data.appendingPathComponent("freiburg1_xyz-rgbdslam.txt").path
    static let script = EvoEnvironment.repository.appendingPathComponent("Tests/Evo/evo_reference.py").path

    /// (align, n_to_align, delta, max_dt, offset).
    static let cases: [(String, Int, Int, Double, Double)] = [
        ("sim3", -1, 1, 0.01, 0), ("se3", -1, 1, 0.01, 0), ("none", -1, 1, 0.01, 0),
        ("sim3", 100, 5, 0.01, 0), ("se3", -1, 10, 0.02, 0.013),
    ]

    @Test(.enabled(if: EvoEnvironment.isComplete, EvoEnvironment.skipReason), arguments: 0..<cases.count)
    func evaluateEqualsEvo(_ index: Int) throws {
        let (align, n, delta, maxDt, offset) = Self.cases[index]
        try expectEqualToEvo(truth: Self.truth, estimate: Self.estimate, format: "tum", align: align, n: n, delta: delta, maxDt: maxDt, offset: offset)
    }

    static let repeats = EvoEnvironment.repository.appendingPathComponent("Tests/Fixtures/repeated-timestamps")

    /// (format, swapped: the estimate file as the truth, so that the truth is the shorter one, align, n_to_align,
    /// delta, max_dt, offset). The fixtures repeat 57 truth and 26 estimate stamps; estimate stamps equal repeated
    /// truth runs and fall half-way between truth stamps (evo's ties).
    static let repeatCases: [(String, Bool, String, Int, Int, Double, Double)] = [
        ("tum", false, "none", -1, 1, 0.01, 0), ("tum", false, "se3", -1, 3, 0.01, 0), ("tum", false, "sim3", 50, 1, 0.004, 0.001),
        ("tum", true, "se3", -1, 1, 0.01, -0.002), ("euroc", false, "sim3", -1, 2, 0.01, 0), ("euroc", true, "none", -1, 1, 0.006, 0.003),
    ]

    @Test(.enabled(if: EvoEnvironment.isComplete, EvoEnvironment.skipReason), arguments: 0..<repeatCases.count)
    func repeatedTimestampsEqualEvo(_ index: Int) throws {
        let (format, swapped, align, n, delta, maxDt, offset) = Self.repeatCases[index]
        let suffix = format == "tum" ? ".tum" : ".euroc.csv"
        let truth = Self.repeats.appendingPathComponent("truth" + suffix).path
        let estimate = Self.repeats.appendingPathComponent("estimate" + suffix).path
        let notes = try expectEqualToEvo(truth: swapped ? estimate : truth, estimate: swapped ? truth : estimate, format: format,
                                         align: align, n: n, delta: delta, maxDt: maxDt, offset: offset)
        #expect(notes.contains("\(swapped ? "estimate" : "truth"): 57 row(s) repeat the previous row's timestamp: all kept, as evo reads them"), "\(notes)")
        #expect(notes.contains("\(swapped ? "truth" : "estimate"): 26 row(s) repeat the previous row's timestamp: all kept, as evo reads them"), "\(notes)")
    }

    /// Runs evo and `parallax evaluate` (no format flag: detected; no sorting) on the same files and options and
    /// expects the same pairs and statistics; returns parallax's notes.
    @discardableResult
    func expectEqualToEvo(truth: String, estimate: String, format: String, align: String, n: Int, delta: Int, maxDt: Double, offset: Double) throws -> [String] {
        let python = try #require(EvoEnvironment.python)
        let home = try TemporaryDirectory()
        defer { home.cleanUp() }
        let evo = try ChildProcess.run(python, arguments: [Self.script, truth, estimate, align, "\(n)", "\(delta)", "\(maxDt)", "\(offset)", format],
                                       environment: ["PATH": "/usr/bin:/bin", "HOME": home.url.path, "MPLBACKEND": "Agg"], timeout: 300)
        #expect(evo.status == 0, "\(evo.stderrText)")
        let reference = try #require(try JSONSerialization.jsonObject(with: evo.stdout) as? [String: Any])

        var arguments = ["evaluate", truth, estimate, "--align", align, "--delta", "\(delta)", "--max-dt", "\(maxDt)", "--offset=\(offset)", "--json"]
        if n > 0 { arguments += ["--align-first", "\(n)"] }
        let run = try ParallaxProcess.run(arguments)
        #expect(run.status == 0, "\(run.stderr)")
        let ours = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])

        #expect(ours["pairs"] as? Int == reference["pairs"] as? Int)
        for metric in ["ape", "rpe"] {
            let expected = try #require(reference[metric] as? [String: Double])
            let found = try #require(ours[metric] as? [String: Any])
            #expect(Set(expected.keys) == Set(["rmse", "mean", "median", "std", "min", "max", "sse"]))
            for (key, value) in expected {
                let mine = try #require(found[key] as? Double, "\(metric).\(key) missing")
                #expect(abs(mine - value) <= 1e-6, "\(align) n=\(n) Δ=\(delta): \(metric).\(key) \(mine) vs evo \(value)")
            }
        }
        return ours["notes"] as? [String] ?? []
    }
}
