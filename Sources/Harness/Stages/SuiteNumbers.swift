import Foundation
import Golden
import Plumbing
import Projection
import Reporting
import Vocabulary

/// The suite's numeric golden: a flat, sorted `name → number` of every scenario metric and every frame's projection
/// and view matrix, so a change in the smoothing or projection math is caught even when no pixel moves. Stored by
/// `GoldenStore` and verified by `GoldenVerification` like the frames.
enum SuiteNumbers {
    /// Every scenario metric.
    static func values(scenarios: [ScenarioResult]) -> [String: Double] {
        var values: [String: Double] = [:]
        for scenario in scenarios {
            for (metric, value) in scenario.metrics { values["scenario/\(scenario.id)/\(metric)"] = value }
        }
        return values
    }

    /// Every frame's projection and view matrix (a shard keeps those of its frames in its part).
    static func values(matrices: [String: CameraSetup]) -> [String: Double] {
        var values: [String: Double] = [:]
        for (name, camera) in matrices {
            for (label, matrix) in [("projection", camera.projection), ("view", camera.view)] {
                for (r, row) in matrix.rowArrays.enumerated() {
                    for (c, value) in row.enumerated() { values["frame/\(name)/\(label)[\(r)][\(c)]"] = value }
                }
            }
        }
        return values
    }

    /// `frameNumbers`: `values(matrices:)` of every frame (gathered from the parts of a sharded run).
    static func compare(scenarios: [ScenarioResult], frameNumbers: [String: Double], spec: NumbersSpec, store: GoldenStore,
                        options: SuiteRun.Options, outputDirectory: String) throws -> NumbersResult {
        let path = try store.numbersPath(for: spec.golden)
        let numbers = NamedNumbers(values(scenarios: scenarios).merging(frameNumbers) { a, _ in a })
        // Kept beside the report so that `parallax accept` can promote it without running again.
        try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        try AtomicFile.write(try numbers.encoded(), to: (outputDirectory as NSString).appendingPathComponent(GoldenAcceptance.numbersFile))
        if options.record && options.only == nil {
            let recorded = try store.recordNumbers(numbers, name: spec.golden, environment: options.environment)
            options.progress("recorded \(recorded)")
        }
        let outcome = GoldenVerification.verify(numbers, golden: { try store.loadNumbers(spec.golden) }, tolerance: spec.tolerance)
        var result = NumbersResult(status: outcome.verdict, golden: path, compared: outcome.comparison?.compared ?? 0,
                                   mismatches: outcome.comparison?.mismatches ?? [], recordCommand: store.recordCommand(spec.golden))
        if outcome.verdict == .error {
            // report.json has always shown an unreadable golden as a failed comparison whose one row names the reason.
            result.status = .fail
            result.mismatches = [NumberMismatch(key: outcome.message ?? "", golden: nil, actual: nil)]
        }
        return result
    }
}
