import Foundation
import ParallaxTestSupport
import Testing

/// `parallax evaluate` against evo itself (PyPI `evo` in .venv-evo, the independent reference) on the committed
/// freiburg1_xyz truth and RGBD-SLAM estimate: the same pairs, and APE and RPE statistics within 1e-6 m.
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
        let python = try #require(EvoEnvironment.python)
        let home = try TemporaryDirectory()
        defer { home.cleanUp() }
        let evo = try ChildProcess.run(python, arguments: [Self.script, Self.truth, Self.estimate, align, "\(n)", "\(delta)", "\(maxDt)", "\(offset)"],
                                       environment: ["PATH": "/usr/bin:/bin", "HOME": home.url.path, "MPLBACKEND": "Agg"], timeout: 300)
        #expect(evo.status == 0, "\(evo.stderrText)")
        let reference = try #require(try JSONSerialization.jsonObject(with: evo.stdout) as? [String: Any])

        var arguments = ["evaluate", Self.truth, Self.estimate, "--align", align, "--delta", "\(delta)", "--max-dt", "\(maxDt)", "--offset", "\(offset)", "--json"]
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
    }
}
